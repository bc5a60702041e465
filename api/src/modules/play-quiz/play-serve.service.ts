import { serveQuestion as serveQuestionShape } from '#modules/questions';
import type { PlayClock, ServedWithTimer } from '../../contracts/play-quiz.js';
import type { EngineDeps } from '../../engine.js';
import { notFound } from '../../lib/errors.js';
import * as repo from './play-quiz.repository.js';
import { refuse } from './play-shared.js';

/**
 * GET /play-quiz/question: questions are served in order. The first serve starts the clock
 * (served_at, deadline = served_at + the quiz's seconds); serving again returns the same
 * deadline, so a reload never gives a fresh 180 s.
 */
export async function serveQuestion(
  { db, engine }: EngineDeps,
  studentId: string,
  playId: string,
  questionId: string,
): Promise<ServedWithTimer> {
  const rows = await engine.play.serve({ playId, questionId, studentId, now: new Date() });
  const play = rows[0];
  // Another student's play is "not found": its existence is not theirs to learn.
  if (!play || play.studentId !== studentId) {
    throw notFound('Play not found');
  }
  if (play.status !== 'IN_PROGRESS') {
    throw refuse(409, 'This quiz is already over.', 'PLAY_OVER');
  }
  const index = rows.findIndex((q) => q.questionId === questionId);
  if (index === -1) {
    throw notFound('This question is not part of the quiz');
  }
  const current = rows.findIndex((q) => q.outcome === null);
  if (index !== current) {
    throw refuse(
      409,
      index < current ? 'This question has already been answered.' : 'Answer the current question first.',
      index < current ? 'ALREADY_ANSWERED' : 'NOT_CURRENT',
    );
  }
  const row = rows[index]!;
  const timer =
    row.servedAt && row.deadlineAt
      ? { servedAt: row.servedAt, deadlineAt: row.deadlineAt }
      : play.firstServedAt && play.firstDeadlineAt
        ? { servedAt: play.firstServedAt, deadlineAt: play.firstDeadlineAt }
        : // Served by a simultaneous request (a double tap): read the deadline it set.
          await repo.servedTimer(db, playId, questionId);
  const stored = await engine.play.question(questionId);
  if (!stored) {
    throw notFound('Question not found');
  }
  const served = serveQuestionShape(stored, {
    servedId: questionId,
    optionOrder: row.optionOrder,
    revealAnswers: play.kind === 'PRACTICE',
  });
  return {
    question: served,
    index,
    servedAt: timer.servedAt.toISOString(),
    ...playClock(timer.deadlineAt, play.kind === 'PRACTICE' ? row.pausedAt : null),
    ranOut: ranOutBefore(rows, index),
  };
}

/** The question's clock now: a paused practice question keeps the time it had when paused. */
export function playClock(deadlineAt: Date, pausedAt: Date | null, now = new Date()): PlayClock {
  return {
    deadline: deadlineAt.toISOString(),
    remainingMs: Math.max(0, deadlineAt.getTime() - now.getTime()),
    serverTime: now.toISOString(),
    pausedRemainingMs: pausedAt === null ? null : Math.max(0, deadlineAt.getTime() - pausedAt.getTime()),
  };
}

/** The run of questions right before `index` whose time ran out unanswered, in order. */
function ranOutBefore(rows: { ranOut: boolean }[], index: number): number[] {
  const missed: number[] = [];
  for (let i = index - 1; i >= 0 && rows[i]?.ranOut; i -= 1) {
    missed.unshift(i);
  }
  return missed;
}
