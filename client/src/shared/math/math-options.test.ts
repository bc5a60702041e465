import { describe, expect, it } from 'vitest';
import { isDisplayMath, katexOptions, MATH_SELECTOR } from './math-options';

describe('math options', () => {
  it('treats only div.math-block as display math', () => {
    expect(isDisplayMath('DIV', 'math-block')).toBe(true);
    expect(isDisplayMath('div', 'x math-block')).toBe(true);
    expect(isDisplayMath('SPAN', 'math-inline')).toBe(false);
    expect(isDisplayMath('span', 'math-block')).toBe(false);
    expect(isDisplayMath('div', 'math-blocky')).toBe(false);
  });

  it('never throws, never trusts commands and ignores strict warnings', () => {
    expect(katexOptions(true)).toEqual({
      displayMode: true,
      throwOnError: false,
      output: 'htmlAndMathml',
      trust: false,
      strict: 'ignore',
      macros: { '\\frac': '\\dfrac' },
    });
    expect(katexOptions(false).displayMode).toBe(false);
  });

  it('sets a fraction inside a line as large as a displayed one', async () => {
    const katex = (await import('katex')).default;
    const inline = katex.renderToString('\\frac{1}{2}', { ...katexOptions(false), output: 'mathml' });
    expect(inline).toContain('displaystyle="true"');
    expect(katex.renderToString('\\frac{1}{2}', { output: 'mathml' })).not.toContain('displaystyle="true"');
  });

  it('selects both math elements of the allowlist', () => {
    expect(MATH_SELECTOR).toContain('span.math-inline');
    expect(MATH_SELECTOR).toContain('div.math-block');
  });
});
