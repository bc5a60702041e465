import { z } from 'zod';
import { idOf } from '../../lib/schemas.js';

export const quizPerformanceQuery = z.object({
  quizId: idOf('quiz').optional(),
  phaseId: idOf('phase').optional(),
  gradeId: idOf('grade').optional(),
  format: z.enum(['json', 'csv'], { message: 'must be json or csv' }).default('json'),
});
export type QuizPerformanceFilter = z.output<typeof quizPerformanceQuery>;

const bin = z.object({ from: z.number(), to: z.number(), plays: z.number() });
const question = z.object({
  _id: z.string(),
  questionNo: z.number(),
  preview: z.string(),
  answers: z.number(),
  correct: z.number(),
  shareCorrect: z.number(),
});
const option = z.object({ _id: z.string(), name: z.string() });

export const quizPerformanceSchema = z.object({
  players: z.number(),
  plays: z.number(),
  finished: z.number(),
  abandoned: z.number(),
  inProgress: z.number(),
  meanScore: z.number().nullable(),
  medianScore: z.number().nullable(),
  maxScore: z.number(),
  meanTimePerQuestionMs: z.number().nullable(),
  histogram: z.array(bin),
  hardest: z.array(question),
  easiest: z.array(question),
  attempts: z.object({ one: z.number(), two: z.number(), threeOrMore: z.number() }),
  overTime: z.array(z.object({ day: z.string(), finished: z.number(), meanScore: z.number() })),
  options: z.object({ quizzes: z.array(option), phases: z.array(option), grades: z.array(option) }),
});
