import type { PublicFaqEntry, PublicFaqGroup } from './faq-api';

/** Lower case without accents, so "cafe" finds "Café". */
export const foldText = (text: string) => text.normalize('NFKD').replace(/\p{M}/gu, '').toLowerCase();

export interface SearchableEntry extends PublicFaqEntry {
  /** Question and answer text, folded. */
  haystack: string;
}

export interface SearchableGroup extends Omit<PublicFaqGroup, 'entries'> {
  entries: SearchableEntry[];
}

export function searchable(groups: PublicFaqGroup[], textOf: (html: string) => string): SearchableGroup[] {
  return groups.map((group) => ({
    ...group,
    entries: group.entries.map((entry) => ({
      ...entry,
      haystack: foldText(`${entry.question} ${textOf(entry.answer)}`),
    })),
  }));
}

/** The groups and entries that hold every word of the search (all of them for an empty search). */
export function filterFaq(groups: SearchableGroup[], search: string): SearchableGroup[] {
  const words = foldText(search).split(/\s+/).filter(Boolean);
  if (words.length === 0) {
    return groups;
  }
  return groups
    .map((group) => ({
      ...group,
      entries: group.entries.filter((entry) => words.every((word) => entry.haystack.includes(word))),
    }))
    .filter((group) => group.entries.length > 0);
}
