import { describe, expect, it } from 'vitest';
import { typesetMath, typesetMathCache } from './math-markup.js';
import { sanitizeRichText } from './rich-text.js';

describe('typesetMath', () => {
  it('turns an inline formula into MathML inside its span and keeps its TeX in data-tex', () => {
    const out = typesetMath('<p>What is <span class="math-inline">\\frac{1}{2} &lt; x^2</span>?</p>');
    expect(out).toMatch(/^<p>What is <span class="math-inline" data-tex="\\frac\{1\}\{2\} &lt; x\^2">/);
    expect(out).toContain(
      '<mfrac><mn>1</mn><mn>2</mn></mfrac><mo>&lt;</mo><msup><mi>x</mi><mn>2</mn></msup>',
    );
    expect(out).not.toContain('display="block"');
    expect(out).toMatch(/<\/span>\?<\/p>$/);
  });

  it('typesets a display formula as block MathML', () => {
    const out = typesetMath('<div class="math-block">\\sqrt{a^2+b^2}</div>');
    expect(out).toMatch(/^<div class="math-block" data-tex="\\sqrt\{a\^2\+b\^2\}">/);
    expect(out).toContain('<math xmlns="http://www.w3.org/1998/Math/MathML" display="block">');
    expect(out).toContain('<msqrt>');
  });

  it('sends MathML only: none of KaTeX’s HTML layout, which would need its stylesheet', () => {
    const out = typesetMath('<span class="math-inline">x+1</span>');
    expect(out).not.toContain('katex-html');
    expect(out).not.toContain('vlist');
  });

  it('shows bad TeX as its source and never turns \\href or \\htmlClass into markup', () => {
    expect(typesetMath('<span class="math-inline">\\frac{1</span>')).toContain('class="katex-error"');
    const hostile = typesetMath(
      sanitizeRichText(
        '<span class="math-inline">\\href{javascript:alert(1)}{x} \\htmlClass{evil}{y} \\url{https://e.x}</span>',
      ),
    );
    // The TeX stays as text (data-tex, annotation); no element gets a link or the class asked for.
    expect(hostile).not.toMatch(/\shref=|class="evil"|<a[\s>]/);
    expect(hostile).toContain('<mtext>\\href</mtext>');
  });

  it('escapes the TeX it keeps in data-tex: a quote cannot end the attribute', () => {
    const out = typesetMath(sanitizeRichText('<span class="math-inline">\\text{"a" &amp; &lt;b&gt;}</span>'));
    const attribute = /data-tex="([^"]*)"/.exec(out)?.[1];
    expect(attribute).toBe('\\text{&quot;a&quot; &amp; &lt;b&gt;}');
    expect(out).not.toContain('<b>');
  });

  it('leaves text without formulas, nested markup and unknown entities for the client', () => {
    expect(typesetMath('<p>2 + 2</p>')).toBe('<p>2 + 2</p>');
    const nested = '<span class="math-inline">x<strong>2</strong></span>';
    expect(typesetMath(nested)).toBe(nested);
    const entity = '<span class="math-inline">a &#169; b</span>';
    expect(typesetMath(entity)).toBe(entity);
  });

  it('types every formula of a text, in order', () => {
    const out = typesetMath(
      '<p><span class="math-inline">a</span> and <span class="math-inline">b</span></p><div class="math-block">c</div>',
    );
    expect([...out.matchAll(/data-tex="([^"]*)"/g)].map((m) => m[1])).toEqual(['a', 'b', 'c']);
  });
});

describe('typesetMathCache', () => {
  it('answers the same as typesetMath, remembering each text', () => {
    const typeset = typesetMathCache(2);
    const texts = [
      '<span class="math-inline">x^2</span>',
      '<p>plain</p>',
      '<div class="math-block">\\pi r^2</div>',
      '<span class="math-inline">y</span>',
    ];
    for (const text of [...texts, ...texts]) {
      expect(typeset(text)).toBe(typesetMath(text));
    }
  });
});
