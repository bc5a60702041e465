import { describe, expect, it } from 'vitest';
import { filterFaq, searchable } from './faq-search';

const groups = searchable(
  [
    {
      _id: 'g1',
      title: 'Payments',
      entries: [
        { _id: 'a', question: 'How do I pay?', answer: 'Pay with <b>JazzCash</b>.', slug: 'how-do-i-pay' },
        {
          _id: 'b',
          question: 'Is practice free?',
          answer: 'Yes, practice is free.',
          slug: 'is-practice-free',
        },
      ],
    },
    {
      _id: 'g2',
      title: 'Timing',
      entries: [{ _id: 'c', question: 'How long per question?', answer: '180 seconds.', slug: 'how-long' }],
    },
  ],
  (html) => html.replace(/<[^>]*>/g, ''),
);

const ids = (search: string) => filterFaq(groups, search).flatMap((g) => g.entries.map((e) => e._id));

describe('searching the FAQ', () => {
  it('matches questions and answers, ignoring case and accents, every word needed', () => {
    expect(ids('jazzcash')).toEqual(['a']);
    expect(ids('HOW')).toEqual(['a', 'c']);
    expect(ids('how seconds')).toEqual(['c']);
    expect(ids('prâctice')).toEqual(['b']);
  });

  it('keeps every entry for an empty search and drops groups with no match', () => {
    expect(ids('  ')).toEqual(['a', 'b', 'c']);
    expect(filterFaq(groups, 'seconds').map((g) => g.title)).toEqual(['Timing']);
    expect(ids('nothing like this')).toEqual([]);
  });
});
