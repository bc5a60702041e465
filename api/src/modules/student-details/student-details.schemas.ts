import { z } from 'zod';
import { documentSchema } from '#modules/documents';
import { servedQuestionSchema } from '#modules/questions';
import { PAYMENT_STATUSES } from '../../contracts/payment-reports.js';
import { limitParam, pageParam } from '../../lib/schemas.js';

const idOf = (what: string) => z.uuid({ message: `must be a ${what} id` });
const kind = z.enum(['CONTEST', 'PRACTICE']);
const playStatus = z.enum(['IN_PROGRESS', 'FINISHED', 'CANCELLED']);
const date = z.string();

export const studentIdQuery = z.object({ id: idOf('student') });
export const playIdQuery = z.object({ id: idOf('play') });

export const quizListQuery = z.object({
  id: idOf('student'),
  type: kind.default('CONTEST'),
  page: pageParam,
  limit: limitParam(100, 25),
});

/** The acting admin's own password, re-entered before a reset link is issued. */
export const resetLinkBody = z.object({
  studentId: idOf('student'),
  password: z.string({ message: 'is required' }).min(1, 'is required').max(256),
});

const grantSource = z.enum(['PAYMENT', 'CODE', 'ADMIN']);

export const studentDetailSchema = z.object({
  profile: z.object({
    _id: z.string(),
    studentId: z.number(),
    fullName: z.string(),
    fatherName: z.string().nullable(),
    email: z.string(),
    pendingEmail: z.string().nullable(),
    phone: z.string().nullable(),
    gender: z.enum(['MALE', 'FEMALE', 'OTHER']).nullable(),
    city: z.string().nullable(),
    schoolName: z.string().nullable(),
    grade: z.object({ _id: z.string(), title: z.string() }).nullable(),
    referralSource: z.string().nullable(),
    shortDescription: z.string().nullable(),
    isActive: z.boolean(),
    emailVerified: z.boolean(),
    autoEmailVerified: z.boolean(),
    registeredThroughBulk: z.boolean(),
    isPaymentMade: z.boolean(),
    codeEntered: z.boolean(),
    termsAcceptedAt: date.nullable(),
    createdAt: date,
    updatedAt: date,
  }),
  verification: z.object({
    status: z.enum(['NOT_SUBMITTED', 'PENDING', 'APPROVED', 'REJECTED']),
    reason: z.string().nullable(),
    verifiedAt: date.nullable(),
    verifiedBy: z.string().nullable(),
    /** Files open only for staff with studentVerification:read (GET /studentVerification/document/). */
    canOpenDocuments: z.boolean(),
    documents: z.array(documentSchema),
  }),
  attempts: z.object({
    contestAttempts: z.number(),
    grants: z.array(
      z.object({
        _id: z.string(),
        source: grantSource,
        attempts: z.number(),
        reason: z.string().nullable(),
        createdAt: date,
        staffName: z.string().nullable(),
        orderRef: z.string().nullable(),
        codeBatch: z.string().nullable(),
      }),
    ),
  }),
  payments: z.array(
    z.object({
      _id: z.string(),
      orderRef: z.string(),
      packageName: z.string(),
      attempts: z.number(),
      listPricePkr: z.number(),
      discountPkr: z.number(),
      amountPkr: z.number(),
      promoCode: z.string().nullable(),
      status: z.enum(PAYMENT_STATUSES),
      gateway: z.string(),
      createdAt: date,
      paidAt: date.nullable(),
    }),
  ),
  plays: z.object({
    contest: z.object({
      total: z.number(),
      finished: z.number(),
      inProgress: z.number(),
      cancelled: z.number(),
    }),
    practice: z.object({
      total: z.number(),
      finished: z.number(),
      inProgress: z.number(),
      cancelled: z.number(),
    }),
  }),
  ranks: z.array(
    z.object({
      phaseId: z.string(),
      phaseName: z.string(),
      phaseNumber: z.number(),
      grade: z.string(),
      rank: z.number(),
      score: z.number(),
      totalTimeMs: z.number(),
      playId: z.string(),
    }),
  ),
});

export const playRowSchema = z.object({
  _id: z.string(),
  kind,
  quizTitle: z.string(),
  phase: z.object({ _id: z.string(), name: z.string() }),
  status: playStatus,
  score: z.number(),
  correctCount: z.number(),
  questionCount: z.number(),
  totalTimeMs: z.number(),
  startedAt: date,
  finishedAt: date.nullable(),
});

export const quizListResponse = z.object({
  data: z.array(playRowSchema),
  total: z.number(),
  currentPage: z.number(),
  totalPages: z.number(),
  itemsPerPage: z.number(),
});

/** CORRECT / WRONG / NO_ANSWER once scored; PENDING while scoring catches up; NOT_YET in an open play. */
export const questionOutcome = z.enum(['CORRECT', 'WRONG', 'NO_ANSWER', 'PENDING', 'NOT_YET']);

export const attemptDetailResponse = z.object({
  data: z.object({
    play: playRowSchema.extend({
      student: z.object({ _id: z.string(), studentId: z.number(), fullName: z.string() }),
    }),
    questions: z.array(
      z.object({
        index: z.number(),
        question: servedQuestionSchema,
        selectedOptionIds: z.array(z.string()),
        answerText: z.string().nullable(),
        outcome: questionOutcome,
        timeTakenMs: z.number().nullable(),
        score: z.number().nullable(),
        servedAt: date.nullable(),
        answeredAt: date.nullable(),
      }),
    ),
  }),
});

export const resetLinkResponse = z.object({
  message: z.string(),
  link: z.string(),
  expiresAt: date,
});
