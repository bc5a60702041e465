import { z } from 'zod';
import { FAQ_LIMITS } from '../../contracts/faq.js';
import { idOf } from '../../lib/schemas.js';

export const idQuery = z.object({ id: z.uuid({ message: 'must be an id' }) });

const title = z
  .string({ message: 'is required' })
  .trim()
  .min(1, 'is required')
  .max(FAQ_LIMITS.titleMax, `must be at most ${FAQ_LIMITS.titleMax} characters`);
const question = z
  .string({ message: 'is required' })
  .trim()
  .min(1, 'is required')
  .max(FAQ_LIMITS.questionMax, `must be at most ${FAQ_LIMITS.questionMax} characters`);
const answer = z
  .string({ message: 'is required' })
  .max(FAQ_LIMITS.answerMax, `must be at most ${FAQ_LIMITS.answerMax} characters`);
const isPublished = z.boolean({ message: 'must be true or false' });

export const groupBody = z.object({ title });
export type GroupBody = z.output<typeof groupBody>;

export const entryBody = z.object({
  groupId: idOf('group'),
  question,
  answer,
  isPublished: isPublished.default(false),
});
export type EntryBody = z.output<typeof entryBody>;

export const entryChanges = z.object({
  groupId: idOf('group').optional(),
  question: question.optional(),
  answer: answer.optional(),
  isPublished: isPublished.optional(),
});
export type EntryChanges = z.output<typeof entryChanges>;

const entrySchema = z.object({
  _id: z.string(),
  groupId: z.string(),
  question: z.string(),
  answer: z.string(),
  isPublished: z.boolean(),
  position: z.number(),
  slug: z.string(),
  updatedAt: z.string(),
});

export const groupSchema = z.object({
  _id: z.string(),
  title: z.string(),
  position: z.number(),
  entries: z.array(entrySchema),
});

export const adminFaqResponse = z.object({ data: z.array(groupSchema) });
export const entryResponse = z.object({ data: entrySchema });
export const groupResponse = z.object({ data: groupSchema });

export const publicFaqResponse = z.object({
  data: z.array(
    z.object({
      _id: z.string(),
      title: z.string(),
      entries: z.array(
        z.object({ _id: z.string(), question: z.string(), answer: z.string(), slug: z.string() }),
      ),
    }),
  ),
});

export const messageResponse = z.object({ message: z.string() });
