import { describe, expect, it } from 'vitest';
import { displayName, publicEntry } from './display-names.js';

const fatima = { fullName: '  Fatima   Zahra Malik ', studentNo: 100009, schoolName: 'LGS', city: 'Lahore' };

describe('display names', () => {
  it('shows the full name with its spaces tidied', () => {
    expect(displayName('FULL', fatima)).toBe('Fatima Zahra Malik');
  });

  it('shows the first name and the initial of the last name', () => {
    expect(displayName('FIRST_INITIAL', fatima)).toBe('Fatima M.');
  });

  it('shows a one-word name as it is', () => {
    expect(displayName('FIRST_INITIAL', { fullName: 'Ayesha', studentNo: 1 })).toBe('Ayesha');
  });

  it('takes a whole character as the initial', () => {
    expect(displayName('FIRST_INITIAL', { fullName: 'Ali 𝒵ain', studentNo: 1 })).toBe('Ali 𝒵.');
  });

  it('shows only the student number', () => {
    expect(displayName('STUDENT_NO', fatima)).toBe('Student 100009');
  });

  it('hides school and city when the settings say so, and blank ones always', () => {
    const row = { ...fatima, city: '  ', rank: 1, score: 12.5, totalTimeMs: 1000 };
    expect(publicEntry({ nameStyle: 'FULL', showSchool: false, showCity: true }, row)).toEqual({
      rank: 1,
      name: 'Fatima Zahra Malik',
      school: null,
      city: null,
      score: 12.5,
      timeMs: 1000,
    });
  });

  it('drops direction controls and invisible characters a name stored before the check still has', () => {
    const lying = { fullName: '\u202e1# :knaR', studentNo: 100012 };
    expect(displayName('FULL', lying)).toBe('1# :knaR');
    expect(displayName('FIRST_INITIAL', { fullName: 'Ali\u200b \u2067Raza\u2069', studentNo: 1 })).toBe(
      'Ali R.',
    );
    const row = { ...lying, schoolName: '\u202eloohcS', city: 'Lahore', rank: 4, score: 1, totalTimeMs: 1 };
    expect(publicEntry({ nameStyle: 'FULL', showSchool: true, showCity: true }, row)).toMatchObject({
      name: '1# :knaR',
      school: 'loohcS',
    });
  });

  it('shows the student number for a name that is blank once its hidden characters are gone', () => {
    const blank = { fullName: '\u200b\u200b\u200b', studentNo: 100013 };
    expect(displayName('FULL', blank)).toBe('Student 100013');
    expect(displayName('FIRST_INITIAL', blank)).toBe('Student 100013');
  });
});
