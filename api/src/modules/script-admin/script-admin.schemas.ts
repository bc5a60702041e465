import { z } from 'zod';
import { SCRIPT_ACTION_NAMES as ACTION_NAMES } from '../../contracts/script-admin.js';

export const runBody = z.object({
  action: z.enum(ACTION_NAMES, { message: 'action must be one of the listed actions' }),
  params: z.record(z.string(), z.unknown()).default({}),
  password: z.string({ message: 'password is required' }).min(1, 'password is required').max(256),
  dryRun: z.boolean({ message: 'dryRun must be true or false' }),
});

export const runResultSchema = z.object({
  action: z.enum(ACTION_NAMES),
  dryRun: z.boolean(),
  changed: z.number().int(),
  summary: z.string(),
  details: z.array(z.string()),
});

const paramSchema = z.object({
  name: z.string(),
  label: z.string(),
  kind: z.enum(['phase', 'play', 'number']),
  min: z.number().optional(),
  max: z.number().optional(),
  default: z.number().optional(),
});

export const actionsSchema = z.object({
  data: z.array(
    z.object({
      name: z.enum(ACTION_NAMES),
      title: z.string(),
      description: z.string(),
      params: z.array(paramSchema),
    }),
  ),
});
