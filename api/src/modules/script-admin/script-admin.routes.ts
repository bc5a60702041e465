import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppContext } from '../../context.js';
import { staffActor } from '../../lib/actors.js';
import { forbidden } from '../../lib/errors.js';
import { errorSchema } from '../../lib/schemas.js';
import { actionsSchema, runBody, runResultSchema } from './script-admin.schemas.js';
import { listScriptActions, runScriptAction } from './script-admin.service.js';

const errors = { 400: errorSchema, 401: errorSchema, 403: errorSchema, 409: errorSchema, 429: errorSchema };

/** Issue #19: maintenance actions, for a Super Admin only, whatever permissions another role holds. */
export const scriptAdminRoutes: FastifyPluginAsyncZod<AppContext> = async (
  app,
  { db, redis, queues, config },
) => {
  app.addHook('preValidation', async (request) => {
    if (!request.staff?.isSuperAdmin) {
      throw forbidden('Only a Super Admin can run maintenance actions');
    }
  });

  app.get(
    '/admin/script-admin/actions',
    {
      config: { staffOnly: true },
      schema: {
        tags: ['script-admin'],
        summary: 'The maintenance actions a Super Admin may run, with their parameters',
        response: { 200: actionsSchema, ...errors },
      },
    },
    async () => ({ data: listScriptActions() }),
  );

  app.post(
    '/admin/script-admin/run',
    {
      config: { staffOnly: true },
      schema: {
        tags: ['script-admin'],
        summary:
          'Runs one maintenance action, or with dryRun says what it would change; the admin re-enters ' +
          'their password each time; a real run is audited and locked per action',
        body: runBody,
        response: { 200: runResultSchema, ...errors },
      },
    },
    async (request) =>
      runScriptAction(
        { db, redis, queues, io: app.io, log: request.log, redisPrefix: config.REDIS_PREFIX },
        staffActor(request),
        request.body,
      ),
  );
};
