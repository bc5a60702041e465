import { describe, expect, it } from 'vitest';
import { fieldMessage, firstInvalidField, problemsByField, splitServerProblems } from './form-errors';

const FIELDS = ['email', 'password', 'phone'] as const;

describe('problemsByField', () => {
  it('keeps the first problem of each known field', () => {
    const problems = problemsByField(
      [
        { path: ['email'], message: 'is required' },
        { path: ['email'], message: 'must be a valid e-mail address' },
        { path: ['password'], message: 'must be at least 8 characters' },
        { path: ['surprise'], message: 'ignored' },
      ],
      FIELDS,
    );
    expect(problems).toEqual({ email: 'is required', password: 'must be at least 8 characters' });
  });
});

describe('splitServerProblems', () => {
  it("puts the server's problems on the form's fields and keeps the others apart", () => {
    const { problems, other } = splitServerProblems(
      { phone: 'must be a Pakistani mobile number like 03001234567', body: 'is invalid' },
      FIELDS,
    );
    expect(problems).toEqual({ phone: 'must be a Pakistani mobile number like 03001234567' });
    expect(other).toEqual(['is invalid']);
  });
});

describe('fieldMessage', () => {
  it('puts the field name before a problem phrase', () => {
    expect(fieldMessage('Full name', 'is required')).toBe('Full name is required');
  });

  it('leaves a whole sentence alone', () => {
    expect(fieldMessage('Security check', 'Please confirm that you are not a robot')).toBe(
      'Please confirm that you are not a robot',
    );
  });
});

describe('firstInvalidField', () => {
  it('follows the order of the form, not of the problems', () => {
    expect(firstInvalidField(FIELDS, { phone: 'x', password: 'y' })).toBe('password');
  });

  it('is null when every field is fine', () => {
    expect(firstInvalidField(FIELDS, {})).toBeNull();
  });
});
