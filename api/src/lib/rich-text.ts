import sanitizeHtml from 'sanitize-html';

const LINK_PROTOCOLS = new Set(['http:', 'https:', 'mailto:']);
const IMAGE_PROTOCOLS = new Set(['http:', 'https:']);
const UPLOAD_PATH = /^\/uploads\/(?!.*\.\.)[A-Za-z0-9._~\-/]+$/;
const DIMENSION = /^\d{1,4}$/;

function hasProtocol(url: string, protocols: ReadonlySet<string>): boolean {
  try {
    return protocols.has(new URL(url).protocol);
  } catch {
    return false;
  }
}

function safeLink(_tagName: string, attribs: sanitizeHtml.Attributes): sanitizeHtml.Tag {
  const href = attribs.href?.trim() ?? '';
  if (!hasProtocol(href, LINK_PROTOCOLS)) {
    return { tagName: 'span', attribs: {} };
  }
  return { tagName: 'a', attribs: { href, rel: 'noopener noreferrer', target: '_blank' } };
}

function safeImage(_tagName: string, attribs: sanitizeHtml.Attributes): sanitizeHtml.Tag {
  const src = attribs.src?.trim() ?? '';
  if (!(UPLOAD_PATH.test(src) || hasProtocol(src, IMAGE_PROTOCOLS))) {
    return { tagName: 'img', attribs: {} };
  }
  const safe: sanitizeHtml.Attributes = { src, alt: attribs.alt ?? '' };
  for (const name of ['width', 'height'] as const) {
    const value = attribs[name]?.trim();
    if (value !== undefined && DIMENSION.test(value)) {
      safe[name] = value;
    }
  }
  return { tagName: 'img', attribs: safe };
}

const RICH_TEXT_OPTIONS: sanitizeHtml.IOptions = {
  allowedTags: [
    'p',
    'br',
    'strong',
    'b',
    'em',
    'i',
    'u',
    's',
    'sub',
    'sup',
    'ul',
    'ol',
    'li',
    'blockquote',
    'code',
    'pre',
    'span',
    'div',
    'img',
    'a',
    'table',
    'thead',
    'tbody',
    'tr',
    'th',
    'td',
  ],
  allowedAttributes: {
    a: ['href', 'rel', 'target'],
    img: ['src', 'alt', 'width', 'height'],
  },
  allowedClasses: { span: ['math-inline'], div: ['math-block'] },
  allowedStyles: {},
  allowedSchemes: ['http', 'https', 'mailto'],
  allowedSchemesByTag: { img: ['http', 'https'] },
  allowedSchemesAppliedToAttributes: ['href', 'src'],
  allowProtocolRelative: false,
  disallowedTagsMode: 'discard',
  // Text inside these is markup or script in a browser, never content a reader should see.
  nonTextTags: [
    'script',
    'style',
    'textarea',
    'option',
    'xmp',
    'noscript',
    'noembed',
    'noframes',
    'template',
    'title',
    'iframe',
  ],
  transformTags: { a: safeLink, img: safeImage },
  exclusiveFilter: (frame) => frame.tag === 'img' && !frame.attribs.src,
};

/** Allowlist sanitiser for question, option and hint rich text; run on every write. */
export function sanitizeRichText(html: string): string {
  return sanitizeHtml(html, RICH_TEXT_OPTIONS);
}

const BLOCK_BOUNDARY = /<(?=\/?(?:p|br|div|li|ul|ol|blockquote|pre|table|thead|tbody|tr|th|td|h[1-6])\b)/gi;

const TEXT_ONLY_OPTIONS: sanitizeHtml.IOptions = {
  allowedTags: [],
  allowedAttributes: {},
  nonTextTags: RICH_TEXT_OPTIONS.nonTextTags,
};

function decodeEscapedText(text: string): string {
  return text
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&quot;/g, '"')
    .replace(/&amp;/g, '&');
}

/** Plain text of rich text for lists and previews; math keeps its LaTeX source. */
export function plainTextPreview(html: string, max = 140): string {
  if (max < 1) {
    return '';
  }
  const escaped = sanitizeHtml(html.replace(BLOCK_BOUNDARY, ' <'), TEXT_ONLY_OPTIONS);
  const text = decodeEscapedText(escaped).replace(/\s+/g, ' ').trim();
  if (text.length <= max) {
    return text;
  }
  const head = text.slice(0, max - 1);
  const endsOnWord = text[max - 1] === ' ';
  const lastSpace = head.lastIndexOf(' ');
  const cut = endsOnWord || lastSpace <= 0 ? head : head.slice(0, lastSpace);
  return `${cut.trimEnd()}…`;
}

const PREVIEW_MATH = 'math-inline';
const PREVIEW_OPTIONS: sanitizeHtml.IOptions = {
  allowedTags: ['span'],
  allowedAttributes: {},
  allowedClasses: { span: [PREVIEW_MATH] },
  nonTextTags: RICH_TEXT_OPTIONS.nonTextTags,
  disallowedTagsMode: 'discard',
  transformTags: {
    // A display formula becomes an inline one; any other span is unwrapped (its text stays).
    div: (_tag, attribs): sanitizeHtml.Tag =>
      attribs.class?.split(/\s+/).includes('math-block')
        ? { tagName: 'span', attribs: { class: PREVIEW_MATH } }
        : { tagName: 'div', attribs: {} },
    span: (_tag, attribs): sanitizeHtml.Tag =>
      attribs.class?.split(/\s+/).includes(PREVIEW_MATH)
        ? { tagName: 'span', attribs: { class: PREVIEW_MATH } }
        : { tagName: 'unwrap', attribs: {} },
  },
};
const PREVIEW_PART = /<span class="math-inline">([^<]*)<\/span>|([^<]+)/g;

/**
 * A one-line preview that keeps formulas for KaTeX: only text and `span.math-inline` survive,
 * and the text is cut near `max` characters (a formula counts as its LaTeX, never cut in half).
 */
export function richTextPreview(html: string, max = 140): string {
  const clean = sanitizeHtml(html.replace(BLOCK_BOUNDARY, ' <'), PREVIEW_OPTIONS);
  let out = '';
  let used = 0;
  let first = true;
  for (const match of clean.matchAll(PREVIEW_PART)) {
    const [, rawMath, text] = match;
    const math = rawMath?.trim();
    if (math !== undefined) {
      const length = decodeEscapedText(math).length;
      if (used + length > max && used > 0) {
        return `${out.trimEnd()} …`;
      }
      out += `<span class="${PREVIEW_MATH}">${math}</span>`;
      used += length;
    } else if (text !== undefined) {
      let plain = decodeEscapedText(text).replace(/\s+/g, ' ');
      if (first) {
        plain = plain.trimStart();
      }
      if (used + plain.length > max) {
        const lead = plain.startsWith(' ') && out !== '' ? ' ' : '';
        const cut = plainTextPreview(escapeText(plain), Math.max(1, max - used));
        return `${out}${lead}${escapeText(cut)}`;
      }
      out += escapeText(plain);
      used += plain.length;
    }
    first = false;
  }
  return out.trimEnd();
}

function escapeText(text: string): string {
  return text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
}
