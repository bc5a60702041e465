import type { ContestStage } from '../../contracts/contest-lifecycle.js';
import type { QuizKind } from '../../contracts/quiz-rules.js';

export interface PlayVisibility {
  kind: QuizKind;
  status: 'IN_PROGRESS' | 'FINISHED' | 'CANCELLED';
}

/**
 * Whether a student may see which of a play's answers were right (per question: correctness,
 * score, time, and the wrong-answer review). Practice always shows feedback; a contest play only
 * once it is finished and its phase's results are released (contracts/contest-lifecycle.ts), or a
 * child could pass the key to friends or to their own next attempt. Staff views are not limited by this.
 */
export function answersShown(play: PlayVisibility, stage: ContestStage | null): boolean {
  if (play.kind === 'PRACTICE') {
    return true;
  }
  return play.status === 'FINISHED' && stage === 'RELEASED';
}
