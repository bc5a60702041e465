import type { Action, Module } from '@riyazi/api/contracts';
import { expect } from 'vitest';
import type { PlayResults, StartPlayResponse } from '../../api/src/contracts/play-quiz.js';
import { DEMO_STUDENT_PASSWORD } from '../../db/src/seed/reference.js';
import { rightAnswerTo, seededGradeId, seededPhaseId, seededQuizId, setFlags } from '../../test/helpers.js';
import { DEMO_STUDENT_EMAIL } from './pages.js';
import type { Stack } from './stack.js';

/** The id of the demo data's phase with that number. */
export const demoPhaseId = (stack: Stack, number = 1): Promise<string> => seededPhaseId(stack.db, number);

export interface Contest {
  phaseId: string;
  gradeId: string;
  quizId: string;
}

/** The demo data's phase-1 contest quiz of grade 3 (Fatima's grade). */
export async function contestOfGrade3(stack: Stack): Promise<Contest> {
  const phaseId = await demoPhaseId(stack);
  const gradeId = await seededGradeId(stack.db, 'Grade 3');
  return { phaseId, gradeId, quizId: await seededQuizId(stack.db, gradeId, 'CONTEST') };
}

/** A contest play finished through the api (first three answers right) and scored by the workers. */
export async function finishDemoContestPlay(stack: Stack, email = DEMO_STUDENT_EMAIL): Promise<string> {
  const { app } = stack;
  const login = await app.inject({
    method: 'POST',
    url: '/api/student/login',
    payload: { email, password: DEMO_STUDENT_PASSWORD },
  });
  const headers = { authorization: `Bearer ${login.json<{ accessToken: string }>().accessToken}` };
  const { quizId } = await contestOfGrade3(stack);
  const started = await app.inject({
    method: 'POST',
    url: '/api/play-quiz/',
    headers,
    payload: { quizId, type: 'CONTEST' },
  });
  const { play } = started.json<StartPlayResponse>();
  for (const [index, { _id: questionId }] of play.questions.entries()) {
    await app.inject({
      method: 'GET',
      url: `/api/play-quiz/question?playId=${play._id}&questionId=${questionId}`,
      headers,
    });
    const answers = index < 3 ? await rightAnswerTo(stack.db, questionId) : [];
    const submitted = await app.inject({
      method: 'POST',
      url: '/api/play-quiz/question/submit-answer',
      headers,
      payload: { playId: play._id, questionId, answers, timeTaken: 1000 },
    });
    expect(submitted.statusCode, submitted.body).toBe(200);
  }
  await expect
    .poll(
      async () =>
        (
          await app.inject({
            method: 'POST',
            url: '/api/play-quiz/results',
            headers,
            payload: { playId: play._id },
          })
        ).json<PlayResults>().play.pending,
      { timeout: 20_000 },
    )
    .toBe(false);
  return play._id;
}

/** A content editor's permissions: questions and the reference lists the question form needs. */
export const QUESTION_EDITOR_PERMISSIONS: [Module, Action][] = [
  ['question', 'read'],
  ['question', 'create'],
  ['question', 'update'],
  ['grade', 'read'],
  ['phase', 'read'],
  ['category', 'read'],
  ['subCategory', 'read'],
];

/** The system flags as stored now. */
export async function currentFlags(stack: Stack): Promise<Record<string, unknown>> {
  const { flags } = await stack.db
    .selectFrom('systemFlags')
    .select('flags')
    .where('id', '=', 1)
    .executeTakeFirstOrThrow();
  return flags as Record<string, unknown>;
}

/** Sets some flags, keeping the others as stored. */
export async function addFlags(stack: Stack, extra: Record<string, unknown>): Promise<void> {
  await setFlags(stack.db, { ...(await currentFlags(stack)), ...extra });
}
