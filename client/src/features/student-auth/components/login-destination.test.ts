import { describe, expect, it } from 'vitest';
import { loginDestination, loginState, studentReturnPath } from './login-destination';

describe('loginDestination', () => {
  it('sends a student with an unconfirmed e-mail to the not-verified page when verification is on', () => {
    expect(
      loginDestination({ emailVerified: false, verificationRequired: true, from: { pathname: '/profile' } }),
    ).toBe('/student-not-verified');
  });

  it('lets a student with an unconfirmed e-mail in when verification is off', () => {
    expect(loginDestination({ emailVerified: false, verificationRequired: false, from: null })).toBe(
      '/dashboard',
    );
  });

  it('returns a verified student to the page they were going to, with its query', () => {
    expect(
      loginDestination({
        emailVerified: true,
        verificationRequired: true,
        from: { pathname: '/contest-quiz', search: '?x=1', hash: '' },
      }),
    ).toBe('/contest-quiz?x=1');
  });

  it('goes to the dashboard when there is nowhere to return to', () => {
    expect(loginDestination({ emailVerified: true, verificationRequired: true, from: undefined })).toBe(
      '/dashboard',
    );
  });
});

describe('studentReturnPath', () => {
  it('accepts a path string', () => {
    expect(studentReturnPath('/profile/edit')).toBe('/profile/edit');
  });

  it('refuses other sites, the back office and the log-in pages themselves', () => {
    for (const from of [
      'https://evil.example/',
      '//evil.example/x',
      '/\\evil.example',
      '/admin-a1b2c3/students',
      '/login',
      '/login/',
      { pathname: '/signup' },
      { pathname: '/student-verification', search: '?token=abc' },
      42,
    ]) {
      expect(studentReturnPath(from)).toBeNull();
    }
  });
});

describe('loginState', () => {
  it('reads the return location and a prefilled e-mail', () => {
    expect(loginState({ from: '/profile', email: 'a@b.pk' })).toEqual({ from: '/profile', email: 'a@b.pk' });
  });

  it('copes with no state at all', () => {
    expect(loginState(null)).toEqual({ from: null, email: '' });
  });
});
