import { describe, expect, it } from 'vitest';
import { newPasswordProblems, serverPasswordProblem } from './new-password-rules';

describe('new staff password', () => {
  it('accepts ten characters typed twice', () => {
    expect(newPasswordProblems('ten chars!', 'ten chars!')).toEqual({});
  });

  it('asks for both boxes when they are empty', () => {
    expect(newPasswordProblems('', '')).toEqual({
      password: 'Choose a new password.',
      confirm: 'Type the new password again.',
    });
  });

  it('refuses fewer than ten characters, counting what was typed', () => {
    expect(newPasswordProblems('short', 'short').password).toBe('Use at least 10 characters (5 so far).');
  });

  it('refuses a confirmation that differs', () => {
    expect(newPasswordProblems('long enough pass', 'long enough pas')).toEqual({
      confirm: 'The two passwords are different.',
    });
  });

  it("turns the api's field problem into a sentence", () => {
    expect(serverPasswordProblem('must not be your e-mail address')).toBe(
      'The password must not be your e-mail address',
    );
    expect(serverPasswordProblem('Too common.')).toBe('Too common.');
  });
});
