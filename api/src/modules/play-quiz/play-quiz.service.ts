import { randomInt, randomUUID } from 'node:crypto';
import type { Db } from '@riyazi/db';
import { normalizeFlags, type SystemFlags } from '../../contracts/flags.js';
import type { JobPayload } from '../../contracts/jobs.js';
import type {
  AvailableQuiz,
  PlayDto,
  PlayResults,
  QuizDto,
  ServedWithTimer,
  SubmitResult,
} from '../../contracts/play-quiz.js';
import type { QuizKind } from '../../contracts/quiz-rules.js';
import { ANSWER_GRACE_MS } from '../../contracts/scoring.js';
import { createBatcher, perHandle } from '../../lib/batcher.js';
import type { Trx } from '../../lib/db.js';
import { HttpError, notFound } from '../../lib/errors.js';
import { nodeCache } from '../../lib/node-caches.js';
import { isPgError, PG } from '../../lib/pg-errors.js';
import { afterCommit } from '../../lifecycle/after-commit.js';
import { answersReceived, playStarts } from '../../metrics/metrics.js';
import type { DispatchDeps } from '../../queue/outbox.js';
import { enqueue, type Queues } from '../../queue/queues.js';
import { getFlags } from '../flags/flags.service.js';
import { grantAttempts } from '../payments/attempt-grants.repository.js';
import { qualifiesFor } from '../phase-progress/qualification.js';
import {
  loadServedQuestion,
  serveQuestion as serveQuestionShape,
  storedQuestionCache,
} from '../questions/served-question.js';
import { allocatePicked, allocatePool, type PoolCandidate } from '../quizzes/quiz-pool.js';
import { eligibleQuestions, pickedOf, rulesOf } from '../quizzes/quizzes.repository.js';
import { isProfileCompleted } from '../student-auth/student-auth.service.js';
import * as batches from './play-quiz.batches.js';
import * as repo from './play-quiz.repository.js';
import { answersShown } from './play-visibility.js';

/** Contest content is read thousands of times a minute; an edit reaches every node through the cache bus (30 s at worst). */
const cachedQuestion = storedQuestionCache(30_000);

/** Errors the client acts on carry a code beside the message (spec §5: incomplete profile → /profile/edit). */
const refuse = (status: number, message: string, code: string) => new HttpError(status, message, { code });

function shuffle<T>(items: readonly T[]): T[] {
  const out = [...items];
  for (let i = out.length - 1; i > 0; i -= 1) {
    const j = randomInt(i + 1);
    [out[i], out[j]] = [out[j]!, out[i]!];
  }
  return out;
}

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

/**
 * What a quiz draws from for one grade: the quiz, its rules or picked questions, the eligible
 * questions and their options. Ten thousand starts in a second read it once: it is kept for a few
 * seconds; a quiz or question edit drops it on every node through the cache bus; a pool found short
 * is not kept, so a fix applies at once.
 */
interface QuizPool {
  quiz: repo.PlayQuiz;
  servesGrade: boolean;
  candidates: PoolCandidate[];
  rules: Awaited<ReturnType<typeof rulesOf>> | null;
  optionIds: Map<string, string[]>;
  ready: boolean;
}

const POOL_TTL_MS = 5000;

async function loadQuizPool(key: string, db: Db): Promise<QuizPool | null> {
  const [quizId, gradeId] = key.split('|') as [string, string];
  const quiz = await repo.findQuizForPlay(db, quizId);
  if (!quiz) {
    return null;
  }
  const picked = quiz.poolMode === 'QUESTIONS' ? await pickedOf(db, quiz.id) : undefined;
  const [servesGrade, candidates, rules] = await Promise.all([
    repo.quizServesGrade(db, quiz.id, gradeId),
    eligibleQuestions(db, {
      gradeIds: [gradeId],
      phaseId: quiz.phaseId,
      kind: quiz.kind,
      ...(picked ? { questionIds: picked } : {}),
    }),
    quiz.poolMode === 'RULES' ? rulesOf(db, quiz.id) : Promise.resolve(null),
  ]);
  const optionIds = await repo.optionIdsOf(
    db,
    candidates.map((c) => c.id),
  );
  const pool = { quiz, servesGrade, candidates, rules, optionIds, ready: true };
  pool.ready = drawFrom(pool) !== null;
  return pool;
}

