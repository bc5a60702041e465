import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppContext } from '../../context.js';
import { sendCsv } from '../../lib/csv-reply.js';
import { errorSchema } from '../../lib/schemas.js';
import { csvFilename, reportCsv } from './quiz-performance.csv.js';
import { quizPerformanceQuery, quizPerformanceSchema } from './quiz-performance.schemas.js';
import { quizPerformance } from './quiz-performance.service.js';

const guarded = { 400: errorSchema, 401: errorSchema, 403: errorSchema };
const allowed = { permission: { module: 'quizPerformance' as const, action: 'read' as const } };

export const quizPerformanceRoutes: FastifyPluginAsyncZod<AppContext> = async (app, { db }) => {
  app.get(
    '/reports/quiz-performance',
    {
      config: allowed,
      schema: {
        tags: ['reports'],
        summary:
          'Quiz performance by quiz, phase and grade: players, finished and abandoned plays, score distribution, mean and median, time per question, hardest and easiest questions, attempts, per day (format=csv for a file)',
        querystring: quizPerformanceQuery,
        response: { 200: z.union([quizPerformanceSchema, z.string().describe('text/csv')]), ...guarded },
      },
    },
    async (request, reply) => {
      const report = await quizPerformance(db, request.query);
      return request.query.format === 'csv' ? sendCsv(reply, csvFilename(), reportCsv(report)) : report;
    },
  );
  app.get(
    '/reports/quiz-performance.csv',
    {
      config: allowed,
      schema: {
        tags: ['reports'],
        summary: 'The quiz performance report as a CSV file',
        querystring: quizPerformanceQuery,
        response: { 200: z.string().describe('text/csv'), ...guarded },
      },
    },
    async (request, reply) =>
      sendCsv(reply, csvFilename(), reportCsv(await quizPerformance(db, request.query))),
  );
};
