export const PAGE_SIZES = [10, 25, 50, 100] as const;

/** '1–50 of 120' for a list's pagination summary. */
export function rangeLabel(
  currentPage: number,
  itemsPerPage: number,
  total: number,
  noun = 'results',
): string {
  const first = (currentPage - 1) * itemsPerPage + 1;
  if (total === 0) {
    return `No ${noun}`;
  }
  if (first > total) {
    return `Page ${currentPage} is empty`;
  }
  return `${first}–${Math.min(currentPage * itemsPerPage, total)} of ${total}`;
}

/** A page after the last one (a bookmark from when the list was longer, or a typed ?page=99). */
export const isPastEnd = (page: { currentPage: number; totalPages: number }) =>
  page.totalPages > 0 && page.currentPage > page.totalPages;

/** The usual sizes, plus one a bookmarked URL asked for. */
export function pageSizeChoices(itemsPerPage: number): number[] {
  const sizes: number[] = [...PAGE_SIZES];
  return sizes.includes(itemsPerPage) ? sizes : [...sizes, itemsPerPage].sort((a, b) => a - b);
}
