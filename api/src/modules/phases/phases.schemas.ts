import { z } from 'zod';

/** A phase as the api answers it: the contest phase, the dashboard's phase. */
export const phaseSchema = z.object({
  _id: z.string(),
  name: z.string(),
  number: z.number(),
  startsAt: z.string(),
  endsAt: z.string(),
  status: z.enum(['UPCOMING', 'ACTIVE', 'CLOSED']),
});
