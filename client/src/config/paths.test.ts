import { describe, expect, it } from 'vitest';
import { adminPagePath, isAdminPath, shouldFetchFlagsOnStart } from './paths';

describe('shouldFetchFlagsOnStart', () => {
  it('fetches on public and student pages', () => {
    for (const path of ['/', '/login', '/dashboard', '/riyazi-sponsor', '/quizzes-info']) {
      expect(shouldFetchFlagsOnStart(path)).toBe(true);
    }
  });

  it('skips admin and quiz routes', () => {
    for (const path of ['/admin-a1b2c3', '/admin-a1b2c3/login', '/quiz', '/quiz-results', '/quiz/anything']) {
      expect(shouldFetchFlagsOnStart(path)).toBe(false);
    }
  });
});

describe('admin paths', () => {
  it('fills route parameters', () => {
    expect(adminPagePath('studentView', { id: 'a b' })).toBe('/admin-a1b2c3/students/view/a%20b');
  });

  it('does not mistake a look-alike prefix for the back office', () => {
    expect(isAdminPath('/admin-a1b2c3x')).toBe(false);
  });
});
