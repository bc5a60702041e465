import { z } from 'zod';
import { activeContestPhaseSchema } from '#modules/phases';

const count = z.number().int().nonnegative();
const money = z.object({ count, amount: z.number().nonnegative() });

/** GET /api/admin/dashboard: only the tiles the caller may see (contracts/dashboard.ts). */
export const dashboardSchema = z.object({
  generatedAt: z.string(),
  today: z.string(),
  contestRunning: z.boolean(),
  students: z.object({ total: count, newToday: count, verified: count }).optional(),
  verification: z.object({ pending: count }).optional(),
  payments: z.object({ today: money, phase: money.nullable() }).optional(),
  failedPayments: z.object({ today: count }).optional(),
  contest: z
    .object({
      phase: activeContestPhaseSchema.nullable(),
      grades: z.array(z.object({ gradeId: z.string(), grade: z.string(), running: count, finished: count })),
    })
    .optional(),
  queues: z.object({ waiting: count, active: count, delayed: count, failed: count }).optional(),
});
