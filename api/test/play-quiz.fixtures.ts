import { afterAll, beforeAll, beforeEach, expect } from 'vitest';
import { seedDemoData } from '../../db/src/seed/index.js';
import {
  bearer,
  deleteRedisKeys,
  demoStudentToken,
  endPhaseContest,
  resetDatabase,
  rightAnswerTo,
  seededGradeId,
  seededPhaseId,
  seededQuizId,
  seededStudentId,
  setFlags,
  useTestContext,
} from '../../test/helpers.js';
import { expireOverdueQuestions, scoreRecordedAnswer } from '../src/modules/play-quiz/play-scoring.js';

// Shared by play-quiz-{start,answer,scoring,results}.int.test.ts: importing it registers their app and hooks.
export const t = useTestContext();
export const STUDENT = 'fatima.malik@example.com'; // grade 3 in the demo data
export const OTHER = 'ayesha.khan@example.com'; // grade 5

export let phaseId: string;
export let contestQuizId: string;
export let practiceQuizId: string;
export let studentId: string;
export let token: string;
export let otherToken: string;

export const login = (email: string) => demoStudentToken(t.app, email);

export const call = (method: 'GET' | 'POST', url: string, payload?: object, as = token) =>
  t.app.inject({ method, url, headers: bearer(as), ...(payload ? { payload } : {}) });

beforeAll(async () => {
  await resetDatabase(t.db);
  await seedDemoData(t.db, { adminEmail: 'admin@riyazi.test', adminPassword: 'Admin-password-2026' });
  phaseId = await seededPhaseId(t.db);
  const grade3 = await seededGradeId(t.db, 'Grade 3');
  contestQuizId = await seededQuizId(t.db, grade3, 'CONTEST');
  practiceQuizId = await seededQuizId(t.db, grade3, 'PRACTICE');
  studentId = await seededStudentId(t.db, STUDENT);
});

beforeEach(async () => {
  await deleteRedisKeys(t.redis, `${t.config.REDIS_PREFIX}:rl`);
  await t.db.deleteFrom('plays').execute();
  await t.db.deleteFrom('outboxEvents').execute();
  await t.db.updateTable('students').set({ contestAttempts: 2 }).execute();
  await t.db
    .updateTable('phases')
    .set({ status: 'ACTIVE', closedAt: null, resultsReleaseAt: null })
    .where('id', '=', phaseId)
    .execute();
  await setFlags(t.db, {
    isContestQuizEnabled: true,
    isPracticeQuizEnabled: true,
    contestQuizPhase: phaseId,
    practiceQuizPhase: phaseId,
    contestPermissionRequired: false,
    documentAcceptanceRequired: false,
  });
  token ??= await login(STUDENT);
  otherToken ??= await login(OTHER);
});
afterAll(async () => {
  await t.db.updateTable('students').set({ contestAttempts: 0 }).execute();
});

export interface Started {
  play: {
    _id: string;
    questionCount: number;
    questions: { _id: string }[];
    currentIndex: number;
    practice: boolean;
  };
  resumed: boolean;
  contestAttempts: number;
}

export async function start(type: 'CONTEST' | 'PRACTICE' = 'CONTEST') {
  const res = await call('POST', '/api/play-quiz/', {
    quizId: type === 'CONTEST' ? contestQuizId : practiceQuizId,
    type,
  });
  expect(res.statusCode, res.body).toBe(200);
  return res.json<Started>();
}

export const serve = (playId: string, questionId: string, as = token) =>
  call('GET', `/api/play-quiz/question?playId=${playId}&questionId=${questionId}`, undefined, as);

export const submit = (
  playId: string,
  questionId: string,
  answers: unknown[],
  timeTaken = 1000,
  as = token,
) => call('POST', '/api/play-quiz/question/submit-answer', { playId, questionId, answers, timeTaken }, as);

export const rightAnswer = (questionId: string) => rightAnswerTo(t.db, questionId);

/** Runs the deadline sweep and scores what it closes, as the workers would, until nothing is due. */
export async function sweepUntilQuiet() {
  for (let pass = 0; pass < 20; pass += 1) {
    const events = await expireOverdueQuestions(t.db);
    for (const event of events) {
      await scoreRecordedAnswer(t.db, String(event.payload.playId), String(event.payload.questionId));
    }
    if (events.length === 0) {
      return;
    }
  }
}

/** A finished, scored contest (or practice) play with the first three questions answered right. */
export async function finishedPlay(type: 'CONTEST' | 'PRACTICE' = 'CONTEST') {
  const { play } = await start(type);
  for (const [index, question] of play.questions.entries()) {
    await serve(play._id, question._id);
    await submit(play._id, question._id, index < 3 ? await rightAnswer(question._id) : []);
  }
  for (const question of play.questions) {
    await scoreRecordedAnswer(t.db, play._id, question._id);
  }
  return play._id;
}

export const PER_QUESTION = ['isCorrect', 'score', 'timeTakenMs'] as const;

export interface ResultsBody {
  play: {
    score: number | null;
    correctCount: number | null;
    answeredCount: number;
    questionCount: number;
    pending: boolean;
  };
  questions: Record<string, unknown>[];
  reviewOpen: boolean;
}

/** The contest is over: its phase is closed. */
/** The contest ended and its results released: the review opens. */
export const closePhase = () => endPhaseContest(t.db, phaseId);

export const resultsOf = async (playId: string) => {
  const res = await call('POST', '/api/play-quiz/results', { playId });
  expect(res.statusCode, res.body).toBe(200);
  return res.json<ResultsBody>();
};
