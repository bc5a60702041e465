import { describe, expect, it } from 'vitest';
import { faqSlug, faqSlugs } from './faq.js';

describe('faq anchors', () => {
  it('joins the words of a question with dashes, in lower case, without accents', () => {
    expect(faqSlug('How is a correct answer scored?')).toBe('how-is-a-correct-answer-scored');
    expect(faqSlug('  Café — résumé!  ')).toBe('cafe-resume');
  });

  it('keeps letters of any script and falls back when a question has none', () => {
    expect(faqSlug('فیس کیسے ادا کریں؟')).toBe('فیس-کیسے-ادا-کریں');
    expect(faqSlug('???')).toBe('answer');
  });

  it('cuts long questions at a word and numbers repeated ones', () => {
    expect(faqSlug('word '.repeat(40)).length).toBeLessThanOrEqual(80);
    expect(faqSlugs(['Why?', 'Why!', 'How?'])).toEqual(['why', 'why-2', 'how']);
  });
});
