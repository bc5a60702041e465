import { describe, expect, it } from 'vitest';
import { plainTextPreview, richTextPreview, sanitizeRichText } from './rich-text.js';

const XSS_PAYLOADS: readonly string[] = [
  '<script>alert(1)</script>',
  '<SCRIPT SRC=https://evil.example/xss.js></SCRIPT>',
  '<scr<script>ipt>alert(1)</scr</script>ipt>',
  '<img src=x onerror=alert(1)>',
  '<img src="https://ok.example/a.png" onerror="alert(1)" onload="alert(2)">',
  '<IMG SRC=`javascript:alert("RSnake says, \'XSS\'")`>',
  '<img src=`x`onerror=alert(1)>',
  '<img """><script>alert("XSS")</script>">',
  '<svg onload=alert(1)>',
  '<svg><script>alert(1)</script></svg>',
  '<svg><style><img src=x onerror=alert(1)></style></svg>',
  '<svg><a xlink:href="javascript:alert(1)"><text x="20" y="20">XSS</text></a></svg>',
  '<a href="javascript:alert(1)">click</a>',
  '<a href="JaVaScRiPt:alert(1)">click</a>',
  '<a href="&#106;avascript:alert(1)">click</a>',
  '<a href="&#x6A;&#x61;&#x76;&#x61;&#x73;&#x63;&#x72;&#x69;&#x70;&#x74;&#x3A;alert(1)">click</a>',
  '<a href="&#0000106&#0000097&#0000118&#0000097&#0000115&#0000099&#0000114&#0000105&#0000112&#0000116&#0000058alert(1)">x</a>',
  '<a href="jav&#x09;ascript:alert(1)">click</a>',
  '<a href=" javascript:alert(1)">click</a>',
  '<a href="vbscript:msgbox(1)">click</a>',
  '<a href="data:text/html;base64,PHNjcmlwdD5hbGVydCgxKTwvc2NyaXB0Pg==">click</a>',
  '<img src="data:image/svg+xml;base64,PHN2ZyBvbmxvYWQ9YWxlcnQoMSk+">',
  '<img src="javascript:alert(1)">',
  '<iframe src="https://evil.example"></iframe>',
  '<iframe srcdoc="<script>alert(1)</script>"></iframe>',
  '<object data="javascript:alert(1)"></object>',
  '<embed src="https://evil.example/x.swf">',
  '<style>body{background:url("javascript:alert(1)")}</style>',
  '<div style="background:url(javascript:alert(1))">x</div>',
  '<p style="width: expression(alert(1))">x</p>',
  '<math><mi xlink:href="javascript:alert(1)">CLICK</mi></math>',
  '<math><maction actiontype="statusline" xlink:href="javascript:alert(1)">X</maction></math>',
  '<base href="javascript:alert(1)//">',
  '<meta http-equiv="refresh" content="0;url=javascript:alert(1)">',
  '<link rel="stylesheet" href="javascript:alert(1)">',
  '<form action="javascript:alert(1)"><input type="submit" formaction="javascript:alert(2)"></form>',
  '<input onfocus=alert(1) autofocus>',
  '<noscript><p title="</noscript><img src=x onerror=alert(1)>">',
  '<textarea><script>alert(1)</script></textarea>',
  '<title></title><img src=x onerror=alert(1)>',
  '<xmp><img src=x onerror=alert(1)></xmp>',
  '<table background="javascript:alert(1)"><tr><td onmouseover="alert(1)">x</td></tr></table>',
  '<div onmouseover="alert(1)" class="math-block">x</div>',
  '<span class="math-inline" onclick=alert(1)>x</span>',
  '<b onmouseover=alert(1)>hover',
  '<p><b><i><u>unclosed <script>alert(1)',
  '<<script>alert(1)//<</script>',
  '<!--<img src=x onerror=alert(1)>-->',
  '<details open ontoggle=alert(1)>',
  '<body onload=alert(1)>',
  '<video><source onerror="alert(1)"></video>',
  '<a href="https://ok.example" onclick="alert(1)">x</a>',
];

