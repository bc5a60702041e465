import type { Db } from '@riyazi/db';
import type { Executor } from '../../lib/db.js';
import { badRequest, conflict } from '../../lib/errors.js';
import { findPlay, lockPlay, type PlayRow } from './play-quiz.repository.js';
import * as repo from './play-rescore.repository.js';
import { gradeAnswer } from './play-scoring.js';

interface Grade {
  /** null: never scored. */
  correct: boolean | null;
  score: number | null;
}

/** One answer whose grade the current answer key changes; `number` counts from 1. */
export interface AnswerRegrade {
  number: number;
  questionId: string;
  was: Grade;
  now: { correct: boolean; score: number };
}

export interface PlayTotals {
  score: number;
  correctCount: number;
}

/** A finished play against the answer key as it is now. */
export interface PlayRescore {
  play: Pick<PlayRow, 'id' | 'kind' | 'phaseId' | 'gradeId' | 'quizTitle'> & { studentName: string };
  before: PlayTotals;
  after: PlayTotals;
  changes: AnswerRegrade[];
}

/** Scores are numeric(8, 4) in the database: compare and add them at that precision. */
const fourPlaces = (n: number) => Math.round(n * 10_000) / 10_000;

/** The finished play to rescore: 400 when no play has the id, 409 while it is not finished. */
export async function findFinishedPlay(db: Executor, playId: string): Promise<PlayRow> {
  const play = await findPlay(db, playId);
  if (!play) {
    throw badRequest('No play has this id');
  }
  if (play.status !== 'FINISHED') {
    throw conflict(
      `Only a finished play can be rescored; this one is ${play.status === 'CANCELLED' ? 'cancelled' : 'still in progress'}.`,
    );
  }
  return play;
}

/**
 * Grades each answer of the play again as the scoring worker would now: the same rule
 * (gradeAnswer), the stored time taken, the question's current key and weight and the quiz's
 * time per question. Lists the answers whose grade that changes, and the totals it gives.
 */
async function regrade(db: Executor, play: PlayRow): Promise<PlayRescore> {
  const answers = await repo.answersOfPlay(db, play.id);
  const changes: AnswerRegrade[] = [];
  const after: PlayTotals = { score: 0, correctCount: 0 };
  for (const answer of answers) {
    const now = gradeAnswer({
      ...answer,
      weight: Number(answer.weight),
      secondsPerQuestion: play.secondsPerQuestion,
    });
    after.score = fourPlaces(after.score + now.score);
    after.correctCount += now.correct ? 1 : 0;
    const was = { correct: answer.isCorrect, score: answer.score === null ? null : Number(answer.score) };
    if (was.correct !== now.correct || was.score === null || fourPlaces(was.score) !== now.score) {
      changes.push({ number: answer.position + 1, questionId: answer.questionId, was, now });
    }
  }
  const { id, kind, phaseId, gradeId, quizTitle, studentId } = play;
  return {
    play: { id, kind, phaseId, gradeId, quizTitle, studentName: await repo.studentNameOf(db, studentId) },
    before: { score: Number(play.score), correctCount: play.correctCount },
    after,
    changes,
  };
}

/** Whether the rescore changes anything: an answer's grade, or totals that drifted from the answers. */
export const rescoreChanges = (r: PlayRescore) =>
  r.changes.length > 0 ||
  fourPlaces(r.before.score) !== r.after.score ||
  r.before.correctCount !== r.after.correctCount;

/** What rescorePlay would change, changing nothing. */
export async function previewRescore(db: Db, playId: string): Promise<PlayRescore> {
  return regrade(db, await findFinishedPlay(db, playId));
}

/**
 * Writes the grades the current answer key gives a finished play, and its totals summed again, in
 * one transaction on the locked play (the quiz performance figures too). Times are left as they are.
 * Run again, it changes nothing. The caller re-ranks a contest play's phase and grade.
 */
export async function rescorePlay(db: Db, playId: string): Promise<PlayRescore> {
  return db.transaction().execute(async (trx) => {
    await lockPlay(trx, playId);
    const result = await regrade(trx, await findFinishedPlay(trx, playId));
    if (!rescoreChanges(result)) {
      return result;
    }
    // The quiz performance figures lose the old grades and count the new ones, in this transaction.
    await repo.addCountedPlayStats(trx, playId, -1);
    await repo.setAnswerGrades(
      trx,
      playId,
      result.changes.map((c) => ({ questionId: c.questionId, ...c.now })),
    );
    await repo.addCountedPlayStats(trx, playId, 1);
    return { ...result, after: await repo.resumPlayTotals(trx, playId) };
  });
}
