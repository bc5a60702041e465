import { describe, expect, it } from 'vitest';
import { format } from './i18n-store';
import { browserLanguage } from './languages';
import { en } from './messages/en';
import { ur } from './messages/ur';

describe('browserLanguage', () => {
  it('reads Urdu for any ur tag and English otherwise', () => {
    expect(browserLanguage(['ur-PK', 'en'])).toBe('ur');
    expect(browserLanguage(['en-GB', 'ur'])).toBe('en');
    expect(browserLanguage(['fr', 'UR'])).toBe('ur');
    expect(browserLanguage(['de'])).toBe('en');
    expect(browserLanguage([])).toBe('en');
  });
});

describe('format', () => {
  it('fills named placeholders and leaves unknown ones', () => {
    expect(format('{n} of {total}', { n: 3, total: 15 })).toBe('3 of 15');
    expect(format('Hello {name}')).toBe('Hello {name}');
    // A text whose area is not loaded yet shows its key instead of throwing.
    expect(format(undefined, { n: 1 }, 'quiz.title')).toBe('quiz.title');
  });
});

describe('the Urdu catalogue', () => {
  it('has a non-empty Urdu text for every key, with the same placeholders', () => {
    for (const key of Object.keys(en) as (keyof typeof en)[]) {
      const text = ur[key];
      expect(text.trim(), key).not.toBe('');
      const names = (s: string) => [...s.matchAll(/\{(\w+)\}/g)].map((m) => m[1]).sort();
      expect(names(text), key).toEqual(names(en[key]));
    }
  });
});