const cachedQuizPool = nodeCache('quizPools', POOL_TTL_MS, loadQuizPool, {
  keep: (pool) => pool?.ready === true,
});
const quizPool = (db: Db, quizId: string, gradeId: string) => cachedQuizPool(db, `${quizId}|${gradeId}`);

/**
 * Draws a play's questions from the pool: shuffled, without repeats, each with its option order.
 * Null when the pool cannot fill the quiz.
 */
function drawFrom(pool: Omit<QuizPool, 'ready'>): { questionId: string; optionOrder: string[] }[] | null {
  const { quiz } = pool;
  const candidates = shuffle(pool.candidates);
  const allocation =
    pool.rules === null
      ? allocatePicked(quiz.questionCount, candidates)
      : allocatePool(pool.rules, candidates);
  if (allocation.shortBy > 0) {
    return null;
  }
  const ids =
    pool.rules === null
      ? candidates.slice(0, quiz.questionCount).map((c) => c.id)
      : allocation.rules.flatMap((rule) => rule.questionIds);
  // Rules fill in rule order; the student sees them mixed.
  return shuffle(ids).map((questionId) => ({
    questionId,
    optionOrder: shuffle(pool.optionIds.get(questionId) ?? []),
  }));
}

async function playDto(db: Db | Trx, playId: string): Promise<PlayDto> {
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

/** What a contest-day start does on the database, batched across the students starting together. */
const startContextOf = perHandle((db: Db) =>
  createBatcher({
    run: (items: { studentId: string; quizId: string; kind: QuizKind }[]) => batches.startContexts(db, items),
  }),
);

type Inserted =
  | { kind: 'created'; id: string; attempts: number }
  | { kind: 'no-attempt' }
  | { kind: 'open-play-exists' };

const isCheckViolation = (err: unknown) => isPgError(err, PG.checkViolation);

const insertPlayOf = perHandle((db: Db) =>
  createBatcher<batches.NewPlay, Inserted>({
    run: async (plays) => {
      try {
        return (await batches.insertPlays(db, plays)).map((row) =>
          row ? { kind: 'created', id: row.id, attempts: row.attempts } : { kind: 'open-play-exists' },
        );
      } catch (err) {
        // Alone, the attempts CHECK means this student's last attempt went since their start was read.
        if (plays.length === 1 && isCheckViolation(err)) {
          return [{ kind: 'no-attempt' }];
        }
        throw err;
      }
    },
  }),
);

/**
 * POST /play-quiz/: starts (or resumes) a play in two statements, each shared with the students
 * starting at the same moment (see lib/batcher.ts): one read of everything the decision needs,
 * then one statement that spends the attempt and writes the play (see batches.insertPlays). Two
 * taps with one attempt left make exactly one play: a second open play is skipped by a unique
 * index and spends nothing, so the loser resumes the winner's play instead of starting another.
 */
export async function startPlay(
  deps: DispatchDeps,
  studentId: string,
  input: { quizId: string; type: QuizKind },
): Promise<{ play: PlayDto; quiz: QuizDto; resumed: boolean; contestAttempts: number }> {
  const { db } = deps;
  const context = await startContextOf(db)({ studentId, quizId: input.quizId, kind: input.type });
  if (!context?.isActive) {
    throw refuse(401, 'Unauthorized', 'UNAUTHORIZED');
  }
  const flags = normalizeFlags((context.flags ?? {}) as Record<string, unknown>);
  const pool = context.gradeId === null ? null : await quizPool(db, input.quizId, context.gradeId);
  if (!pool) {
    throw refuse(404, 'This quiz is not available.', 'QUIZ_NOT_AVAILABLE');
  }
  const { quiz } = pool;
  const gate = gateMessage(flags, quiz, input.type, new Date());
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
  if (context.openPlayId) {
    return resume(context.openPlayId, context.contestAttempts);
  }
  if (input.type === 'CONTEST') {
    // First: a student who may not take this phase gains nothing from completing a profile or paying.
    const qualification = await qualifiesFor(db, studentId, context.gradeId, { id: quiz.phaseId });
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
  const created = await insertPlayOf(db)({
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

// Children made once: the hot path does not build a labels object per call.
const startsOf = { CONTEST: playStarts.labels('contest'), PRACTICE: playStarts.labels('practice') };
const answersOf = {
  CONTEST: answersReceived.labels('contest'),
  PRACTICE: answersReceived.labels('practice'),
};

const noAttempts = () => refuse(403, 'You have no contest attempts left.', 'NO_ATTEMPTS');

async function ownPlay(db: Db | Trx, studentId: string, playId: string): Promise<repo.PlayRow> {
  const play = await repo.findPlay(db, playId);
  // Another student's play is "not found": its existence is not theirs to learn.
  if (!play || play.studentId !== studentId) {
    throw notFound('Play not found');
  }
  return play;
}

const serveOf = perHandle((db: Db) =>
  createBatcher({
    run: (items: { playId: string; questionId: string; studentId: string; now: Date }[]) =>
      batches.serveMany(db, items, ANSWER_GRACE_MS),
  }),
);

/**
 * GET /play-quiz/question: questions are served in order. The first serve starts the clock
 * (served_at, deadline = served_at + the quiz's seconds); serving again returns the same
 * deadline, so a reload never gives a fresh 180 s.
 */
export async function serveQuestion(
  db: Db,
  studentId: string,
  playId: string,
  questionId: string,
): Promise<ServedWithTimer> {
  const rows = await serveOf(db)({ playId, questionId, studentId, now: new Date() });
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
  const stored = await cachedQuestion(db, questionId);
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
    deadline: timer.deadlineAt.toISOString(),
    remainingMs: Math.max(0, timer.deadlineAt.getTime() - Date.now()),
    serverTime: new Date().toISOString(),
  };
}

export interface SubmitInput {
  playId: string;
  questionId: string;
  /** Option ids (or option objects with _id) for MCQs; one typed value for Open Ended. */
  answers: unknown[];
  /** The client's figure, already clamped to -1 … CLIENT_TIME_MAX_MS by the route's schema. */
  timeTaken?: number | undefined;
}

function answerValues(raw: unknown[]): string[] {
  return raw
    .map((item) => {
      if (typeof item === 'string' || typeof item === 'number') {
        return String(item);
      }
      if (item !== null && typeof item === 'object') {
        const object = item as Record<string, unknown>;
        const value = object._id ?? object.id ?? object.value ?? object.text;
        return typeof value === 'string' || typeof value === 'number' ? String(value) : '';
      }
      return '';
    })
    .map((value) => value.trim())
    .filter((value) => value !== '');
}

const playStructureOf = perHandle((db: Db) =>
  createBatcher({
    run: (playIds: string[]) => batches.playStructures(db, playIds),
  }),
);

/** The fixed part of plays being answered: one read per play and api node (a quiz or question edit drops them all). */
const cachedPlayStructure = nodeCache(
  'playStructures',
  30 * 60_000,
  (playId: string, db: Db) => playStructureOf(db)(playId),
  {
    maxEntries: 50_000,
    keep: (structure) => structure !== null,
  },
);

type AnswerToScore = JobPayload<'scoring', 'answer.score'>;

/** The answers recorded together go to the scoring worker as one job (one Redis round trip). */
const scoringJobOf = perHandle((queues: Queues) =>
  createBatcher<AnswerToScore, null>({
    maxBatch: 500,
    run: async (answers) => {
      await enqueue(
        queues,
        'scoring',
        'answers.score',
        { answers },
        { jobId: `answers-${answers[0]!.eventId}` },
      );
      return answers.map(() => null);
    },
  }),
);

/**
 * After commit. The scoring job marks the answer's event enqueued; if Redis does not answer, the
 * outbox relay in workers enqueues the event on its own.
 */
function enqueueScoring({ queues, log }: DispatchDeps, answer: AnswerToScore): Promise<void> {
  return scoringJobOf(queues)(answer).then(
    () => undefined,
    (err: unknown) =>
      log.warn({ err, eventId: answer.eventId }, 'enqueue after commit failed; the outbox relay will retry'),
  );
}

const recordAnswerOf = perHandle((db: Db) =>
  createBatcher({
    run: (items: batches.AnswerInput[]) => batches.recordAnswers(db, items, ANSWER_GRACE_MS),
  }),
);

/**
 * POST /play-quiz/question/submit-answer: records the answer of the current question with the
 * server's own time taken and an outbox event for the scoring worker, in one statement. A
 * repeated submit (a retry after a lost response) returns the first result.
 */
export async function submitAnswer(
  deps: DispatchDeps,
  studentId: string,
  input: SubmitInput,
): Promise<SubmitResult> {
  const { db } = deps;
  const now = new Date();
  const play = await cachedPlayStructure(db, input.playId);
  if (!play || play.studentId !== studentId) {
    throw notFound('Play not found');
  }
  const index = play.questions.findIndex((q) => q.questionId === input.questionId);
  if (index === -1) {
    throw notFound('This question is not part of the quiz');
  }
  const row = play.questions[index]!;
  const values = answerValues(input.answers);
  let selected: string[] = [];
  let answerText: string | null = null;
  if (row.questionType === 'MCQS') {
    const known = new Set(row.optionOrder);
    selected = [...new Set(values)].filter((id) => known.has(id));
    if (selected.length !== values.length) {
      throw new HttpError(400, 'answers: contains an option that is not part of this question', {
        errors: { answers: 'contains an option that is not part of this question' },
      });
    }
    if (!row.selectMultiple && selected.length > 1) {
      throw new HttpError(400, 'answers: choose one option', { errors: { answers: 'choose one option' } });
    }
  } else {
    if (values.length > 1) {
      throw new HttpError(400, 'answers: send one answer', { errors: { answers: 'send one answer' } });
    }
    answerText = values[0]?.slice(0, 200) ?? null;
  }
  const clientMs = input.timeTaken ?? null;
  const limitMs = play.secondsPerQuestion * 1000;
  // Contest: the server's clock only. Practice may pause, so the client's figure (bounded) is used.
  const recorded = await recordAnswerOf(db)({
    playId: input.playId,
    questionId: input.questionId,
    studentId,
    now,
    isContest: play.kind === 'CONTEST',
    limitMs,
    selectedOptionIds: selected,
    answerText,
    empty: selected.length === 0 && (answerText === null || answerText === ''),
    clientMs,
    clientAuditMs: clientMs,
  });
  const total = play.questions.length;
  const firstResult = (outcome: 'ANSWERED' | 'NO_ANSWER', timeTakenMs: number, answered: number) => ({
    recorded: false,
    outcome,
    timeTakenMs,
    nextIndex: answered,
    finished: answered === total,
  });
  if (recorded.existingOutcome !== null) {
    return firstResult(recorded.existingOutcome, recorded.existingTimeMs ?? 0, recorded.answeredBefore);
  }
  if (recorded.status === null) {
    throw notFound('Play not found');
  }
  if (recorded.status !== 'IN_PROGRESS') {
    throw refuse(409, 'This quiz is already over.', 'PLAY_OVER');
  }
  if (!recorded.served) {
    throw refuse(409, 'Answer the current question first.', 'NOT_CURRENT');
  }
  if (recorded.eventId === null || recorded.outcome === null) {
    // A simultaneous submit of the same answer (a retry racing the first) recorded it.
    const existing = await repo.answerOf(db, input.playId, input.questionId);
    return firstResult(
      existing?.outcome ?? 'NO_ANSWER',
      existing?.timeTakenMs ?? 0,
      recorded.answeredBefore + 1,
    );
  }
  // Acknowledge now and enqueue the scoring alongside; the scoring job marks the event enqueued,
  // and the outbox relay enqueues it anyway if this enqueue is lost.
  void afterCommit(
    enqueueScoring(deps, {
      eventId: recorded.eventId,
      playId: input.playId,
      questionId: input.questionId,
    }),
  );
  answersOf[play.kind].inc();
  const nextIndex = recorded.answeredBefore + 1;
  if (nextIndex === total) {
    // The play is over: its structure would sit here for the rest of its 30 minutes, ten thousand
    // of them after a contest start (a late retry of this answer reads it again).
    cachedPlayStructure.forget(db, input.playId);
  }
  return {
    recorded: true,
    outcome: recorded.outcome,
    timeTakenMs: recorded.timeTakenMs ?? 0,
    nextIndex,
    finished: nextIndex === total,
  };
}

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
      await trx.updateTable('plays').set({ status: 'CANCELLED' }).where('id', '=', playId).execute();
    }
  });
}

