import { PAKISTAN_CITIES, type StudentProfile } from '@riyazi/api/contracts/accounts';
import { beforeAll, describe, expect, it } from 'vitest';
import { loadStudentMessages } from '../../../shared/i18n/i18n-store';
import { searchOptions } from '../../../shared/ui/option-search';
import {
  checkProfile,
  checkSignup,
  describeProblem,
  describeServerProblems,
  gradeChoices,
  profileToValues,
  type SignupValues,
} from './account-form';

// The student pages' English texts, as their routes load them before rendering.
beforeAll(loadStudentMessages);

const VALID: SignupValues = {
  fullName: 'Ayesha Khan',
  fatherName: 'Imran Khan',
  email: ' Ayesha@Example.PK ',
  password: 'maths-is-fun-2024',
  phone: '+92 300 1234567',
  gender: 'FEMALE',
  city: 'Lahore',
  schoolName: 'City School',
  gradeId: '3f0c1c7e-8a2b-4c1d-9e4f-1a2b3c4d5e6f',
  referralSource: 'School',
  acceptTerms: true,
};

describe('checkSignup', () => {
  it('accepts a complete form and sends normalised values', () => {
    const check = checkSignup(VALID);
    expect(check.ok).toBe(true);
    if (check.ok) {
      expect(check.data.email).toBe('ayesha@example.pk');
      expect(check.data.phone).toBe('03001234567');
    }
  });

  it('says which fields are missing, in words for a child or a parent', () => {
    const check = checkSignup({
      ...VALID,
      fullName: ' ',
      gender: '',
      city: '',
      gradeId: '',
      password: '',
      acceptTerms: false,
    });
    expect(check.problems).toEqual({
      fullName: 'Full name is required',
      password: 'Password is required',
      gender: 'Please choose one',
      city: 'Please choose your city from the list',
      gradeId: 'Please choose the grade',
      acceptTerms: 'Please accept the terms and the privacy policy to continue',
    });
  });

  it('refuses a city that is not on the list, a foreign phone and a weak password', () => {
    const check = checkSignup({
      ...VALID,
      city: 'Londonabad',
      phone: '+44 20 7946 0000',
      password: '12345678',
    });
    expect(check.problems.city).toBe('City must be a city from the list');
    expect(check.problems.phone).toBe('Mobile number must be a Pakistani mobile number like 03001234567');
    expect(check.problems.password).toBe('Password is too common: choose something harder to guess');
  });

  it('refuses the e-mail address as the password', () => {
    const check = checkSignup({ ...VALID, password: 'ayesha@example.pk' });
    expect(check.problems.password).toBe('Password must not be your e-mail address');
  });
});

describe('describeProblem', () => {
  it('words a server problem for the field it belongs to', () => {
    expect(describeProblem('gradeId', 'must be one of the grades offered')).toBe(
      'Grade must be one of the grades offered',
    );
    expect(describeProblem('recaptchaToken', 'Please confirm that you are not a robot')).toBe(
      'Please confirm that you are not a robot',
    );
  });
});

const PROFILE: StudentProfile = {
  _id: 'p1',
  studentId: 1042,
  fullName: 'Ayesha Khan',
  fatherName: null,
  email: 'ayesha@example.pk',
  pendingEmail: null,
  emailVerified: true,
  phone: null,
  gender: null,
  city: 'Lahore',
  schoolName: null,
  grade: { _id: '0b6f3a52-1c1d-4e5f-8a9b-0c1d2e3f4a5b', title: 'Grade 4' },
  referralSource: null,
  isProfileCompleted: false,
  verification: { status: 'NOT_SUBMITTED', reason: null, documentUploaded: false },
  contestAttempts: 0,
  createdAt: '2024-09-01T10:00:00.000Z',
};

describe('profile form', () => {
  it('starts from the saved profile with empty fields for missing values', () => {
    expect(profileToValues(PROFILE)).toMatchObject({
      fatherName: '',
      phone: '',
      gender: '',
      gradeId: PROFILE.grade?._id,
    });
  });

  it('asks for what a bulk-uploaded student still has to fill in', () => {
    const check = checkProfile(profileToValues(PROFILE));
    expect(Object.keys(check.problems).sort()).toEqual(
      ['fatherName', 'gender', 'phone', 'referralSource', 'schoolName'].sort(),
    );
  });

  it("keeps the student's grade in the choices when it is no longer offered", () => {
    const choices = gradeChoices([{ _id: 'g5', title: 'Grade 5' }], PROFILE.grade);
    expect(choices.map((g) => g.title)).toEqual(['Grade 5', 'Grade 4']);
    expect(gradeChoices([{ _id: PROFILE.grade?._id ?? '', title: 'Grade 4' }], PROFILE.grade)).toHaveLength(
      1,
    );
  });
});

describe('city search over the real list', () => {
  it('finds the big cities first from their first letters', () => {
    expect(searchOptions(PAKISTAN_CITIES, 'kar')[0]).toBe('Karachi');
    expect(searchOptions(PAKISTAN_CITIES, 'isl')[0]).toBe('Islamabad');
    expect(searchOptions(PAKISTAN_CITIES, 'lah')[0]).toBe('Lahore');
    expect(searchOptions(PAKISTAN_CITIES, 'pindi')).toContain('Rawalpindi');
    expect(searchOptions(PAKISTAN_CITIES, 'D.I. Khan')[0]).toBe('Dera Ismail Khan');
  });
});

describe('describeServerProblems', () => {
  it("words the server's problems for this form's fields and drops the others", () => {
    expect(
      describeServerProblems(
        { gradeId: 'must be one of the grades offered', password: 'is required', body: 'is invalid' },
        ['gradeId', 'email'] as const,
      ),
    ).toEqual({ gradeId: 'Grade must be one of the grades offered' });
  });
});
