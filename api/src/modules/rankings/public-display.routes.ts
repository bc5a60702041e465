import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppContext } from '../../context.js';
import { signedInStaff } from '../../lib/actors.js';
import { announceCacheChanges, everything } from '../../lib/node-caches.js';
import { errorSchema } from '../../lib/schemas.js';
import { displaySettingsBody, displaySettingsView, publicDisplayView } from './public-display.schemas.js';
import { getDisplaySettingsView, saveDisplaySettings } from './public-display.service.js';

const READ = { module: 'systemConfigurations', action: 'read' } as const;
const UPDATE = { module: 'systemConfigurations', action: 'update' } as const;
const guarded = { 400: errorSchema, 401: errorSchema, 403: errorSchema };

export interface PublicDisplayRoutesOptions extends AppContext {
  /** Called after a change of how children are named: open boards get the new names pushed. */
  onRenamed: () => Promise<unknown>;
}

export const publicDisplayRoutes: FastifyPluginAsyncZod<PublicDisplayRoutesOptions> = async (
  app,
  { db, queues, engine, onRenamed },
) => {
  app.get(
    '/publicDisplay',
    {
      schema: {
        tags: ['public display'],
        summary: 'The home page announcement (null when there is none or it has ended)',
        response: { 200: publicDisplayView },
      },
    },
    async () => engine.rankings.announcement(),
  );

  app.get(
    '/admin/publicDisplay/',
    {
      config: { permission: READ },
      schema: {
        tags: ['public display'],
        summary: 'How public boards name students, and the home page announcement',
        response: { 200: z.object({ data: displaySettingsView }), ...guarded },
      },
    },
    async () => ({ data: await getDisplaySettingsView(db) }),
  );

  app.post(
    '/admin/publicDisplay/create/',
    {
      config: { permission: UPDATE },
      schema: {
        tags: ['public display'],
        summary: 'Saves how public boards name students (students are minors) and the announcement',
        body: displaySettingsBody,
        response: { 200: z.object({ message: z.string(), data: displaySettingsView }), ...guarded },
      },
    },
    async (request) => {
      const { data, renamed } = await saveDisplaySettings(
        { db, queues, log: request.log },
        request.body,
        signedInStaff(request).id,
        request.ip,
      );
      // Boards and champions show names as these settings say: every node drops all three.
      await announceCacheChanges(db, everything('publicDisplay', 'leaderboards', 'champions'));
      if (renamed) {
        await onRenamed();
      }
      return { message: 'Public display settings saved', data };
    },
  );
};
