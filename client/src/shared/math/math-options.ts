import type { KatexOptions } from 'katex';

/** Elements the server's allowlist keeps for math: their text is the LaTeX source. */
export const MATH_SELECTOR = 'span.math-inline, div.math-block';

/** A `div.math-block` is display math; a `span.math-inline` sits in the line. */
export function isDisplayMath(tagName: string, className: string): boolean {
  return tagName.toLowerCase() === 'div' && className.split(/\s+/).includes('math-block');
}

/**
 * The same options everywhere: a bad formula shows its source instead of throwing, no \href etc.
 * A fraction is set in display style even inside a line (\frac as \dfrac): in text style its
 * digits are about 60 % as tall as the words beside it, too small for a young reader (rich-text.css
 * does the same for the api's MathML).
 */
export function katexOptions(displayMode: boolean): KatexOptions {
  return {
    displayMode,
    throwOnError: false,
    output: 'htmlAndMathml',
    trust: false,
    strict: 'ignore',
    macros: { '\\frac': '\\dfrac' },
  };
}
