import { describe, expect, it } from 'vitest';
import { PAKISTAN_CITIES } from './cities.js';
import { normalizePakistaniMobile, passwordProblem, REFERRAL_SOURCES, signupSchema } from './schemas.js';

describe('account rules shared by the forms and the api', () => {
  it.each([
    ['03001234567', '03001234567'],
    ['0300-1234567', '03001234567'],
    ['+92 300 1234567', '03001234567'],
    ['00923451234567', '03451234567'],
    ['923211234567', '03211234567'],
  ])('normalise the mobile number %s', (input, expected) => {
    expect(normalizePakistaniMobile(input)).toBe(expected);
  });

  it.each(['0421234567', '0300123456', '+1 300 1234567', '04212345678', 'abc'])(
    'refuse %s as a mobile number',
    (input) => {
      expect(normalizePakistaniMobile(input)).toBeNull();
    },
  );

  it('refuse short, common and e-mail passwords, and accept a decent one', () => {
    expect(passwordProblem('short', 'a@b.pk')).toMatch(/8 characters/);
    expect(passwordProblem('Pakistan123', 'a@b.pk')).toMatch(/common/);
    expect(passwordProblem('Ali@School.pk', 'ali@school.pk')).toMatch(/e-mail/);
    expect(passwordProblem('Mangoes are sweet 7', 'a@b.pk')).toBeNull();
  });

  it('offer about 250 unique cities and the 13 referral sources', () => {
    expect(PAKISTAN_CITIES.length).toBeGreaterThanOrEqual(240);
    expect(new Set(PAKISTAN_CITIES).size).toBe(PAKISTAN_CITIES.length);
    expect(PAKISTAN_CITIES).toEqual(
      expect.arrayContaining(['Lahore', 'Karachi', 'Quetta', 'Gilgit', 'Muzaffarabad']),
    );
    expect(REFERRAL_SOURCES).toHaveLength(13);
  });

  it('report every invalid sign-up field at once', () => {
    const result = signupSchema.safeParse({ email: 'x@y.pk', password: 'x@y.pk', acceptTerms: false });
    const fields = new Set(result.error?.issues.map((i) => i.path[0]));
    expect(fields).toEqual(
      new Set([
        'fullName',
        'fatherName',
        'phone',
        'gender',
        'city',
        'schoolName',
        'gradeId',
        'referralSource',
        'password',
        'acceptTerms',
      ]),
    );
  });
});
