import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppContext } from '../../context.js';
import type { Action } from '../../contracts/permissions.js';
import { staffActor } from '../../lib/actors.js';
import { marksWrites } from '../../lib/read-routing.js';
import { errorSchema } from '../../lib/schemas.js';
import {
  decisionBody,
  decisionResponse,
  evidenceResponse,
  playQuery,
  queueQuery,
  queueResponse,
} from './integrity-review.schemas.js';
import { listQueue, playEvidence } from './integrity-review.service.js';
import { decideReview } from './review-decisions.service.js';

const integrity = (action: Action) => ({ permission: { module: 'integrity', action } as const });
const guarded = { 400: errorSchema, 401: errorSchema, 403: errorSchema };
const tags = ['integrity'];

export const integrityReviewRoutes: FastifyPluginAsyncZod<AppContext> = async (
  app,
  { db, queues, engine },
) => {
  // A disqualification removes a winner: the champions board reads the primary meanwhile.
  marksWrites(app, engine.reads, ['winners']);
  app.get(
    '/admin/integrity/plays/',
    {
      config: integrity('read'),
      schema: {
        tags,
        summary:
          'Flagged contest plays, strongest signal first (filters: phase, grade, signal kind, decision or undecided)',
        querystring: queueQuery,
        response: { 200: queueResponse, ...guarded },
      },
    },
    async (request) => listQueue(db, request.query),
  );

  app.get(
    '/admin/integrity/play/',
    {
      config: integrity('read'),
      schema: {
        tags,
        summary:
          "A flagged play's evidence: its answers and times beside the related plays' and the grade's median, accounts on the same origin, the review and its history",
        querystring: playQuery,
        response: { 200: evidenceResponse, ...guarded, 404: errorSchema },
      },
    },
    async (request) => ({ data: await playEvidence(db, request.query.id) }),
  );

  app.post(
    '/admin/integrity/play/decide/',
    {
      config: integrity('update'),
      schema: {
        tags,
        summary:
          'Clears, warns about or disqualifies a play with a reason (optionally e-mailing the student, never for clear); a disqualified play leaves rankings, winners and qualification; audited',
        querystring: playQuery,
        body: decisionBody,
        response: { 200: decisionResponse, ...guarded, 404: errorSchema, 409: errorSchema },
      },
    },
    async (request) =>
      decideReview({ db, queues, log: request.log }, staffActor(request), request.query.id, request.body),
  );
};
