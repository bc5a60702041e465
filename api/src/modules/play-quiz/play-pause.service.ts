import type { Db } from '@riyazi/db';
import type { PlayClock } from '../../contracts/play-quiz.js';
import { notFound } from '../../lib/errors.js';
import * as repo from './play-quiz.repository.js';
import { playClock } from './play-serve.service.js';
import { refuse } from './play-shared.js';

/**
 * POST /play-quiz/pause and /play-quiz/resume: a practice play's current question stops its clock
 * on the server, so every device the student opens it on finds it paused with the same time left.
 * Resuming moves the question's served time and deadline on by the pause. Contests never pause.
 * Both are idempotent: pausing a paused question (or resuming a running one) changes nothing.
 */
export async function setPracticePaused(
  db: Db,
  studentId: string,
  playId: string,
  paused: boolean,
): Promise<PlayClock> {
  return db.transaction().execute(async (trx) => {
    const play = await repo.lockPlay(trx, playId);
    if (!play || play.studentId !== studentId) {
      throw notFound('Play not found');
    }
    if (play.kind === 'CONTEST') {
      throw refuse(409, 'A contest cannot be paused.', 'CONTEST_NOT_PAUSABLE');
    }
    if (play.status !== 'IN_PROGRESS') {
      throw refuse(409, 'This quiz is already over.', 'PLAY_OVER');
    }
    const current = await repo.currentQuestionClock(trx, playId);
    if (!current?.servedAt || !current.deadlineAt) {
      throw refuse(409, 'There is no question on the clock to pause.', 'NOT_SERVED');
    }
    const now = new Date();
    const { servedAt, deadlineAt, pausedAt } = current;
    if (paused && pausedAt === null) {
      await repo.setQuestionClock(trx, playId, current.questionId, { servedAt, deadlineAt, pausedAt: now });
      return playClock(deadlineAt, now, now);
    }
    if (!paused && pausedAt !== null) {
      const byMs = Math.max(0, now.getTime() - pausedAt.getTime());
      const moved = {
        servedAt: new Date(servedAt.getTime() + byMs),
        deadlineAt: new Date(deadlineAt.getTime() + byMs),
        pausedAt: null,
      };
      await repo.setQuestionClock(trx, playId, current.questionId, moved);
      return playClock(moved.deadlineAt, null, now);
    }
    return playClock(deadlineAt, pausedAt, now);
  });
}
