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
    });
    expect(katexOptions(false).displayMode).toBe(false);
  });

  it('selects both math elements of the allowlist', () => {
    expect(MATH_SELECTOR).toContain('span.math-inline');
    expect(MATH_SELECTOR).toContain('div.math-block');
  });
});
