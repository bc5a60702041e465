import { z } from 'zod';
import type { RankingStatus, RebuildResult, SameShape } from '../../contracts/rankings.js';
import { idOf, limitParam, pageParam } from '../../lib/schemas.js';

export const leaderboardQuery = z.object({
  phaseId: idOf('phase'),
  gradeId: idOf('grade'),
  page: pageParam,
  limit: limitParam(100, 20),
});
export type LeaderboardQuery = z.output<typeof leaderboardQuery>;

export const phaseQuery = z.object({ phaseId: idOf('phase') });
export const phaseBody = z.object({ phaseId: idOf('phase') });

export const entrySchema = z.object({
  rank: z.number(),
  name: z.string(),
  school: z.string().nullable(),
  city: z.string().nullable(),
  score: z.number(),
  timeMs: z.number(),
});

export const leaderboardSchema = z.object({
  phaseId: z.string(),
  gradeId: z.string(),
  frozen: z.boolean(),
  updatedAt: z.string().nullable(),
  rankedCount: z.number(),
  entries: z.array(entrySchema),
  asOf: z.string().describe('The data holds every commit before this time (a read replica may lag seconds)'),
});

export const homeLeaderboardSchema = z.object({
  phase: z.object({ _id: z.string(), title: z.string() }).nullable(),
  asOf: z.string(),
  grades: z.array(z.object({ gradeId: z.string(), title: z.string(), board: leaderboardSchema })),
});

export const myStandingSchema = z.object({
  phaseId: z.string(),
  gradeId: z.string().nullable(),
  rank: z.number().nullable(),
  score: z.number().nullable(),
  rankedCount: z.number(),
});

export const rebuildSchema = z.object({
  data: z.object({
    phaseId: z.string(),
    grades: z.array(z.object({ gradeId: z.string(), rankedCount: z.number(), durationMs: z.number() })),
    ranked: z.number(),
    durationMs: z.number(),
  }),
});

export const statusSchema = z.object({
  data: z.object({
    phaseId: z.string(),
    frozen: z.boolean(),
    frozenAt: z.string().nullable(),
    grades: z.array(
      z.object({
        gradeId: z.string(),
        title: z.string(),
        rankedCount: z.number(),
        computedAt: z.string().nullable(),
        durationMs: z.number().nullable(),
        frozen: z.boolean(),
      }),
    ),
  }),
});

export const freezeSchema = z.object({
  message: z.string(),
  data: z.object({ phaseId: z.string(), frozenAt: z.string(), grades: z.number() }),
});

export const revealSchema = z.object({
  message: z.string(),
  data: z.object({ phaseId: z.string(), grades: z.number() }),
});

// The client reads these shapes from the shared contract: the two must not drift apart.
export const statusAgrees: SameShape<z.output<typeof statusSchema>['data'], RankingStatus> = true;
export const rebuildAgrees: SameShape<z.output<typeof rebuildSchema>['data'], RebuildResult> = true;
