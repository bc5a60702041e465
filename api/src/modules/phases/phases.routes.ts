import { freezeBoard } from '#modules/rankings';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppContext } from '../../context.js';
import { CONTEST_STAGES } from '../../contracts/contest-lifecycle.js';
import { hasPermission } from '../../contracts/permissions.js';
import { signedInStaff, staffActor } from '../../lib/actors.js';
import { forbidden } from '../../lib/errors.js';
import { announceCacheChanges } from '../../lib/node-caches.js';
import { marksWrites } from '../../lib/read-routing.js';
import { errorSchema } from '../../lib/schemas.js';
import { endContest, listPhaseContests, setResultsRelease } from './contest-lifecycle.service.js';
import {
  activeContestPhaseSchema,
  contestStateSchema,
  endContestBody,
  phaseContestsSchema,
  phaseIdQuery,
  phaseSchema,
  resultsReleaseBody,
} from './phases.schemas.js';
import { activeContestPhase, listPhaseOptions } from './phases.service.js';

const guarded = { 400: errorSchema, 401: errorSchema, 403: errorSchema };
const changes = { ...guarded, 404: errorSchema, 409: errorSchema };
const FREEZE = { module: 'systemConfigurations', action: 'update' } as const;

export const phasesRoutes: FastifyPluginAsyncZod<AppContext> = async (app, { db, engine }) => {
  // Boards read the phase and its freeze from the replica unless just changed (an end with a freeze).
  marksWrites(app, engine.reads, ['phases', 'board_freezes']);
  app.get(
    '/contestPhase/active',
    {
      schema: {
        tags: ['phases'],
        summary:
          'The contest phase now (named by contestQuizPhase, else the ACTIVE phase open now) and its lifecycle stage',
        response: { 200: z.object({ data: activeContestPhaseSchema.nullable() }) },
      },
    },
    async () => ({ data: await activeContestPhase(db) }),
  );

  app.get(
    '/admin/phase/options',
    {
      config: { permission: { module: 'systemConfigurations', action: 'read' } },
      schema: {
        tags: ['phases'],
        summary: "Every phase with its contest's stage, for choosing the phase flags",
        response: {
          200: z.object({ data: z.array(phaseSchema.extend({ contestStage: z.enum(CONTEST_STAGES) })) }),
          401: errorSchema,
          403: errorSchema,
        },
      },
    },
    async () => ({ data: await listPhaseOptions(db) }),
  );

  app.get(
    '/admin/phase/contests',
    {
      config: { permission: { module: 'phase', action: 'read' } },
      schema: {
        tags: ['phases'],
        summary: "Every phase's contest lifecycle: stage, when starts stop, plays end and results open",
        response: { 200: phaseContestsSchema, ...guarded },
      },
    },
    async () => ({ data: await listPhaseContests(db) }),
  );

  app.post(
    '/admin/phase/end-contest/',
    {
      config: { permission: { module: 'phase', action: 'update' } },
      schema: {
        tags: ['phases'],
        summary:
          "Ends a phase's contest: no new starts, plays in progress finish within their clocks, results withheld until resultsReleaseAt (null: until released)",
        querystring: phaseIdQuery,
        body: endContestBody,
        response: { 200: z.object({ message: z.string(), data: contestStateSchema }), ...changes },
      },
    },
    async (request) => {
      const staff = signedInStaff(request);
      const { freezeBoards, resultsReleaseAt } = request.body;
      if (freezeBoards && !hasPermission(staff.permissions, staff.isSuperAdmin, FREEZE)) {
        throw forbidden('Freezing the boards needs the system configuration update permission.');
      }
      const phaseId = request.query.id;
      const data = await endContest(db, staffActor(request), phaseId, { resultsReleaseAt });
      let frozen = '';
      if (freezeBoards) {
        // The contest has ended whatever happens here: an already frozen board stays as it is.
        frozen = await freezeBoard(db, app.io, phaseId, { staffId: staff.id, ip: request.ip }).then(
          () => ' The boards are frozen.',
          (err: unknown) => {
            request.log.warn({ err }, 'freezing the boards after ending the contest failed');
            return ' The boards were not frozen (they may be frozen already).';
          },
        );
        await announceCacheChanges(db, [{ cache: 'leaderboards', key: phaseId }]);
      }
      return { message: `The contest has ended.${frozen}`, data };
    },
  );

  app.post(
    '/admin/phase/results-release/',
    {
      config: { permission: { module: 'phase', action: 'update' } },
      schema: {
        tags: ['phases'],
        summary:
          "Sets when a phase's results and review open (null: withheld); never before every play has finished",
        querystring: phaseIdQuery,
        body: resultsReleaseBody,
        response: { 200: z.object({ message: z.string(), data: contestStateSchema }), ...changes },
      },
    },
    async (request) => {
      const data = await setResultsRelease(
        db,
        staffActor(request),
        request.query.id,
        request.body.resultsReleaseAt,
      );
      return {
        message: data.resultsReleaseAt === null ? 'Results withheld' : 'Results release time saved',
        data,
      };
    },
  );
};
