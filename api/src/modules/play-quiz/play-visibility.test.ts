import { describe, expect, it } from 'vitest';
import { CONTEST_STAGES } from '../../contracts/contest-lifecycle.js';
import { answersShown } from './play-visibility.js';

describe('answersShown', () => {
  const finished = { kind: 'CONTEST', status: 'FINISHED' } as const;

  it.each(CONTEST_STAGES.filter((stage) => stage !== 'RELEASED'))(
    'hides a finished contest play while its contest is %s',
    (stage) => {
      expect(answersShown(finished, stage)).toBe(false);
    },
  );

  it('shows a finished contest play once its results are released', () => {
    expect(answersShown(finished, 'RELEASED')).toBe(true);
  });

  it('hides a contest play that is still being played, even after the release', () => {
    expect(answersShown({ ...finished, status: 'IN_PROGRESS' }, 'RELEASED')).toBe(false);
  });

  it('always shows practice', () => {
    expect(answersShown({ kind: 'PRACTICE', status: 'IN_PROGRESS' }, null)).toBe(true);
  });
});