function decodeEntities(html: string): string {
  return html
    .replace(/&#x([0-9a-f]+);?/gi, (_, hex: string) => String.fromCodePoint(Number.parseInt(hex, 16)))
    .replace(/&#(\d+);?/g, (_, dec: string) => String.fromCodePoint(Number(dec)))
    .replace(/&colon;/gi, ':')
    .replace(/&tab;/gi, '\t')
    .replace(/&newline;/gi, '\n')
    .replace(/&lt;/gi, '<')
    .replace(/&gt;/gi, '>')
    .replace(/&quot;/gi, '"')
    .replace(/&amp;/gi, '&');
}

describe('sanitizeRichText on XSS payloads', () => {
  it.each(XSS_PAYLOADS)('neutralises %s', (payload) => {
    const output = sanitizeRichText(payload);
    const decoded = decodeEntities(output);
    expect(decoded).not.toMatch(/<script/i);
    expect(decoded).not.toMatch(/on\w+\s*=/i);
    expect(decoded.replace(/\s/g, '')).not.toMatch(/javascript:|vbscript:|data:/i);
    expect(decoded).not.toMatch(/<(iframe|object|embed|svg|math|style|form|input|base|meta|link)\b/i);
    expect(output).not.toMatch(/style\s*=/i);
    expect(sanitizeRichText(output)).toBe(output);
  });
});

describe('sanitizeRichText on good content', () => {
  it.each([
    '<p>Find <strong>x</strong> and <em>y</em>.</p>',
    '<p><b>b</b><i>i</i><u>u</u><s>s</s>H<sub>2</sub>O x<sup>2</sup></p>',
    '<ul><li>one</li><li>two</li></ul><ol><li>first</li></ol>',
    '<blockquote>quoted</blockquote><pre><code>x = 1</code></pre>',
    '<p>Compute <span class="math-inline">\\frac{1}{2} + \\frac{1}{3}</span></p>',
    '<div class="math-block">\\sum_{i=1}^{n} i = \\frac{n(n+1)}{2}</div>',
    '<img src="https://cdn.example.com/q/triangle.png" alt="A right triangle" width="320" height="200" />',
    '<img src="/uploads/questions/abc-123.png" alt="" />',
    '<table><thead><tr><th>x</th></tr></thead><tbody><tr><td>1</td></tr></tbody></table>',
    '<p>a &lt; b &amp;&amp; c &gt; d</p>',
    '<p>line<br />break</p>',
  ])('keeps %s unchanged', (html) => {
    expect(sanitizeRichText(html)).toBe(html);
  });

  it('adds rel and target to an https link and drops any other target', () => {
    expect(sanitizeRichText('<a href="https://riyazi.pk/help" target="_self">help</a>')).toBe(
      '<a href="https://riyazi.pk/help" rel="noopener noreferrer" target="_blank">help</a>',
    );
  });

  it('keeps a mailto link', () => {
    expect(sanitizeRichText('<a href="mailto:help@riyazi.pk">mail</a>')).toBe(
      '<a href="mailto:help@riyazi.pk" rel="noopener noreferrer" target="_blank">mail</a>',
    );
  });

  it('turns a link without an allowed scheme into a plain span', () => {
    expect(sanitizeRichText('<a href="/contests">contests</a>')).toBe('<span>contests</span>');
  });

  it('keeps only the math class values and drops every other class', () => {
    expect(
      sanitizeRichText(
        '<span class="math-inline big">x</span><div class="math-inline">y</div><p class="c">z</p>',
      ),
    ).toBe('<span class="math-inline">x</span><div>y</div><p>z</p>');
  });

  it('drops an image outside /uploads/ or with a path that climbs out of it', () => {
    expect(
      sanitizeRichText(
        '<img src="/etc/passwd"><img src="/uploads/../secret.png"><img src="//evil.example/a.png">',
      ),
    ).toBe('');
  });

  it('drops non-numeric image dimensions', () => {
    expect(sanitizeRichText('<img src="/uploads/a.png" alt="a" width="100%" height="50">')).toBe(
      '<img src="/uploads/a.png" alt="a" height="50" />',
    );
  });

  it('strips comments', () => {
    expect(sanitizeRichText('<p>a<!-- secret -->b</p>')).toBe('<p>ab</p>');
  });

  it('escapes markup written as text', () => {
    expect(sanitizeRichText('<p>&lt;script&gt;alert(1)&lt;/script&gt;</p>')).toBe(
      '<p>&lt;script&gt;alert(1)&lt;/script&gt;</p>',
    );
  });

  it('closes unclosed tags', () => {
    expect(sanitizeRichText('<p>a <b>bold')).toBe('<p>a <b>bold</b></p>');
  });

  it('is idempotent on mixed content', () => {
    const once = sanitizeRichText(
      '<p class="x" style="color:red">Hi &nbsp;<a href="https://a.example">a</a><img src="/uploads/a.png"></p><span class="math-inline">a<b</span>',
    );
    expect(sanitizeRichText(once)).toBe(once);
  });
});

describe('plainTextPreview', () => {
  it('removes tags and keeps math LaTeX as source', () => {
    expect(plainTextPreview('<p>Find <span class="math-inline">\\frac{1}{2} &lt; x</span> of 10.</p>')).toBe(
      'Find \\frac{1}{2} < x of 10.',
    );
  });

  it('separates blocks and collapses whitespace', () => {
    expect(
      plainTextPreview('<p>First\n\n  line</p><p>Second&nbsp;line</p><ul><li>a</li><li>b</li></ul>'),
    ).toBe('First line Second line a b');
  });

  it('drops script and style text', () => {
    expect(plainTextPreview('<style>p{}</style><p>ok</p><script>alert(1)</script>')).toBe('ok');
  });

  it('cuts at a word boundary with an ellipsis', () => {
    expect(plainTextPreview('<p>one two three four five</p>', 12)).toBe('one two…');
  });

  it('keeps a whole word that ends exactly at the limit', () => {
    expect(plainTextPreview('one two three', 8)).toBe('one two…');
  });

  it('cuts a single long word hard', () => {
    expect(plainTextPreview('abcdefghij', 5)).toBe('abcd…');
  });

  it('returns short text whole and never exceeds the limit', () => {
    expect(plainTextPreview('short', 140)).toBe('short');
    expect(plainTextPreview('x '.repeat(200)).length).toBeLessThanOrEqual(140);
  });
});

describe('richTextPreview', () => {
  it('keeps inline and display formulas as inline math and drops every other tag', () => {
    expect(
      richTextPreview(
        '<p>Add <strong>these</strong>:</p><div class="math-block">\\frac{1}{2} + \\frac{1}{4}</div><p><img src="/uploads/a.png"> then <span class="x">simplify</span>.</p>',
      ),
    ).toBe('Add these: <span class="math-inline">\\frac{1}{2} + \\frac{1}{4}</span> then simplify.');
  });

  it('escapes text, never lets markup through, and removes scripts with their content', () => {
    const preview = richTextPreview(
      '<p>Is 3 &lt; 5?<script>alert(1)</script><img src=x onerror=alert(1)></p><span class="math-inline" onclick="x()">a&lt;b</span>',
    );
    expect(preview).toBe('Is 3 &lt; 5? <span class="math-inline">a&lt;b</span>');
  });

  it('cuts long text near the limit on a word and never cuts a formula in half', () => {
    const long = `<p>${'word '.repeat(60)}</p>`;
    const cut = richTextPreview(long, 40);
    expect(cut.endsWith('…')).toBe(true);
    expect(cut.length).toBeLessThanOrEqual(41);
    const withMath = richTextPreview(
      '<p>Some words first <span class="math-inline">\\sqrt{144} + \\sqrt{169} + \\sqrt{196}</span> and more</p>',
      30,
    );
    expect(withMath).toBe('Some words first …');
  });
});
