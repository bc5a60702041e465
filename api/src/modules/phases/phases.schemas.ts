import { z } from 'zod';
import { CONTEST_STAGES } from '../../contracts/contest-lifecycle.js';

/** A phase's contest lifecycle as the api answers it (contracts/contest-lifecycle.ts). */
export const contestStateSchema = z.object({
  stage: z.enum(CONTEST_STAGES),
  startsStopAt: z.string(),
  playsEndBy: z.string(),
  resultsReleaseAt: z.string().nullable(),
  closedAt: z.string().nullable(),
});

/** A phase as the api answers it: the contest phase, the dashboard's phase. */
export const phaseSchema = z.object({
  _id: z.string(),
  name: z.string(),
  number: z.number(),
  startsAt: z.string(),
  endsAt: z.string(),
  status: z.enum(['UPCOMING', 'ACTIVE', 'CLOSED']),
});

export const activeContestPhaseSchema = phaseSchema.extend({ contest: contestStateSchema });

export const phaseIdQuery = z.object({ id: z.uuid({ message: 'must be a phase id' }) });

const releaseAt = z.iso
  .datetime({ offset: true, message: 'must be a date and time' })
  .transform((v) => new Date(v))
  .nullable();

export const endContestBody = z.object({
  /** When results and review open; null: withheld until staff release them. */
  resultsReleaseAt: releaseAt.default(null),
  /** Also freeze the public boards (needs systemConfigurations:update, as the boards page does). */
  freezeBoards: z.boolean().default(false),
});

export const resultsReleaseBody = z.object({ resultsReleaseAt: releaseAt });

export const phaseContestsSchema = z.object({
  data: z.array(contestStateSchema.extend({ phaseId: z.string() })),
});
