import { describe, expect, it } from 'vitest';
import { sanitizeRichText } from '../../lib/rich-text.js';
import { cellToRichText, parseCorrect, parseYesNo, splitList } from './question-import.cells.js';

describe('cellToRichText', () => {
  it('wraps plain text in a paragraph and gives an empty cell no markup', () => {
    expect(cellToRichText('  Add the numbers.  ')).toBe('<p>Add the numbers.</p>');
    expect(cellToRichText('   ')).toBe('');
  });

  it('turns $…$ and \\(…\\) into inline math and $$…$$ and \\[…\\] into block math', () => {
    expect(cellToRichText('What is \\(\\frac{1}{2} + \\frac{1}{4}\\)?')).toBe(
      '<p>What is <span class="math-inline">\\frac{1}{2} + \\frac{1}{4}</span>?</p>',
    );
    expect(cellToRichText('Solve $2x = 8$ now')).toBe(
      '<p>Solve <span class="math-inline">2x = 8</span> now</p>',
    );
    expect(cellToRichText('Sum:\n$$ a^2 + b^2 $$\nso c')).toBe(
      '<p>Sum:</p><div class="math-block">a^2 + b^2</div><p>so c</p>',
    );
    expect(cellToRichText('\\[x = 4\\]')).toBe('<div class="math-block">x = 4</div>');
  });

  it('escapes HTML in text and in formulas, so a tag is shown, never run', () => {
    const html = cellToRichText('<script>alert(1)</script> Is $a<b$ & "c"?');
    expect(html).toBe(
      '<p>&lt;script&gt;alert(1)&lt;/script&gt; Is <span class="math-inline">a&lt;b</span> &amp; &quot;c&quot;?</p>',
    );
    expect(sanitizeRichText(html)).not.toContain('<script');
    expect(cellToRichText('<img src=x onerror=alert(1)>')).not.toContain('<img');
  });

  it('keeps \\$ and an unclosed $ as a dollar sign', () => {
    expect(cellToRichText('It costs \\$5 and \\$7')).toBe('<p>It costs $5 and $7</p>');
    expect(cellToRichText('Only one $ here')).toBe('<p>Only one $ here</p>');
    expect(cellToRichText('$x \\$ y$')).toBe('<p><span class="math-inline">x \\$ y</span></p>');
  });

  it('turns line breaks into <br> and blank lines into paragraphs', () => {
    expect(cellToRichText('one\r\ntwo\n\n\nthree')).toBe('<p>one<br>two</p><p>three</p>');
  });

  it('survives the sanitiser unchanged', () => {
    const html = cellToRichText('Half of $\\frac{9}{2}$?\n$$x^2$$');
    expect(sanitizeRichText(html)).toBe(html);
  });
});

describe('cell parsers', () => {
  it('reads correct options as letters or numbers', () => {
    expect(parseCorrect('B')).toEqual([2]);
    expect(parseCorrect(' a, c ')).toEqual([1, 3]);
    expect(parseCorrect('4;2;2')).toEqual([2, 4]);
    expect(parseCorrect('')).toEqual([]);
    expect(parseCorrect('E')).toBeUndefined();
    expect(parseCorrect('B and C')).toBeUndefined();
  });

  it('reads Yes/No with a default', () => {
    expect(parseYesNo('Yes', false)).toBe(true);
    expect(parseYesNo(' no ', true)).toBe(false);
    expect(parseYesNo('', false)).toBe(false);
    expect(parseYesNo('maybe', false)).toBeUndefined();
  });

  it('splits lists on |', () => {
    expect(splitList(' 4 | x=4 || ')).toEqual(['4', 'x=4']);
  });
});
