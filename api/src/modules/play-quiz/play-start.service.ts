import { randomUUID } from 'node:crypto';
import type { Db } from '@riyazi/db';
import { qualifiesFor } from '#modules/phase-progress';
import type { OriginHashes } from '#modules/integrity';
import { isProfileCompleted } from '#modules/student-auth';
import { normalizeFlags, type SystemFlags } from '../../contracts/flags.js';
import type { PlayDto, QuizDto } from '../../contracts/play-quiz.js';
import { takesStarts } from '../../contracts/contest-lifecycle.js';
import type { QuizKind } from '../../contracts/quiz-rules.js';
import { type HttpError, notFound } from '../../lib/errors.js';
import { playStarts } from '../../metrics/metrics.js';
import type { StartContext } from './play-batches.repository.js';
import { drawFrom, poolKey } from './play-pool.js';
import * as repo from './play-quiz.repository.js';
import { noAttempts, type PlayDeps, refuse } from './play-shared.js';

// Children made once: the hot path does not build a labels object per call.
const startsOf = { CONTEST: playStarts.labels('contest'), PRACTICE: playStarts.labels('practice') };

/** Why this student may not start this quiz now, or null. Checked in spec order; first reason wins. */
function gateMessage(flags: SystemFlags, quiz: repo.PlayQuiz, kind: QuizKind, now: Date): HttpError | null {
  const enabled = kind === 'CONTEST' ? flags.isContestQuizEnabled : flags.isPracticeQuizEnabled;
  if (!enabled) {
    return refuse(
      403,
      kind === 'CONTEST' ? 'The contest is not open right now.' : 'Practice quizzes are not open right now.',
      kind === 'CONTEST' ? 'CONTEST_CLOSED' : 'PRACTICE_CLOSED',
    );
  }
  const phase = kind === 'CONTEST' ? flags.contestQuizPhase : flags.practiceQuizPhase;
  if (!quiz.isActive || quiz.kind !== kind || phase !== quiz.phaseId) {
    return refuse(404, 'This quiz is not available.', 'QUIZ_NOT_AVAILABLE');
  }
  if (quiz.opensAt !== null && now < quiz.opensAt) {
    return refuse(403, 'This quiz has not opened yet.', 'QUIZ_NOT_OPEN');
  }
  if (quiz.closesAt !== null && now >= quiz.closesAt) {
    return refuse(403, 'This quiz has closed.', 'QUIZ_CLOSED');
  }
  return null;
}

/** Starts are open only while the phase's contest is OPEN (contracts/contest-lifecycle.ts). */
function contestRefusal(phase: StartContext['phase'], now: Date): HttpError | null {
  if (phase === null || takesStarts(phase, now)) {
    return null;
  }
  const scheduled = phase.status === 'UPCOMING' || (phase.status === 'ACTIVE' && now < phase.startsAt);
  return scheduled
    ? refuse(403, 'The contest has not started yet.', 'CONTEST_NOT_STARTED')
    : refuse(403, 'The contest has ended.', 'CONTEST_ENDED');
}

async function playDto(db: Db, playId: string): Promise<PlayDto> {
  const play = await repo.findPlay(db, playId);
  if (!play) {
    throw notFound('Play not found');
  }
  const questions = await repo.playQuestionsOf(db, playId);
  const firstOpen = questions.findIndex((q) => q.outcome === null);
  return {
    _id: play.id,
    questionCount: play.questionCount,
    practice: play.kind === 'PRACTICE',
    status: play.status,
    questions: questions.map((q) => ({
      _id: q.questionId,
      question: q.questionId,
      position: q.position,
      answered: q.outcome !== null,
    })),
    currentIndex: firstOpen === -1 ? questions.length : firstOpen,
    quiz: play.quizId,
  };
}

const quizDto = (quiz: repo.PlayQuiz): QuizDto => ({
  _id: quiz.id,
  title: quiz.title,
  kind: quiz.kind,
  questionCount: quiz.questionCount,
  secondsPerQuestion: quiz.secondsPerQuestion,
  attemptsAllowed: quiz.attemptsAllowed,
});

/**
 * POST /play-quiz/: starts (or resumes) a play in two statements, each shared with the students
 * starting at the same moment (see lib/batcher.ts): one read of everything the decision needs,
 * then one statement that spends the attempt and writes the play (see batches.insertPlays). Two
 * taps with one attempt left make exactly one play: a second open play is skipped by a unique
 * index and spends nothing, so the loser resumes the winner's play instead of starting another.
 */
