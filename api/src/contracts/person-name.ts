// Names people type (a child's, a father's, a school's, a staff member's): one rule for the api, the
// forms and what public pages and certificates print. Free of zod, so any page may import it.

/**
 * Characters a name never needs and that lie about it: controls, format characters (bidi marks,
 * embeddings, overrides and isolates, zero-width space and joiners, word joiner, BOM, soft hyphen),
 * other default-ignorable ones (Hangul fillers, variation selectors), private use, line and
 * paragraph separators, lone surrogates, and the blank Braille pattern.
 */
const HIDDEN = /[\p{Cc}\p{Cf}\p{Cs}\p{Co}\p{Zl}\p{Zp}\p{Default_Ignorable_Code_Point}\u2800]/u;
const ZWNJ = '\u200c';
const ARABIC_SCRIPT = /\p{Script=Arabic}/u;
const LETTER = /\p{L}/u;
const MARK = /\p{M}/u;
const arabicLetter = (char: string | undefined) =>
  char !== undefined && LETTER.test(char) && ARABIC_SCRIPT.test(char);

export const NAME_PROBLEMS = {
  hidden: 'must not contain invisible characters or text-direction controls',
  noLetter: 'must contain a letter',
} as const;

/**
 * ZERO WIDTH NON-JOINER is how Urdu and Persian keep two letters of one word apart
 * (ثناء + ZWNJ + اللہ): kept between two Arabic-script letters (marks on the first allowed), nowhere else.
 */
function joinerAllowed(chars: readonly string[], index: number): boolean {
  let before = index - 1;
  while (before >= 0 && MARK.test(chars[before] ?? '') && !HIDDEN.test(chars[before] ?? '')) {
    before -= 1;
  }
  return arabicLetter(chars[before]) && arabicLetter(chars[index + 1]);
}

const refusedAt = (chars: readonly string[], index: number) => {
  const char = chars[index] ?? '';
  return HIDDEN.test(char) && !(char === ZWNJ && joinerAllowed(chars, index));
};

/** Spaces trimmed and runs of them (tabs, no-break spaces) made one ordinary space. */
export const tidyName = (name: string) => name.trim().replace(/\s+/g, ' ');

/** True when the name holds a character `cleanName` would remove. */
export function hasHiddenCharacters(name: string): boolean {
  const chars = Array.from(name);
  return chars.some((_, index) => refusedAt(chars, index));
}

/**
 * The problem phrase for a typed name (as the forms word them), or null: hidden characters inside
 * it (outer spaces, a pasted line break or BOM included, are only trimmed), nothing left but
 * spaces, or no letter at all (only marks, digits or punctuation).
 */
export function nameProblem(name: string): string | null {
  if (hasHiddenCharacters(name.trim())) {
    return NAME_PROBLEMS.hidden;
  }
  const tidy = tidyName(name);
  if (tidy === '') {
    return 'is required';
  }
  return LETTER.test(tidy) ? null : NAME_PROBLEMS.noLetter;
}

/** The name without what `nameProblem` refuses, tidied: what a public page or a PDF may show. */
export function cleanName(name: string): string {
  const chars = Array.from(name);
  return tidyName(chars.filter((_, index) => !refusedAt(chars, index)).join(''));
}
