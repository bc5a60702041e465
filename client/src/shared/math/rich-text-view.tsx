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

/** Chromium 109+, Firefox and Safari lay out MathML themselves; older browsers need KaTeX's own layout. */
const showsMathMl = typeof window !== 'undefined' && 'MathMLElement' in window;

/**
 * Formulas that still need KaTeX: the api sends them typeset as MathML (their TeX in data-tex),
 * so only a browser without MathML, or a formula the api left alone, downloads KaTeX.
 */
function untypesetMath(root: HTMLElement): HTMLElement[] {
  return [...root.querySelectorAll<HTMLElement>(MATH_SELECTOR)].filter(
    (element) =>
      element.querySelector(':scope > .katex-error') === null &&
      !(showsMathMl && element.querySelector(':scope > .katex > math') !== null),
  );
}

function renderMath(elements: readonly HTMLElement[], katex: Katex | null) {
  for (const element of elements) {
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

/** Server-sanitised rich text; its `.math-inline` / `.math-block` formulas typeset by KaTeX (on the api or here). */
export function RichTextView({ html, className }: RichTextViewProps) {
  const ref = useRef<HTMLDivElement>(null);
  useEffect(() => {
    const root = ref.current;
    // The html is what changed: its math (if any) is typeset again after React replaced the markup.
    if (root === null || !html.includes('math-')) {
      return;
    }
    const pending = untypesetMath(root);
    if (pending.length === 0) {
      return;
    }
    let cancelled = false;
    loadKatex().then(
      (katex) => !cancelled && renderMath(pending, katex),
      () => !cancelled && renderMath(pending, null),
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
