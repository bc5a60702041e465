import type { Action, Module } from '@riyazi/api/contracts';
import { seededGradeId, seededPhaseId, seededQuizId } from '../../test/helpers.js';
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