/** Whether the student may see this play's answers: see play-visibility.ts. */
const reviewOpen = async (db: Db, play: repo.PlayRow) => answersShown(await getFlags(db), play, new Date());

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
      throw refuse(403, 'Contest answers are shown once the contest is over.', 'REVIEW_CLOSED');
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

/** GET /play-quiz/available?type: the quizzes the signed-in student may start now. */
export async function availableQuizzes(db: Db, studentId: string, type: QuizKind): Promise<AvailableQuiz[]> {
  const flags = await getFlags(db);
  const enabled = type === 'CONTEST' ? flags.isContestQuizEnabled : flags.isPracticeQuizEnabled;
  const phaseId = type === 'CONTEST' ? flags.contestQuizPhase : flags.practiceQuizPhase;
  const student = await db
    .selectFrom('students')
    .select(['gradeId', 'contestAttempts'])
    .where('id', '=', studentId)
    .executeTakeFirst();
  if (!enabled || phaseId === false || !student?.gradeId) {
    return [];
  }
  if (type === 'CONTEST' && !(await qualifiesFor(db, studentId, student.gradeId, { id: phaseId })).ok) {
    return [];
  }
  const now = new Date();
  const rows = await db
    .selectFrom('quizzes')
    .innerJoin('quizGrades', 'quizGrades.quizId', 'quizzes.id')
    .select([
      'quizzes.id',
      'quizzes.title',
      'quizzes.kind',
      'quizzes.questionCount',
      'quizzes.secondsPerQuestion',
      'quizzes.attemptsAllowed',
      'quizzes.closesAt',
    ])
    .select((eb) => [
      eb
        .selectFrom('plays')
        .select(eb.fn.countAll<string>().as('n'))
        .whereRef('plays.quizId', '=', 'quizzes.id')
        .where('plays.studentId', '=', studentId)
        .where('plays.status', '!=', 'CANCELLED')
        .as('used'),
      eb
        .selectFrom('plays')
        .select('plays.id')
        .whereRef('plays.quizId', '=', 'quizzes.id')
        .where('plays.studentId', '=', studentId)
        .where('plays.status', '=', 'IN_PROGRESS')
        .limit(1)
        .as('openPlayId'),
    ])
    .where('quizGrades.gradeId', '=', student.gradeId)
    .where('quizzes.kind', '=', type)
    .where('quizzes.phaseId', '=', phaseId)
    .where('quizzes.isActive', '=', true)
    .where((eb) => eb.or([eb('quizzes.opensAt', 'is', null), eb('quizzes.opensAt', '<=', now)]))
    .where((eb) => eb.or([eb('quizzes.closesAt', 'is', null), eb('quizzes.closesAt', '>', now)]))
    .orderBy('quizzes.title')
    .execute();
  return rows.map((row) => ({
    _id: row.id,
    title: row.title,
    kind: row.kind,
    questionCount: row.questionCount,
    secondsPerQuestion: row.secondsPerQuestion,
    attemptsAllowed: row.attemptsAllowed,
    attemptsLeft:
      type === 'CONTEST'
        ? Math.max(0, Math.min(row.attemptsAllowed - Number(row.used ?? 0), student.contestAttempts))
        : row.attemptsAllowed,
    openPlayId: row.openPlayId ?? null,
    closesAt: row.closesAt?.toISOString() ?? null,
  }));
}

