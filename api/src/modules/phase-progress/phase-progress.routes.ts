import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppContext } from '../../context.js';
import type { Action } from '../../contracts/permissions.js';
import { staffActor, studentIdOf } from '../../lib/actors.js';
import { errorSchema } from '../../lib/schemas.js';
import {
  cutoffsSchema,
  notifyPreview,
  notifyResult,
  phaseBody,
  phaseProgressSchema,
  phaseQuery,
  saveCutoffBody,
} from './phase-progress.schemas.js';
import * as service from './phase-progress.service.js';

const phase = (action: Action) => ({ permission: { module: 'phase', action } as const });
const errors = { 400: errorSchema, 401: errorSchema, 403: errorSchema, 404: errorSchema };

export const phaseProgressRoutes: FastifyPluginAsyncZod<AppContext> = async (app, { db, queues, engine }) => {
  app.get(
    '/admin/phaseCutoff/',
    {
      config: phase('read'),
      schema: {
        tags: ['phases'],
        summary: 'How many toppers of each grade the phase carries to the next phase, and the cuts it allows',
        querystring: phaseQuery,
        response: { 200: z.object({ data: cutoffsSchema }), ...errors },
      },
    },
    async (request) => ({ data: await service.getCutoffs(db, request.query.phaseId) }),
  );

  app.post(
    '/admin/phaseCutoff/create/',
    {
      config: phase('update'),
      schema: {
        tags: ['phases'],
        summary: "Sets a grade's cut: phase 1 carries its top 100, 150 or 200, phase 2 its top 10, 20 or 30",
        body: saveCutoffBody,
        response: { 200: z.object({ message: z.string(), data: cutoffsSchema }), ...errors },
      },
    },
    async (request) => ({
      message: 'Cut-off saved',
      data: await service.saveCutoff(db, staffActor(request), request.body),
    }),
  );

  app.get(
    '/admin/phaseCutoff/notify/',
    {
      config: phase('read'),
      schema: {
        tags: ['phases'],
        summary: 'How many qualifiers "E-mail qualifiers" would e-mail now, or why it is refused',
        querystring: phaseQuery,
        response: { 200: z.object({ data: notifyPreview }), ...errors },
      },
    },
    async (request) => ({ data: await service.previewNotify(db, request.query.phaseId) }),
  );

  app.post(
    '/admin/phaseCutoff/notify/',
    {
      config: phase('update'),
      schema: {
        tags: ['phases'],
        summary:
          "E-mails the next phase's qualifiers of every grade (rank within the cut) who were not told yet; 409 until the phase is over",
        body: phaseBody,
        response: { 200: z.object({ message: z.string(), data: notifyResult }), 409: errorSchema, ...errors },
      },
    },
    async (request) => {
      const data = await service.notifyQualifiers(
        { db, queues, log: request.log },
        staffActor(request),
        request.body.phaseId,
      );
      const plural = data.notified === 1 ? '' : 's';
      return { message: `${data.notified} qualifier${plural} e-mailed`, data };
    },
  );

  app.get(
    '/phase/progress',
    {
      config: { studentOnly: true },
      schema: {
        tags: ['phases'],
        summary:
          "The signed-in student's next phase, the phase that just ended, whether they qualified and their rank",
        response: { 200: phaseProgressSchema, 401: errorSchema },
      },
    },
    async (request) => service.phaseProgress({ db, engine }, studentIdOf(request)),
  );
};
