import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { DEVICE_ID_HEADER, originHashes } from '#modules/integrity';
import { z } from 'zod';
import type { AppContext } from '../../context.js';
import { HOT_COMPRESS_THRESHOLD_BYTES } from '../../plugins/compression.js';
import { studentIdOf } from '../../lib/actors.js';
import { clientMilliseconds, errorSchema } from '../../lib/schemas.js';
import { availableQuizzes } from './available-quizzes.service.js';
import { submitAnswer, submitAnswerAndServeNext } from './play-answer.service.js';
import { setPracticePaused } from './play-pause.service.js';
import {
  CLIENT_TIME_MAX_MS,
  clockResponse,
  questionResponse,
  resultsResponse,
  startResponse,
  submitResponse,
  wrongResponse,
} from './play-quiz.schemas.js';
import { cancelPlay, playResults, wrongAnswers } from './play-results.service.js';
import { serveQuestion } from './play-serve.service.js';
import { startPlay } from './play-start.service.js';

const id = (what: string) => z.uuid({ message: `must be a ${what} id` });
const errors = { 400: errorSchema, 401: errorSchema, 403: errorSchema, 404: errorSchema, 409: errorSchema };
const playIdBody = z.object({ playId: id('play') });

/**
 * The routes every child calls on contest day (the contest page, start, questions, answers,
 * results): tens of thousands of requests a minute, each logged twice at info ("incoming request",
 * "request completed") would be most of the api's output and a share of its CPU in the start burst.
 * They log at warn: their errors still are, and every response is counted by route and status in
 * the metrics (riyazi_http_request_duration_seconds).
 */
const HOT = {
  config: { studentOnly: true },
  logLevel: 'warn',
  // Their answers are a few KB: compressing them costs more than it saves (plugins/compression.ts).
  compress: { threshold: HOT_COMPRESS_THRESHOLD_BYTES },
} as const;

