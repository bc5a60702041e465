import { describe, expect, it } from 'vitest';
import { defaultFlags, type SystemFlags } from '../../contracts/flags.js';
import { answersShown, contestOver } from './play-visibility.js';

const PHASE = 'phase-1';
const flags = (changes: Partial<SystemFlags>): SystemFlags => ({ ...defaultFlags(), ...changes });
const open = flags({ isContestQuizEnabled: true, contestQuizPhase: PHASE });

describe('contestOver', () => {
  it('is false only while the contest is on and in the play’s phase', () => {
    expect(contestOver(open, PHASE)).toBe(false);
    expect(contestOver(flags({ isContestQuizEnabled: false, contestQuizPhase: PHASE }), PHASE)).toBe(true);
    expect(contestOver(flags({ isContestQuizEnabled: true, contestQuizPhase: 'phase-2' }), PHASE)).toBe(true);
    expect(contestOver(flags({ isContestQuizEnabled: true, contestQuizPhase: false }), PHASE)).toBe(true);
  });
});

describe('answersShown', () => {
  const contest = { kind: 'CONTEST', phaseId: PHASE } as const;

  it('hides a finished contest play while its contest is open', () => {
    expect(answersShown(open, { ...contest, status: 'FINISHED' })).toBe(false);
  });

  it('shows a finished contest play once its contest is over', () => {
    expect(answersShown(flags({ isContestQuizEnabled: false }), { ...contest, status: 'FINISHED' })).toBe(
      true,
    );
  });

  it('hides a contest play that is still being played, even after the contest', () => {
    expect(answersShown(flags({}), { ...contest, status: 'IN_PROGRESS' })).toBe(false);
  });

  it('always shows practice', () => {
    expect(answersShown(open, { kind: 'PRACTICE', phaseId: PHASE, status: 'IN_PROGRESS' })).toBe(true);
  });
});
