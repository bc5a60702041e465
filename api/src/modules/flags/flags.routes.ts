import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppContext } from '../../context.js';
import type { FlagsResponse } from '../../contracts/flags.js';
import { signedInStaff } from '../../lib/actors.js';
import { errorSchema } from '../../lib/schemas.js';
import {
  createFlagBody,
  createPresetBody,
  flagsResponse,
  presetDetail,
  presetQuery,
  presetSummary,
  saveFlagsResponse,
} from './flags.schemas.js';
import { getPreset, getVersionedFlags, listPresets, saveFlags, savePreset } from './flags.service.js';

const READ = { module: 'systemConfigurations', action: 'read' } as const;
const UPDATE = { module: 'systemConfigurations', action: 'update' } as const;
const guarded = { 400: errorSchema, 401: errorSchema, 403: errorSchema };

export const flagsRoutes: FastifyPluginAsyncZod<AppContext> = async (app, { db, queues }) => {
  // Public: the student app reads the flags at start. Both spellings are in use (spec §7).
  for (const url of ['/admin/flag/detail', '/admin/flag/detail/']) {
    app.get(
      url,
      {
        schema: {
          tags: ['flags'],
          summary:
            'System flags: an array whose first element holds every flag (absent ones false) and the version a save names',
          response: { 200: flagsResponse },
        },
      },
      async (): Promise<FlagsResponse> => {
        const { flags, version } = await getVersionedFlags(db);
        return [{ ...flags, version }];
      },
    );
  }

  app.post(
    '/admin/createFlag/',
    {
      config: { permission: UPDATE },
      schema: {
        tags: ['flags'],
        summary:
          "Changes only the flags sent ('none', null or false removes one). With the version read from GET /admin/flag/detail: 409 when someone saved since",
        body: createFlagBody,
        response: { 200: saveFlagsResponse, 409: errorSchema, ...guarded },
      },
    },
    async (request) => {
      const { version, ...patch } = request.body;
      const data = await saveFlags(
        { db, queues, log: request.log },
        { patch, version, staffId: signedInStaff(request).id, ip: request.ip },
      );
      return { message: 'Flags updated successfully', data };
    },
  );

  app.get(
    '/systemPreSet/',
    {
      config: { permission: READ },
      schema: {
        tags: ['flags'],
        summary: 'Saved flag presets',
        response: { 200: z.object({ data: z.array(presetSummary) }), ...guarded },
      },
    },
    async () => ({ data: await listPresets(db) }),
  );

  app.get(
    '/admin/preSetFlag/detail/',
    {
      config: { permission: READ },
      schema: {
        tags: ['flags'],
        summary: 'The flags of one preset, by _id or name',
        querystring: presetQuery,
        response: { 200: z.object({ data: presetDetail }), 404: errorSchema, ...guarded },
      },
    },
    async (request) => ({ data: await getPreset(db, request.query.preSet) }),
  );

  app.post(
    '/admin/preSetFlag/create/',
    {
      config: { permission: UPDATE },
      schema: {
        tags: ['flags'],
        summary: 'Saves flags as a named preset (replaces a preset of the same name)',
        body: createPresetBody,
        response: { 201: z.object({ data: presetDetail }), ...guarded },
      },
    },
    async (request, reply) => {
      const { name, flags } = request.body;
      const preset = await savePreset(db, name, flags, signedInStaff(request).id, request.ip);
      return reply.status(201).send({ data: preset });
    },
  );
};
