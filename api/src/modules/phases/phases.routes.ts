import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppContext } from '../../context.js';
import { errorSchema } from '../../lib/schemas.js';
import { phaseSchema } from './phases.schemas.js';
import { findActiveContestPhase, listPhaseOptions } from './phases.service.js';

export const phasesRoutes: FastifyPluginAsyncZod<AppContext> = async (app, { db }) => {
  app.get(
    '/contestPhase/active',
    {
      schema: {
        tags: ['phases'],
        summary: 'The contest phase now: the one named by contestQuizPhase, else the ACTIVE phase open now',
        response: { 200: z.object({ data: phaseSchema.nullable() }) },
      },
    },
    async () => ({ data: await findActiveContestPhase(db) }),
  );

  app.get(
    '/admin/phase/options',
    {
      config: { permission: { module: 'systemConfigurations', action: 'read' } },
      schema: {
        tags: ['phases'],
        summary: 'Every phase, for choosing the phase flags',
        response: { 200: z.object({ data: z.array(phaseSchema) }), 401: errorSchema, 403: errorSchema },
      },
    },
    async () => ({ data: await listPhaseOptions(db) }),
  );
};
