import type { Db } from '@riyazi/db';
import { contestStageOf } from '#modules/phases';
import { loadServedQuestion } from '#modules/questions';
import type { PlayResults } from '../../contracts/play-quiz.js';
import { notFound } from '../../lib/errors.js';
import * as repo from './play-quiz.repository.js';
import { ownPlay, refuse } from './play-shared.js';
import { answersShown } from './play-visibility.js';

/** POST /play-quiz/cancel: a practice play may be stopped; a contest never is. */
export async function cancelPlay(db: Db, studentId: string, playId: string): Promise<void> {
  await db.transaction().execute(async (trx) => {
    const play = await repo.lockPlay(trx, playId);
    if (!play || play.studentId !== studentId) {
      throw notFound('Play not found');
    }
    if (play.kind === 'CONTEST') {
      throw refuse(409, 'A contest cannot be stopped.', 'CONTEST_NOT_CANCELLABLE');
    }
    if (play.status === 'IN_PROGRESS') {
      await repo.cancelPlay(trx, playId);
    }
  });
}

/** Whether the student may see this play's answers: see play-visibility.ts. */
const reviewOpen = async (db: Db, play: repo.PlayRow) =>
  answersShown(play, play.kind === 'PRACTICE' ? null : await contestStageOf(db, play.phaseId));

/**
 * POST /play-quiz/results. While the answers are not shown (a contest still open), only the
 * totals and each question's outcome: no per-question correctness, score or time. The totals of a
 * contest play still being played are withheld too: read after each answer, a running total would
 * tell which answers scored.
 */
export async function playResults(db: Db, studentId: string, playId: string): Promise<PlayResults> {
  const play = await ownPlay(db, studentId, playId);
  const [questions, shown] = await Promise.all([repo.playQuestionsOf(db, playId), reviewOpen(db, play)]);
  const pending =
    play.status === 'IN_PROGRESS' || questions.some((q) => q.outcome !== null && q.isCorrect === null);
  const totalsShown = shown || play.status === 'FINISHED';
  return {
    play: {
      _id: play.id,
      kind: play.kind,
      status: play.status,
      quizTitle: play.quizTitle,
      questionCount: play.questionCount,
      score: totalsShown ? play.score : null,
      correctCount: totalsShown ? play.correctCount : null,
      answeredCount: questions.filter((q) => q.outcome === 'ANSWERED').length,
      totalTimeMs: play.totalTimeMs,
      finishedAt: play.finishedAt?.toISOString() ?? null,
      pending,
    },
    questions: questions.map((q, index) => ({
      index,
      questionId: q.questionId,
      outcome: q.outcome,
      ...(shown ? { isCorrect: q.isCorrect, score: q.score, timeTakenMs: q.timeTakenMs } : {}),
    })),
    rank: null,
    reviewOpen: shown,
  };
}

/**
 * GET /play-quiz/wrong?id: the questions answered wrongly (or not at all), with the right answers.
 * A student sees their own finished play once its review opens; staff (student:read, checked by the
 * route) see any play as it stands, as the attempt detail already shows them everything.
 */
export async function wrongAnswers(db: Db, viewer: { studentId: string } | { staff: true }, playId: string) {
  if ('studentId' in viewer) {
    const play = await ownPlay(db, viewer.studentId, playId);
    if (play.status !== 'FINISHED') {
      throw refuse(409, 'The review opens when the quiz is finished.', 'PLAY_NOT_FINISHED');
    }
    if (!(await reviewOpen(db, play))) {
      throw refuse(403, 'Contest answers are shown once the results are released.', 'REVIEW_CLOSED');
    }
  } else if (!(await repo.findPlay(db, playId))) {
    throw notFound('Play not found');
  }
  const questions = await repo.playQuestionsOf(db, playId);
  const wrong = questions.filter((q) => q.isCorrect === false);
  const served = await Promise.all(
    wrong.map((q) =>
      loadServedQuestion(db, q.questionId, { optionOrder: q.optionOrder, revealAnswers: true }).then(
        (question) => ({
          index: q.position,
          question,
          outcome: q.outcome,
          selectedOptionIds: q.selectedOptionIds ?? [],
          answerText: q.answerText,
        }),
      ),
    ),
  );
  return served.flatMap((item) => (item.question === null ? [] : [{ ...item, question: item.question }]));
}
