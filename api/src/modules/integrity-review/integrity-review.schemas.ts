import { z } from 'zod';
import { SIGNAL_KINDS } from '../../contracts/integrity.js';
import { REVIEW_DECISIONS, REVIEW_REASON_MAX, REVIEW_STATES } from '../../contracts/integrity-review.js';
import { idOf, limitParam, pageParam } from '../../lib/schemas.js';

export const queueQuery = z.object({
  phaseId: idOf('phase').optional(),
  gradeId: idOf('grade').optional(),
  kind: z.enum(SIGNAL_KINDS, { message: `must be one of ${SIGNAL_KINDS.join(', ')}` }).optional(),
  decision: z.enum(REVIEW_STATES, { message: `must be one of ${REVIEW_STATES.join(', ')}` }).optional(),
  page: pageParam,
  limit: limitParam(100, 20),
});
export type QueueQuery = z.output<typeof queueQuery>;

export const playQuery = z.object({ id: idOf('play') });

export const decisionBody = z
  .object({
    decision: z.enum(REVIEW_DECISIONS, { message: `must be one of ${REVIEW_DECISIONS.join(', ')}` }),
    reason: z
      .string({ message: 'is required' })
      .trim()
      .min(1, 'is required')
      .max(REVIEW_REASON_MAX, `must be at most ${REVIEW_REASON_MAX} characters`),
    notifyStudent: z.boolean({ message: 'must be true or false' }).default(false),
  })
  .refine((b) => !(b.decision === 'CLEAR' && b.notifyStudent), {
    path: ['notifyStudent'],
    message: 'a cleared play is never e-mailed',
  });
export type DecisionBody = z.output<typeof decisionBody>;

const kind = z.enum(SIGNAL_KINDS);
const decision = z.enum(REVIEW_DECISIONS);
const signal = z.object({ kind, strength: z.number() });
const cell = z.object({ answer: z.string(), timeMs: z.number().nullable(), correct: z.boolean().nullable() });
const option = z.object({ _id: z.string(), name: z.string() });

const flaggedPlay = z.object({
  _id: z.string(),
  student: z.object({ _id: z.string(), studentNo: z.number(), fullName: z.string() }),
  phase: z.object({ _id: z.string(), name: z.string() }),
  grade: z.object({ _id: z.string(), title: z.string() }),
  score: z.number(),
  rank: z.number().nullable(),
  finishedAt: z.string().nullable(),
  strength: z.number(),
  signals: z.array(signal),
  decision: decision.nullable(),
  decidedAt: z.string().nullable(),
  disqualified: z.boolean(),
});

export const queueResponse = z.object({
  data: z.array(flaggedPlay),
  total: z.number(),
  currentPage: z.number(),
  totalPages: z.number(),
  itemsPerPage: z.number(),
  options: z.object({ phases: z.array(option), grades: z.array(option) }),
});

const student = z.object({ studentNo: z.number(), fullName: z.string() });

export const evidenceSchema = z.object({
  play: flaggedPlay,
  signals: z.array(signal.extend({ evidence: z.unknown(), computedAt: z.string() })),
  questions: z.array(
    z.object({
      questionId: z.string(),
      no: z.number(),
      preview: z.string(),
      medianTimeMs: z.number().nullable(),
      play: cell,
    }),
  ),
  related: z.array(
    z.object({
      _id: z.string(),
      student,
      finishedAt: z.string().nullable(),
      score: z.number(),
      kinds: z.array(kind),
      answers: z.array(cell.extend({ matches: z.boolean() })),
      matching: z.number(),
      matchingWrong: z.number(),
    }),
  ),
  sameOrigin: z.array(
    z.object({
      playId: z.string(),
      student,
      finishedAt: z.string().nullable(),
      sameDevice: z.boolean(),
      sameNetwork: z.boolean(),
    }),
  ),
  review: z
    .object({
      decision,
      reason: z.string(),
      decidedAt: z.string(),
      decidedBy: z.string().nullable(),
      studentNotifiedAt: z.string().nullable(),
    })
    .nullable(),
  history: z.array(
    z.object({
      at: z.string(),
      by: z.string().nullable(),
      decision,
      reason: z.string(),
      notified: z.boolean(),
    }),
  ),
});

export const evidenceResponse = z.object({ data: evidenceSchema });
export const decisionResponse = z.object({ message: z.string(), data: evidenceSchema });
