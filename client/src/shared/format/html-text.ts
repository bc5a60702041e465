/** The text a reader sees in sanitised rich text (formulas as their TeX), spaces collapsed. */
export function textOfHtml(html: string): string {
  const doc = new DOMParser().parseFromString(html, 'text/html');
  // Typeset MathML carries its TeX twice (annotation and data-tex): keep the source once.
  for (const math of doc.querySelectorAll<HTMLElement>('[data-tex]')) {
    math.textContent = ` ${math.dataset.tex ?? ''} `;
  }
  for (const block of doc.querySelectorAll('p, li, div, br, tr')) {
    block.append(' ');
  }
  return (doc.body.textContent ?? '').replace(/\s+/g, ' ').trim();
}

/** At most max characters of text, cut at a word with an ellipsis. */
export function shortText(text: string, max: number): string {
  if (text.length <= max) {
    return text;
  }
  const head = text.slice(0, max - 1);
  const space = head.lastIndexOf(' ');
  return `${(space > max / 2 ? head.slice(0, space) : head).trimEnd()}…`;
}