export async function startPlay(
  deps: PlayDeps,
  studentId: string,
  input: { quizId: string; type: QuizKind; origin?: OriginHashes },
): Promise<{ play: PlayDto; quiz: QuizDto; resumed: boolean; contestAttempts: number }> {
  const { db, engine } = deps;
  const context = await engine.play.startContext({ studentId, quizId: input.quizId, kind: input.type });
  if (!context?.isActive) {
    throw refuse(401, 'Unauthorized', 'UNAUTHORIZED');
  }
  const flags = normalizeFlags((context.flags ?? {}) as Record<string, unknown>);
  const pool =
    context.gradeId === null ? null : await engine.play.quizPool(poolKey(input.quizId, context.gradeId));
  if (!pool) {
    throw refuse(404, 'This quiz is not available.', 'QUIZ_NOT_AVAILABLE');
  }
  const { quiz } = pool;
  const now = new Date();
  const gate = gateMessage(flags, quiz, input.type, now);
  if (gate) {
    throw gate;
  }
  if (context.gradeId === null || !pool.servesGrade) {
    throw refuse(404, 'This quiz is not for your grade.', 'QUIZ_NOT_AVAILABLE');
  }
  const resume = async (playId: string, attempts: number) => ({
    play: await playDto(db, playId),
    quiz: quizDto(quiz),
    resumed: true,
    contestAttempts: attempts,
  });
  // A play in progress finishes within its clock, also while its contest is closing.
  if (context.openPlayId) {
    return resume(context.openPlayId, context.contestAttempts);
  }
  if (input.type === 'CONTEST') {
    const closed = contestRefusal(context.phase, now);
    if (closed) {
      throw closed;
    }
    // First: a student who may not take this phase gains nothing from completing a profile or paying.
    const qualification = await qualifiesFor(deps, studentId, context.gradeId, { id: quiz.phaseId });
    if (!qualification.ok) {
      throw refuse(403, qualification.message, 'NOT_QUALIFIED');
    }
    if (!isProfileCompleted(context, flags)) {
      throw refuse(403, 'Please complete your profile before starting the contest.', 'PROFILE_INCOMPLETE');
    }
    if (flags.contestPermissionRequired && context.verificationStatus !== 'APPROVED') {
      throw refuse(403, 'Your documents must be verified before you can start the contest.', 'NOT_VERIFIED');
    }
    if (context.contestAttempts < 1) {
      throw noAttempts();
    }
    if (Number(context.quizPlays) >= quiz.attemptsAllowed) {
      throw refuse(
        403,
        `You have used all ${quiz.attemptsAllowed} attempts of this contest.`,
        'QUIZ_ATTEMPTS_USED',
      );
    }
  }
  const questions = drawFrom(pool);
  if (questions === null) {
    throw refuse(409, 'This quiz is not ready yet. Please try again later.', 'POOL_SHORT');
  }
  // A simultaneous start (a double tap) that won the attempt or the open-play index made the
  // play first: resume it.
  const resumeWinner = async () => {
    const open = await repo.findOpenPlay(db, studentId, input.type, quiz.id);
    return open ? resume(open.id, (await repo.attemptsOf(db, studentId))?.contestAttempts ?? 0) : null;
  };
  const created = await engine.play.insertPlay({
    id: randomUUID(),
    studentId,
    quizId: quiz.id,
    phaseId: quiz.phaseId,
    gradeId: context.gradeId,
    kind: input.type,
    questions,
    secondsPerQuestion: quiz.secondsPerQuestion,
    spendAttempt: input.type === 'CONTEST',
    attemptsBefore: context.contestAttempts,
    originIpHash: input.origin?.originIpHash ?? null,
    originDeviceHash: input.origin?.originDeviceHash ?? null,
  });
  if (created.kind !== 'created') {
    const winner = await resumeWinner();
    if (winner) {
      return winner;
    }
    if (created.kind === 'no-attempt') {
      throw noAttempts();
    }
    // The open play it met has ended since: start afresh.
    throw refuse(409, 'Your quiz was just started on another device. Please try again.', 'START_RACE');
  }
  startsOf[input.type].inc();
  return {
    play: {
      _id: created.id,
      questionCount: questions.length,
      practice: input.type === 'PRACTICE',
      status: 'IN_PROGRESS',
      questions: questions.map((q, position) => ({
        _id: q.questionId,
        question: q.questionId,
        position,
        answered: false,
      })),
      currentIndex: 0,
      quiz: quiz.id,
    },
    quiz: quizDto(quiz),
    resumed: false,
    contestAttempts: created.attempts,
  };
}
