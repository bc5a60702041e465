import { useEffect, useRef } from 'react';
import { isDisplayMath, katexOptions, MATH_SELECTOR } from './math-options';
import './rich-text.css';

type Katex = typeof import('katex').default;

let katexPromise: Promise<Katex> | null = null;

/** KaTeX and its CSS load on first use only (a chunk of their own). */
function loadKatex(): Promise<Katex> {
  katexPromise ??= import('./katex-loader').then((module) => module.default);
  katexPromise.catch(() => {
    katexPromise = null; // a failed download is retried next time
  });
  return katexPromise;
}

/** Shows a formula's LaTeX source in the error style (bad LaTeX or KaTeX unavailable). */
function showSource(element: HTMLElement, tex: string) {
  element.textContent = tex;
  element.classList.add('math-error');
}

function renderMath(root: HTMLElement, katex: Katex | null) {
  for (const element of root.querySelectorAll<HTMLElement>(MATH_SELECTOR)) {
    // The source is kept aside, so a second pass never reads KaTeX's own output as LaTeX.
    element.dataset.tex ??= element.textContent ?? '';
    const tex = element.dataset.tex;
    if (katex === null) {
      showSource(element, tex);
      continue;
    }
    try {
      katex.render(tex, element, katexOptions(isDisplayMath(element.tagName, element.className)));
    } catch {
      showSource(element, tex);
    }
  }
}

export interface RichTextViewProps {
  /** Rich text as the api returns it: already sanitised on the server. */
  html: string;
  className?: string;
}

/** Server-sanitised rich text with its `.math-inline` / `.math-block` formulas typeset by KaTeX. */
export function RichTextView({ html, className }: RichTextViewProps) {
  const ref = useRef<HTMLDivElement>(null);
  useEffect(() => {
    const root = ref.current;
    // The html is what changed: its math (if any) is typeset again after React replaced the markup.
    if (root === null || !html.includes('math-') || root.querySelector(MATH_SELECTOR) === null) {
      return;
    }
    let cancelled = false;
    loadKatex().then(
      (katex) => !cancelled && renderMath(root, katex),
      () => !cancelled && renderMath(root, null),
    );
    return () => {
      cancelled = true;
    };
  }, [html]);
  return (
    <div
      ref={ref}
      className={`rich-text ${className ?? ''}`.trim()}
      // biome-ignore lint/security/noDangerouslySetInnerHtml: the api sanitises rich text with an allowlist (api/src/lib/rich-text.ts).
      dangerouslySetInnerHTML={{ __html: html }}
    />
  );
}
