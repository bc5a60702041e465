import katex from 'katex';

/**
 * Formulas as the allowlist stores them (text only inside): typeset on the server so a phone with
 * MathML needs no KaTeX download. Anything else (nested markup, an unusual entity) stays as it is
 * and the client typesets it.
 */
const STORED_MATH = /<span class="math-inline">([^<]*)<\/span>|<div class="math-block">([^<]*)<\/div>/g;
/** The only entities sanitize-html writes into text. */
const ENTITY = /&(?:amp|lt|gt|quot);/g;
const DECODED: Record<string, string> = { '&amp;': '&', '&lt;': '<', '&gt;': '>', '&quot;': '"' };

const escapeAttribute = (text: string) =>
  text.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;').replace(/>/g, '&gt;');

/** MathML only (no HTML layout, so no KaTeX CSS), never \href or \htmlClass, bad TeX shown as its source. */
function mathMl(tex: string, displayMode: boolean): string {
  return katex.renderToString(tex, {
    displayMode,
    output: 'mathml',
    throwOnError: false,
    trust: false,
    strict: 'ignore',
  });
}

function typesetOne(whole: string, inline: string | undefined, block: string | undefined): string {
  const escaped = inline ?? block ?? '';
  if (/&(?!(?:amp|lt|gt|quot);)/.test(escaped)) {
    return whole;
  }
  const tex = escaped.replace(ENTITY, (entity) => DECODED[entity] ?? entity);
  const source = escapeAttribute(tex);
  return inline !== undefined
    ? `<span class="math-inline" data-tex="${source}">${mathMl(tex, false)}</span>`
    : `<div class="math-block" data-tex="${source}">${mathMl(tex, true)}</div>`;
}

/** Rich text with each stored formula typeset as MathML inside its element, its TeX in `data-tex`. */
export function typesetMath(html: string): string {
  if (!html.includes('class="math-')) {
    return html;
  }
  return html.replace(STORED_MATH, typesetOne);
}

/**
 * `typesetMath` remembered per text: a contest serves the same few hundred texts thousands of
 * times a minute. Bounded: past `maxEntries` it starts afresh.
 */
export function typesetMathCache(maxEntries = 4000): (html: string) => string {
  const typeset = new Map<string, string>();
  return (html) => {
    if (!html.includes('class="math-')) {
      return html;
    }
    let out = typeset.get(html);
    if (out === undefined) {
      if (typeset.size >= maxEntries) {
        typeset.clear();
      }
      out = typesetMath(html);
      typeset.set(html, out);
    }
    return out;
  };
}
