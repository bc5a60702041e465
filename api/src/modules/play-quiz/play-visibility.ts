import type { SystemFlags } from '../../contracts/flags.js';
import type { QuizKind } from '../../contracts/quiz-rules.js';

/** What decides whether a contest play's quiz is over. */
export interface ContestWindow {
  phaseId: string;
  phaseStatus: 'UPCOMING' | 'ACTIVE' | 'CLOSED';
  quizClosesAt: Date | null;
}

/**
 * A contest quiz is over once its phase is closed, its closing time has passed, or the contest has
 * moved on to another phase (or none). Switching the contest off is a pause, not its end: children
 * may start again when it is switched back on, so the answers stay hidden.
 */
export function contestOver(flags: SystemFlags, play: ContestWindow, now: Date): boolean {
  return (
    play.phaseStatus === 'CLOSED' ||
    (play.quizClosesAt !== null && play.quizClosesAt <= now) ||
    flags.contestQuizPhase !== play.phaseId
  );
}

export interface PlayVisibility extends ContestWindow {
  kind: QuizKind;
  status: 'IN_PROGRESS' | 'FINISHED' | 'CANCELLED';
}

/**
 * Whether a student may see which of a play's answers were right (per question: correctness,
 * score, time, and the wrong-answer review). Practice always shows feedback; a contest play only
 * once it is finished and its contest is over, or a child could pass the key to friends or to
 * their own next attempt. Staff views are not limited by this.
 */
export function answersShown(flags: SystemFlags, play: PlayVisibility, now: Date): boolean {
  if (play.kind === 'PRACTICE') {
    return true;
  }
  return play.status === 'FINISHED' && contestOver(flags, play, now);
}
