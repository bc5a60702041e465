import { z } from 'zod';
import { servedQuestionSchema } from '#modules/questions';

/** The client's own time for an answer is kept (for audit) clamped to -1 … this. */
export const CLIENT_TIME_MAX_MS = 3_600_000;

const kind = z.enum(['CONTEST', 'PRACTICE']);
const playStatus = z.enum(['IN_PROGRESS', 'FINISHED', 'CANCELLED']);
const outcome = z.enum(['ANSWERED', 'NO_ANSWER']);

export const startResponse = z.object({
  play: z.object({
    _id: z.string(),
    questionCount: z.number(),
    practice: z.boolean(),
    status: playStatus,
    questions: z.array(
      z.object({ _id: z.string(), question: z.string(), position: z.number(), answered: z.boolean() }),
    ),
    currentIndex: z.number(),
    quiz: z.string(),
  }),
  quiz: z.object({
    _id: z.string(),
    title: z.string(),
    kind,
    questionCount: z.number(),
    secondsPerQuestion: z.number(),
    attemptsAllowed: z.number(),
  }),
  resumed: z.boolean(),
  contestAttempts: z.number(),
});

export const clockResponse = z.object({
  deadline: z.string(),
  remainingMs: z.number(),
  serverTime: z.string(),
  pausedRemainingMs: z
    .number()
    .nullable()
    .describe('practice: the time left while the question is paused (on any device); null while it runs'),
});

export const questionResponse = clockResponse.extend({
  question: servedQuestionSchema,
  index: z.number(),
  servedAt: z.string(),
  ranOut: z
    .array(z.number())
    .describe('the questions just before this one (0-based) whose time ran out unanswered, e.g. while away'),
});

export const submitResponse = z.object({
  recorded: z.boolean(),
  outcome,
  timeTakenMs: z.number(),
  nextIndex: z.number(),
  finished: z.boolean(),
  next: questionResponse
    .nullable()
    .optional()
    .describe(
      'only with includeNext: the next question as GET /play-quiz/question serves it (its clock starts now); null when the play is finished or it cannot be served now',
    ),
});

const hiddenWhileOpen = (what: string) =>
  `${what}; left out while the contest is open (reviewOpen false), null while not marked yet`;

const totalWhilePlaying = (what: string) =>
  `${what}; null while a contest play is still being played (a running total would tell which answers scored)`;

export const resultsResponse = z.object({
  play: z.object({
    _id: z.string(),
    kind,
    status: playStatus,
    quizTitle: z.string(),
    questionCount: z.number(),
    score: z.number().nullable().describe(totalWhilePlaying('total score')),
    correctCount: z.number().nullable().describe(totalWhilePlaying('answers right')),
    answeredCount: z.number().describe('questions answered (not timed out or left empty)'),
    totalTimeMs: z.number(),
    finishedAt: z.string().nullable(),
    pending: z.boolean(),
  }),
  questions: z.array(
    z.object({
      index: z.number(),
      questionId: z.string(),
      outcome: outcome.nullable(),
      isCorrect: z.boolean().nullable().optional().describe(hiddenWhileOpen('whether the answer was right')),
      score: z.number().nullable().optional().describe(hiddenWhileOpen("the question's score")),
      timeTakenMs: z
        .number()
        .nullable()
        .optional()
        .describe(hiddenWhileOpen('time taken (with the total score it would tell which answers scored)')),
    }),
  ),
  rank: z.number().nullable(),
  reviewOpen: z
    .boolean()
    .describe(
      'whether the answers are shown (per-question results and GET /play-quiz/wrong): practice always; a contest play once it is finished and the contest is over',
    ),
});

export const wrongResponse = z.object({
  data: z.array(
    z.object({
      index: z.number(),
      question: servedQuestionSchema,
      outcome: outcome.nullable(),
      selectedOptionIds: z.array(z.string()),
      answerText: z.string().nullable(),
    }),
  ),
});
