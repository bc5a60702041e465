import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppContext } from '../../context.js';
import { staffActor } from '../../lib/actors.js';
import { errorSchema } from '../../lib/schemas.js';
import {
  phaseParams,
  phasesResponse,
  runResponse,
  settingsBody,
  settingsResponse,
} from './integrity.schemas.js';
import {
  integrityPhases,
  phaseRunStatus,
  readIntegritySettings,
  startPhaseRun,
  updateIntegritySettings,
} from './integrity-admin.service.js';

const errors = { 400: errorSchema, 401: errorSchema, 403: errorSchema, 404: errorSchema };
const read = { permission: { module: 'integrity' as const, action: 'read' as const } };
const update = { permission: { module: 'integrity' as const, action: 'update' as const } };

/** Issue #21: integrity thresholds and phase runs (the signals themselves are integrity_signals rows). */
export const integrityRoutes: FastifyPluginAsyncZod<AppContext> = async (app, { db, queues }) => {
  app.get(
    '/admin/integrity/settings',
    {
      config: read,
      schema: {
        tags: ['integrity'],
        summary: 'The integrity thresholds in force, the stored overrides and the defaults',
        response: { 200: settingsResponse, ...errors },
      },
    },
    async () => readIntegritySettings(db),
  );

  app.put(
    '/admin/integrity/settings',
    {
      config: update,
      schema: {
        tags: ['integrity'],
        summary: 'Replaces the threshold overrides ({} restores the defaults); audited',
        body: settingsBody,
        response: { 200: settingsResponse, ...errors },
      },
    },
    async (request) => updateIntegritySettings(db, staffActor(request), request.body),
  );

  app.get(
    '/admin/integrity/phases',
    {
      config: read,
      schema: {
        tags: ['integrity'],
        summary:
          'Every phase, newest first, with its finished contest plays and how many of them are flagged',
        response: { 200: phasesResponse, ...errors },
      },
    },
    async () => integrityPhases(db),
  );

  app.get(
    '/admin/integrity/phases/:phaseId/run',
    {
      config: read,
      schema: {
        tags: ['integrity'],
        summary: "The phase's integrity run: state, progress (plays done of total) and result",
        params: phaseParams,
        response: { 200: runResponse, ...errors },
      },
    },
    async (request) => phaseRunStatus(db, queues, request.params.phaseId),
  );

  app.post(
    '/admin/integrity/phases/:phaseId/run',
    {
      config: update,
      schema: {
        tags: ['integrity'],
        summary:
          "Computes every integrity signal of a phase in the background, replacing the phase's signals; " +
          'while a run waits or runs, answers that run',
        params: phaseParams,
        response: { 202: runResponse, ...errors },
      },
    },
    async (request, reply) =>
      reply.code(202).send(await startPhaseRun(db, queues, staffActor(request), request.params.phaseId)),
  );
};
