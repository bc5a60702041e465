/** The FAQ as staff edit it and as /faq shows it (shared by api and client; no zod here). */

export const FAQ_LIMITS = { titleMax: 120, questionMax: 300, answerMax: 20_000 } as const;

export interface FaqEntry {
  _id: string;
  groupId: string;
  question: string;
  /** Sanitised rich text. */
  answer: string;
  isPublished: boolean;
  position: number;
  /** The anchor of this answer on /faq (unique on the page). */
  slug: string;
  updatedAt: string;
}

export interface FaqGroup {
  _id: string;
  title: string;
  position: number;
  entries: FaqEntry[];
}

export interface FaqGroupInput {
  title: string;
}

export interface FaqEntryInput {
  groupId: string;
  question: string;
  answer: string;
  isPublished: boolean;
}

export interface PublicFaqEntry {
  _id: string;
  question: string;
  /** Sanitised rich text, formulas typeset as MathML. */
  answer: string;
  slug: string;
}

export interface PublicFaqGroup {
  _id: string;
  title: string;
  entries: PublicFaqEntry[];
}

const MAX_SLUG = 80;

/** A question's anchor: its letters and digits (any script) joined by dashes. */
export function faqSlug(question: string): string {
  const words = question
    .normalize('NFKD')
    .replace(/\p{M}/gu, '')
    .toLowerCase()
    .split(/[^\p{L}\p{N}]+/u)
    .filter(Boolean);
  let slug = '';
  for (const word of words) {
    const next = slug === '' ? word : `${slug}-${word}`;
    if (next.length > MAX_SLUG && slug !== '') {
      break;
    }
    slug = next.slice(0, MAX_SLUG);
  }
  return slug === '' ? 'answer' : slug;
}

/** One anchor per question, in page order; a repeated slug gets -2, -3… */
export function faqSlugs(questions: readonly string[]): string[] {
  const taken = new Set<string>();
  return questions.map((question) => {
    const base = faqSlug(question);
    let slug = base;
    for (let n = 2; taken.has(slug); n += 1) {
      slug = `${base}-${n}`;
    }
    taken.add(slug);
    return slug;
  });
}
