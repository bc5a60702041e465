import type { SystemFlags } from '../../contracts/flags.js';
import type { QuizKind } from '../../contracts/quiz-rules.js';

/** A phase's contest is over once the contest is switched off or has moved on to another phase. */
export function contestOver(flags: SystemFlags, phaseId: string): boolean {
  return !(flags.isContestQuizEnabled && flags.contestQuizPhase === phaseId);
}

export interface PlayVisibility {
  kind: QuizKind;
  status: 'IN_PROGRESS' | 'FINISHED' | 'CANCELLED';
  phaseId: string;
}

/**
 * Whether a student may see which of a play's answers were right (per question: correctness,
 * score, time, and the wrong-answer review). Practice always shows feedback; a contest play only
 * once it is finished and its contest is over, or a child could pass the key to friends or to
 * their own next attempt. Staff views are not limited by this.
 */
export function answersShown(flags: SystemFlags, play: PlayVisibility): boolean {
  if (play.kind === 'PRACTICE') {
    return true;
  }
  return play.status === 'FINISHED' && contestOver(flags, play.phaseId);
}
