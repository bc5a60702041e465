import { z } from 'zod';
import type { ChampionsBoard } from '../../contracts/rankings.js';
import {
  type AutoWinnersResult,
  DEFAULT_WINNERS_PER_GRADE,
  MAX_WINNERS_PER_GRADE,
  type PhaseWinner,
  type WinnerCandidate,
} from '../../contracts/winners.js';

const idOf = (what: string) => z.uuid({ message: `must be a ${what} id` });
/** The acting admin's own password, re-entered (spec §5: Promote requires a password). */
const password = z.string({ message: 'is required' }).min(1, 'is required').max(256);

// Bodies may come as JSON, multipart form data or a urlencoded form: numbers arrive as text.
export const autoWinnersBody = z.object({
  phaseId: idOf('phase'),
  password,
  topN: z.coerce
    .number({ message: 'must be a number' })
    .int('must be a whole number')
    .min(1, 'must be at least 1')
    .max(MAX_WINNERS_PER_GRADE, `must be at most ${MAX_WINNERS_PER_GRADE}`)
    .default(DEFAULT_WINNERS_PER_GRADE),
});
export type AutoWinnersBody = z.output<typeof autoWinnersBody>;

export const manualWinnerBody = z.object({
  password,
  phaseId: idOf('phase'),
  winnerId: idOf('student'),
  gradeId: idOf('grade'),
});
export type ManualWinnerBody = z.output<typeof manualWinnerBody>;

export const phaseQuery = z.object({ phaseId: idOf('phase') });
export const idQuery = z.object({ id: idOf('winner') });
export const passwordBody = z.object({ password });
export const candidateQuery = z.object({
  phaseId: idOf('phase'),
  studentNo: z.coerce
    .number({ message: 'must be a student number' })
    .int()
    .positive('must be a student number'),
});

export const phaseWinnerSchema = z.object({
  _id: z.string(),
  phaseId: z.string(),
  grade: z.object({ _id: z.string(), title: z.string() }),
  student: z.object({
    _id: z.string(),
    studentId: z.number(),
    fullName: z.string(),
    schoolName: z.string().nullable(),
    city: z.string().nullable(),
  }),
  position: z.number().nullable(),
  score: z.number().nullable(),
  method: z.enum(['AUTOMATIC', 'MANUAL']),
  createdAt: z.string(),
}) satisfies z.ZodType<PhaseWinner>;

export const autoWinnersResponse = z.object({
  message: z.string(),
  data: z.object({ created: z.number(), alreadyWinners: z.number() }) satisfies z.ZodType<AutoWinnersResult>,
});

export const winnerResponse = z.object({ message: z.string(), data: phaseWinnerSchema });

export const candidateSchema = z.object({
  _id: z.string(),
  studentId: z.number(),
  fullName: z.string(),
  gradeId: z.string().nullable(),
  gradeTitle: z.string().nullable(),
  rank: z.number().nullable(),
  score: z.number().nullable(),
  addWinner: z.boolean(),
  played: z.boolean(),
}) satisfies z.ZodType<WinnerCandidate>;

export const championsBoardSchema = z.object({
  phases: z.array(
    z.object({
      _id: z.string(),
      title: z.string(),
      number: z.number(),
      grades: z.array(
        z.object({
          gradeId: z.string(),
          title: z.string(),
          winners: z.array(
            z.object({
              position: z.number().nullable(),
              name: z.string(),
              school: z.string().nullable(),
              city: z.string().nullable(),
            }),
          ),
        }),
      ),
    }),
  ),
  updatedAt: z.string().nullable(),
  asOf: z.string().describe('The data holds every commit before this time (a read replica may lag seconds)'),
}) satisfies z.ZodType<ChampionsBoard>;
