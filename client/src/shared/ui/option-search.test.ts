import { describe, expect, it } from 'vitest';
import { exactOption, matchRank, normalizeSearchText, searchOptions } from './option-search';

const CITIES = [
  'Bahawalpur',
  'Dera Ghazi Khan',
  'Dera Ismail Khan',
  'Karachi',
  'Lahore',
  'Toba Tek Singh',
] as const;

describe('searchOptions', () => {
  it('keeps every option, in order, for an empty query', () => {
    expect(searchOptions(CITIES, '  ')).toEqual([...CITIES]);
  });

  it('ranks a name that starts with the query before one that merely contains it', () => {
    expect(searchOptions(['Islamabad', 'Abbottabad', 'Abbaspur'], 'ab')).toEqual([
      'Abbottabad',
      'Abbaspur',
      'Islamabad',
    ]);
  });

  it('ranks a word start before a match inside a word', () => {
    expect(searchOptions(['Pindi Bhattian', 'Rawalpindi'], 'pindi')).toEqual([
      'Pindi Bhattian',
      'Rawalpindi',
    ]);
    expect(searchOptions(['Mandi Bahauddin', 'Bahawalpur'], 'baha')).toEqual([
      'Bahawalpur',
      'Mandi Bahauddin',
    ]);
  });

  it('puts the exact name first', () => {
    expect(searchOptions(['Hala', 'Halani', 'Mirpur Hala'] as const, 'hala')[0]).toBe('Hala');
  });

  it('ignores case, accents, dashes and extra spaces', () => {
    expect(searchOptions(CITIES, '  LAHÓRE ')).toEqual(['Lahore']);
    expect(searchOptions(CITIES, 'dera-ismail')).toEqual(['Dera Ismail Khan']);
  });

  it('finds a name from the starts of its words, such as D.I. Khan and D.G. Khan', () => {
    expect(searchOptions(CITIES, 'D.I. Khan')).toEqual(['Dera Ismail Khan']);
    expect(searchOptions(CITIES, 'dgk')).toEqual(['Dera Ghazi Khan']);
    expect(searchOptions(CITIES, 'toba singh')).toEqual(['Toba Tek Singh']);
  });

  it('returns nothing when no option matches', () => {
    expect(searchOptions(CITIES, 'London')).toEqual([]);
  });
});

describe('matchRank', () => {
  it('does not treat a single letter as an abbreviation', () => {
    expect(matchRank('Karachi', 'x')).toBeNull();
  });
});

describe('exactOption', () => {
  it('returns the listed spelling of a typed name', () => {
    expect(exactOption(CITIES, 'karachi ')).toBe('Karachi');
    expect(exactOption(CITIES, 'dera ghazi-khan')).toBe('Dera Ghazi Khan');
  });

  it('is null for a name that is not listed, or nothing typed', () => {
    expect(exactOption(CITIES, 'Karach')).toBeNull();
    expect(exactOption(CITIES, '')).toBeNull();
  });
});

describe('normalizeSearchText', () => {
  it('collapses punctuation and spaces', () => {
    expect(normalizeSearchText(' Wah  Cantt. ')).toBe('wah cantt');
  });
});
