/** Lower case, no accents or punctuation, single spaces: 'Dera Ismail-Khan ' → 'dera ismail khan'. */
export function normalizeSearchText(text: string): string {
  return text
    .normalize('NFD')
    .replace(/\p{M}/gu, '')
    .toLowerCase()
    .replace(/[^\p{L}\p{N}]+/gu, ' ')
    .trim();
}

/** Each query token starts a word of the option, in order: 'toba singh' → 'Toba Tek Singh'. */
function tokensStartWords(tokens: readonly string[], words: readonly string[]): boolean {
  let next = 0;
  for (const token of tokens) {
    while (next < words.length && !words[next]?.startsWith(token)) {
      next += 1;
    }
    if (next === words.length) {
      return false;
    }
    next += 1;
  }
  return true;
}

/** The query is made of a start of each word in turn: 'dikhan' or 'dgk' → 'Dera Ismail Khan', 'Dera Ghazi Khan'. */
function abbreviates(query: string, words: readonly string[], from = 0): boolean {
  if (query === '') {
    return true;
  }
  const word = words[from];
  if (word === undefined) {
    return false;
  }
  for (let length = Math.min(word.length, query.length); length >= 1; length -= 1) {
    if (query.startsWith(word.slice(0, length)) && abbreviates(query.slice(length), words, from + 1)) {
      return true;
    }
  }
  return false;
}

/** 0 the same name, 1 starts with it, 2 words start with it, 3 an abbreviation, 4 contains it; null: no match. */
export function matchRank(option: string, query: string): number | null {
  const q = normalizeSearchText(query);
  const name = normalizeSearchText(option);
  if (name === q) {
    return 0;
  }
  if (name.startsWith(q)) {
    return 1;
  }
  const words = name.split(' ');
  const tokens = q.split(' ');
  if (tokensStartWords(tokens, words)) {
    return 2;
  }
  const compact = q.replaceAll(' ', '');
  if (compact.length >= 2 && abbreviates(compact, words)) {
    return 3;
  }
  if (name.includes(q) || name.replaceAll(' ', '').includes(compact)) {
    return 4;
  }
  return null;
}

/** Options matching the query, best first; the list's own order breaks ties. An empty query keeps them all. */
export function searchOptions<T extends string>(options: readonly T[], query: string): T[] {
  if (normalizeSearchText(query) === '') {
    return [...options];
  }
  return options
    .map((option, index) => ({ option, index, rank: matchRank(option, query) }))
    .filter((entry): entry is { option: T; index: number; rank: number } => entry.rank !== null)
    .sort((a, b) => a.rank - b.rank || a.index - b.index)
    .map((entry) => entry.option);
}

/** The option a typed text stands for, ignoring case, spaces and punctuation; null when none. */
export function exactOption<T extends string>(options: readonly T[], text: string): T | null {
  const wanted = normalizeSearchText(text);
  if (wanted === '') {
    return null;
  }
  return options.find((option) => normalizeSearchText(option) === wanted) ?? null;
}