export const playQuizRoutes: FastifyPluginAsyncZod<AppContext> = async (
  app,
  { db, queues, engine, config },
) => {
  const deps = (log: { warn: (obj: object, msg: string) => void }) => ({ db, queues, engine, log });
  const reads = { db, engine };

  app.post(
    '/play-quiz/',
    {
      ...HOT,
      schema: {
        tags: ['quiz'],
        summary:
          'Starts a play (a contest uses one attempt atomically) or resumes the unfinished one; draws and fixes the questions. ' +
          'A contest start records keyed hashes of the client address and of the X-Device-Id header (16-128 letters, digits, _ or -)',
        body: z.object({
          quizId: id('quiz'),
          type: z.enum(['CONTEST', 'PRACTICE'], { message: 'must be CONTEST or PRACTICE' }),
        }),
        response: {
          200: startResponse,
          ...errors,
        },
      },
    },
    async (request) => {
      const { type } = request.body;
      const deviceId = request.headers[DEVICE_ID_HEADER];
      // Only a contest's origin is kept; a malformed device id counts as none (a start is never refused for it).
      const origin =
        type === 'CONTEST'
          ? originHashes(
              config.INTEGRITY_HASH_KEY,
              request.ip,
              typeof deviceId === 'string' ? deviceId : undefined,
            )
          : undefined;
      return startPlay(deps(request.log), studentIdOf(request), { ...request.body, origin });
    },
  );

  app.get(
    '/play-quiz/question',
    {
      ...HOT,
      schema: {
        tags: ['quiz'],
        summary:
          'The current question as served (spec §3) with the server deadline; the first serve starts its clock, a reload keeps it',
        querystring: z.object({ playId: id('play'), questionId: id('question') }),
        response: { 200: questionResponse, ...errors },
      },
    },
    async (request) =>
      serveQuestion(reads, studentIdOf(request), request.query.playId, request.query.questionId),
  );

  app.post(
    '/play-quiz/question/submit-answer',
    {
      ...HOT,
      schema: {
        tags: ['quiz'],
        summary:
          'Records the answer of the current question (server-measured time; idempotent: a retry returns the first result). ' +
          'With includeNext the response also carries the next question, served as GET /play-quiz/question serves it (one request per question; a retry gets the same question and deadline)',
        body: z.object({
          playId: id('play'),
          questionId: id('question'),
          answers: z.array(z.unknown(), { message: 'must be a list' }).max(10, 'at most 10 answers'),
          // Advisory (the server measures time): an absurd figure is clamped, and the answer still counts.
          timeTaken: clientMilliseconds(CLIENT_TIME_MAX_MS).optional(),
          includeNext: z.boolean({ message: 'must be true or false' }).optional(),
        }),
        response: { 200: submitResponse, ...errors },
      },
    },
    async (request) => {
      const { includeNext, ...input } = request.body;
      return (includeNext ? submitAnswerAndServeNext : submitAnswer)(
        deps(request.log),
        studentIdOf(request),
        input,
      );
    },
  );

  app.post(
    '/play-quiz/results',
    {
      ...HOT,
      schema: {
        tags: ['quiz'],
        summary:
          'Score, counts, time and per-question outcome of a play (pending while scoring catches up); per-question correctness, score and time only once the answers are shown (practice; a finished contest play after the contest is over)',
        body: playIdBody,
        response: { 200: resultsResponse, ...errors },
      },
    },
    async (request) => playResults(db, studentIdOf(request), request.body.playId),
  );

  app.post(
    '/play-quiz/cancel',
    {
      config: { studentOnly: true },
      schema: {
        tags: ['quiz'],
        summary: 'Stops a practice play (a contest cannot be stopped)',
        body: playIdBody,
        response: { 200: z.object({ message: z.string() }), ...errors },
      },
    },
    async (request) => {
      await cancelPlay(db, studentIdOf(request), request.body.playId);
      return { message: 'Quiz stopped' };
    },
  );

  for (const [path, paused] of [
    ['/play-quiz/pause', true],
    ['/play-quiz/resume', false],
  ] as const) {
    app.post(
      path,
      {
        config: { studentOnly: true },
        schema: {
          tags: ['quiz'],
          summary: paused
            ? "Pauses a practice play's current question on the server, so every device finds it paused (a contest cannot be paused)"
            : "Resumes a paused practice question: its deadline moves on by the pause; answers the question's clock",
          body: playIdBody,
          response: { 200: clockResponse, ...errors },
        },
      },
      async (request) => setPracticePaused(db, studentIdOf(request), request.body.playId, paused),
    );
  }

  app.get(
    '/play-quiz/wrong',
    {
      config: { studentOnly: true, orStaffWith: { module: 'student', action: 'read' } },
      schema: {
        tags: ['quiz'],
        summary:
          "The wrongly answered questions of a play with the correct answers: the student's own finished play (contest: once it is over), or any play for staff with student:read",
        querystring: z.object({ id: id('play') }),
        response: { 200: wrongResponse, ...errors },
      },
    },
    async (request) => ({
      data: await wrongAnswers(
        db,
        request.staff ? { staff: true } : { studentId: studentIdOf(request) },
        request.query.id,
      ),
    }),
  );

  app.get(
    '/play-quiz/available',
    {
      ...HOT,
      schema: {
        tags: ['quiz'],
        summary:
          'The quizzes the signed-in student may start now, each with attempts left and any play to resume',
        querystring: z.object({
          type: z.enum(['CONTEST', 'PRACTICE'], { message: 'must be CONTEST or PRACTICE' }),
        }),
        response: {
          200: z.object({
            data: z.array(
              z.object({
                _id: z.string(),
                title: z.string(),
                kind: z.enum(['CONTEST', 'PRACTICE']),
                questionCount: z.number(),
                secondsPerQuestion: z.number(),
                attemptsAllowed: z.number(),
                attemptsLeft: z.number(),
                allowanceUsed: z
                  .boolean()
                  .describe(
                    'contest: played as many times as the quiz allows (more paid attempts would not help)',
                  ),
                openPlayId: z.string().nullable(),
                closesAt: z.string().nullable(),
                answerKinds: z
                  .object({ choice: z.boolean(), typed: z.boolean() })
                  .describe("whether the student's grade draws multiple-choice and typed-answer questions"),
              }),
            ),
          }),
          ...errors,
        },
      },
    },
    async (request) => ({
      data: await availableQuizzes(reads, studentIdOf(request), request.query.type),
    }),
  );
};
