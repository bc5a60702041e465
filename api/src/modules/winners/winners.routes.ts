import fastifyMultipart from '@fastify/multipart';
import type { FastifyRequest, preValidationHookHandler } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppContext } from '../../context.js';
import type { Action } from '../../contracts/permissions.js';
import { staffActor } from '../../lib/actors.js';
import { forbidden } from '../../lib/errors.js';
import { marksWrites } from '../../lib/read-routing.js';
import { errorSchema } from '../../lib/schemas.js';
import {
  autoWinnersBody,
  autoWinnersResponse,
  candidateQuery,
  candidateSchema,
  championsBoardSchema,
  idQuery,
  manualWinnerBody,
  passwordBody,
  phaseQuery,
  phaseWinnerSchema,
  winnerResponse,
} from './winners.schemas.js';
import * as service from './winners.service.js';

const student = (action: Action) => ({ permission: { module: 'student', action } as const });
const errors = { 400: errorSchema, 401: errorSchema, 403: errorSchema, 404: errorSchema };
const changes = { ...errors, 409: errorSchema, 413: errorSchema, 429: errorSchema };
const FORM_TYPES = ['application/json', 'multipart/form-data', 'application/x-www-form-urlencoded'];

/** Spec §4/§6: adding or removing winners takes student update AND the Super Admin role. */
const superAdminOnly: preValidationHookHandler = async (request) => {
  if (!request.staff?.isSuperAdmin) {
    throw forbidden('Only a Super Admin can change phase winners');
  }
};

export const winnersRoutes: FastifyPluginAsyncZod<AppContext> = async (
  app,
  { db, redis, queues, config, engine },
) => {
  // The champions board reads winners from the replica unless they just changed.
  marksWrites(app, engine.reads, ['winners']);
  // The spec's client posts the promote form as multipart form data: its text fields become the body.
  await app.register(fastifyMultipart, {
    attachFieldsToBody: 'keyValues',
    limits: { files: 0, fields: 8, fieldSize: 1024, parts: 8 },
  });
  app.addContentTypeParser(
    'application/x-www-form-urlencoded',
    { parseAs: 'string', bodyLimit: 8 * 1024 },
    (_request, body, done) => {
      done(null, Object.fromEntries(new URLSearchParams(body as string)));
    },
  );

  const deps = (request: FastifyRequest) => ({
    db,
    queues,
    redis,
    redisPrefix: config.REDIS_PREFIX,
    log: request.log,
  });

  app.post(
    '/phaseWinner/create/automatically',
    {
      config: student('update'),
      preValidation: superAdminOnly,
      schema: {
        tags: ['winners'],
        summary:
          'Makes the top N (default 3) of every grade in the phase winners, after the admin re-enters ' +
          'their password; students already winners stay as they were',
        consumes: FORM_TYPES,
        body: autoWinnersBody,
        response: { 201: autoWinnersResponse, ...changes },
      },
    },
    async (request, reply) => {
      const result = await service.createWinnersAutomatically(
        deps(request),
        staffActor(request),
        request.body,
      );
      return reply.status(201).send(result);
    },
  );

  app.post(
    '/phaseWinner/create/manually',
    {
      config: student('update'),
      preValidation: superAdminOnly,
      schema: {
        tags: ['winners'],
        summary:
          'Promotes one student (winnerId) of a grade as a winner of the phase, after the admin re-enters ' +
          'their password (form data or JSON); 200 with the existing winner when they already are one',
        consumes: FORM_TYPES,
        body: manualWinnerBody,
        response: { 200: winnerResponse, 201: winnerResponse, ...changes },
      },
    },
    async (request, reply) => {
      const { created, winner } = await service.createWinnerManually(
        deps(request),
        staffActor(request),
        request.body,
      );
      return created
        ? reply.status(201).send({ message: 'Student promoted as winner', data: winner })
        : reply.status(200).send({ message: 'This student is already a winner of this phase', data: winner });
    },
  );

  app.get(
    '/phaseWinner/',
    {
      config: student('read'),
      schema: {
        tags: ['winners'],
        summary: 'Every winner of a phase with full student details, by grade and position',
        querystring: phaseQuery,
        response: { 200: z.object({ data: z.array(phaseWinnerSchema) }), ...errors },
      },
    },
    async (request) => ({ data: await service.listPhaseWinners(db, request.query.phaseId) }),
  );

  app.get(
    '/phaseWinner/candidate/',
    {
      config: student('read'),
      schema: {
        tags: ['winners'],
        summary:
          'A student found by student number, with their standing in the phase and whether they can be added',
        querystring: candidateQuery,
        response: { 200: z.object({ data: candidateSchema }), ...errors },
      },
    },
    async (request) => ({
      data: await service.findWinnerCandidate(db, request.query.phaseId, request.query.studentNo),
    }),
  );

  app.delete(
    '/phaseWinner/delete/',
    {
      config: student('update'),
      preValidation: superAdminOnly,
      schema: {
        tags: ['winners'],
        summary: 'Removes a winner added by mistake, after the admin re-enters their password',
        querystring: idQuery,
        consumes: FORM_TYPES,
        body: passwordBody,
        response: { 200: z.object({ message: z.string() }), ...changes },
      },
    },
    async (request) => {
      await service.deleteWinner(deps(request), staffActor(request), request.query.id, request.body.password);
      return { message: 'Winner removed' };
    },
  );

  app.get(
    '/champions',
    {
      schema: {
        tags: ['winners'],
        summary:
          'The champions board (public): winners per phase and grade, named as the public display settings allow; `since` (the updatedAt of a champions:updated event) asks for a board at least that fresh',
        querystring: z.object({
          since: z.iso.datetime({ offset: true, message: 'must be a date-time' }).optional(),
        }),
        response: { 200: championsBoardSchema, 400: errorSchema },
      },
    },
    async (request) => engine.champions(request.query.since ? new Date(request.query.since) : undefined),
  );
};
