import type { Action, Module } from '@riyazi/api/contracts';
import { seededGradeId, seededPhaseId, seededQuizId, setFlags } from '../../test/helpers.js';
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