/** POST /contestAttempts/create: an admin grants attempts (payments and codes come later), audited. */
export async function grantContestAttempts(
  db: Db,
  actor: { id: string; ip: string },
  input: { studentId: string; attempts: number; reason: string },
): Promise<{ contestAttempts: number }> {
  return db.transaction().execute(async (trx) => {
    const student = await repo.lockStudent(trx, input.studentId);
    if (!student) {
      throw notFound('Student not found');
    }
    const next = student.contestAttempts + input.attempts;
    if (next < 0) {
      throw new HttpError(400, `attempts: the student has only ${student.contestAttempts} to take away`, {
        errors: { attempts: `the student has only ${student.contestAttempts} to take away` },
      });
    }
    await grantAttempts(trx, {
      studentId: input.studentId,
      attempts: input.attempts,
      source: 'ADMIN',
      staffId: actor.id,
      reason: input.reason,
    });
    await trx
      .insertInto('auditLog')
      .values({
        actorType: 'staff',
        actorId: actor.id,
        action: 'student.grantAttempts',
        targetType: 'student',
        targetId: input.studentId,
        ip: actor.ip,
        details: JSON.stringify({ from: student.contestAttempts, to: next, reason: input.reason }),
      })
      .execute();
    return { contestAttempts: next };
  });
}
