import { describe, expect, it } from 'vitest';
import { defaultFlags, type SystemFlags } from '../../contracts/flags.js';
import { answersShown, type ContestWindow, contestOver } from './play-visibility.js';

const PHASE = 'phase-1';
const NOW = new Date('2026-11-25T12:00:00Z');
const flags = (changes: Partial<SystemFlags>): SystemFlags => ({ ...defaultFlags(), ...changes });
const open = flags({ isContestQuizEnabled: true, contestQuizPhase: PHASE });
const running: ContestWindow = { phaseId: PHASE, phaseStatus: 'ACTIVE', quizClosesAt: null };

describe('contestOver', () => {
  it('is false while the contest phase is the play’s, its phase is not closed and its quiz has not closed', () => {
    expect(contestOver(open, running, NOW)).toBe(false);
    expect(contestOver(open, { ...running, quizClosesAt: new Date('2026-11-26T00:00:00Z') }, NOW)).toBe(
      false,
    );
  });

  it('is false while the contest is only switched off (a pause)', () => {
    expect(contestOver(flags({ isContestQuizEnabled: false, contestQuizPhase: PHASE }), running, NOW)).toBe(
      false,
    );
  });

  it('is true once the phase is closed, the quiz has closed, or the contest moved on', () => {
    expect(contestOver(open, { ...running, phaseStatus: 'CLOSED' }, NOW)).toBe(true);
    expect(contestOver(open, { ...running, quizClosesAt: NOW }, NOW)).toBe(true);
    expect(
      contestOver(flags({ isContestQuizEnabled: true, contestQuizPhase: 'phase-2' }), running, NOW),
    ).toBe(true);
    expect(contestOver(flags({ isContestQuizEnabled: true, contestQuizPhase: false }), running, NOW)).toBe(
      true,
    );
  });
});

describe('answersShown', () => {
  const contest = { ...running, kind: 'CONTEST' } as const;
  const closed = { ...contest, phaseStatus: 'CLOSED' } as const;

  it('hides a finished contest play while its contest is open', () => {
    expect(answersShown(open, { ...contest, status: 'FINISHED' }, NOW)).toBe(false);
  });

  it('shows a finished contest play once its contest is over', () => {
    expect(answersShown(open, { ...closed, status: 'FINISHED' }, NOW)).toBe(true);
  });

  it('hides a contest play that is still being played, even after the contest', () => {
    expect(answersShown(open, { ...closed, status: 'IN_PROGRESS' }, NOW)).toBe(false);
  });

  it('always shows practice', () => {
    expect(answersShown(open, { ...contest, kind: 'PRACTICE', status: 'IN_PROGRESS' }, NOW)).toBe(true);
  });
});
