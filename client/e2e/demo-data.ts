import type { Action, Module } from '@riyazi/api/contracts';
import type { Stack } from './stack.js';

/** The id of the demo data's phase with that number. */
export async function demoPhaseId(stack: Stack, number = 1): Promise<string> {
  const phase = await stack.db
    .selectFrom('phases')
    .select('id')
    .where('number', '=', number)
    .executeTakeFirstOrThrow();
  return phase.id;
}

export interface Contest {
  phaseId: string;
  gradeId: string;
  quizId: string;
}

/** The demo data's phase-1 contest quiz of grade 3 (Fatima's grade). */
export async function contestOfGrade3(stack: Stack): Promise<Contest> {
  const { db } = stack;
  const phaseId = await demoPhaseId(stack);
  const grade = await db
    .selectFrom('grades')
    .select('id')
    .where('title', '=', 'Grade 3')
    .executeTakeFirstOrThrow();
  const quiz = await db
    .selectFrom('quizzes')
    .innerJoin('quizGrades', 'quizGrades.quizId', 'quizzes.id')
    .select('quizzes.id')
    .where('quizGrades.gradeId', '=', grade.id)
    .where('quizzes.kind', '=', 'CONTEST')
    .executeTakeFirstOrThrow();
  return { phaseId, gradeId: grade.id, quizId: quiz.id };
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
