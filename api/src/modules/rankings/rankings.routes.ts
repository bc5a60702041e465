import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppContext } from '../../context.js';
import { signedInStaff, studentIdOf } from '../../lib/actors.js';
import { announceCacheChanges } from '../../lib/node-caches.js';
import { marksWrites } from '../../lib/read-routing.js';
import { errorSchema } from '../../lib/schemas.js';
import {
  freezeBoard,
  myStanding,
  rankingStatus,
  republishBoards,
  revealBoard,
} from './leaderboards.service.js';
import { publicDisplayRoutes } from './public-display.routes.js';
import {
  freezeSchema,
  homeLeaderboardSchema,
  leaderboardQuery,
  leaderboardSchema,
  myStandingSchema,
  phaseBody,
  phaseQuery,
  rebuildSchema,
  revealSchema,
  statusSchema,
} from './rankings.schemas.js';
import { rebuildAndPublish } from './rankings.service.js';

const READ = { module: 'systemConfigurations', action: 'read' } as const;
const UPDATE = { module: 'systemConfigurations', action: 'update' } as const;
const guarded = { 400: errorSchema, 401: errorSchema, 403: errorSchema };

export const rankingsRoutes: FastifyPluginAsyncZod<AppContext> = async (app, ctx) => {
  const { db, engine } = ctx;
  // Boards read the replica, except a freeze, reveal or naming change still on its way there.
  marksWrites(app, engine.reads, ['board_freezes', 'public_display_settings']);
  // After an admin action every node's next read is fresh (the cache bus drops the boards).
  const changed = (phaseId: string | null) =>
    announceCacheChanges(db, [{ cache: 'leaderboards', key: phaseId }]);
  const by = (request: FastifyRequest) => ({
    staffId: signedInStaff(request).id,
    ip: request.ip,
  });

  // The settings are saved by then: a failed push leaves open boards to their next update or resync.
  const renamed = () =>
    republishBoards(db, app.io).catch((err: unknown) => {
      app.log.warn({ err }, 'pushing the renamed boards failed');
    });
  await app.register(publicDisplayRoutes, { ...ctx, onRenamed: renamed });

  app.get(
    '/leaderboard',
    {
      schema: {
        tags: ['leaderboard'],
        summary: 'A page of the public board of a phase and grade (the frozen snapshot while frozen)',
        querystring: leaderboardQuery,
        response: { 200: leaderboardSchema, 400: errorSchema, 404: errorSchema },
      },
    },
    async (request) => engine.rankings.boardPage(request.query),
  );

  app.get(
    '/leaderboard/home',
    {
      schema: {
        tags: ['leaderboard'],
        summary: "The home page's board: the contest phase's top 5 of each grade",
        response: { 200: homeLeaderboardSchema },
      },
    },
    async () => engine.rankings.homeBoard(),
  );

  app.get(
    '/leaderboard/me',
    {
      config: { studentOnly: true },
      schema: {
        tags: ['leaderboard'],
        summary: "The signed-in student's own rank and score in a phase (always live, even while frozen)",
        querystring: phaseQuery,
        response: { 200: myStandingSchema, 400: errorSchema, 401: errorSchema },
      },
    },
    async (request) => myStanding(db, studentIdOf(request), request.query.phaseId),
  );

  app.post(
    '/admin/ranking/rebuild/',
    {
      config: { permission: UPDATE },
      schema: {
        tags: ['leaderboard'],
        summary: 'Ranks the phase again from every finished contest play and pushes its boards',
        body: phaseBody,
        response: { 200: rebuildSchema, 404: errorSchema, ...guarded },
      },
    },
    async (request) => {
      const result = await rebuildAndPublish(db, app.io, request.body.phaseId, by(request));
      await changed(request.body.phaseId);
      return {
        data: {
          phaseId: result.phaseId,
          grades: result.grades.map((g) => ({
            gradeId: g.gradeId,
            rankedCount: g.rankedCount,
            durationMs: g.durationMs,
          })),
          ranked: result.ranked,
          durationMs: result.durationMs,
        },
      };
    },
  );

  app.get(
    '/admin/ranking/status/',
    {
      config: { permission: READ },
      schema: {
        tags: ['leaderboard'],
        summary: 'Per grade of a phase: students ranked, when and how fast; whether the board is frozen',
        querystring: phaseQuery,
        response: { 200: statusSchema, 404: errorSchema, ...guarded },
      },
    },
    async (request) => ({ data: await rankingStatus(db, request.query.phaseId) }),
  );

  app.post(
    '/admin/ranking/freeze/',
    {
      config: { permission: UPDATE },
      schema: {
        tags: ['leaderboard'],
        summary: "Freezes the phase's public boards (ranking goes on underneath) until they are revealed",
        body: phaseBody,
        response: { 200: freezeSchema, 404: errorSchema, 409: errorSchema, ...guarded },
      },
    },
    async (request) => {
      const data = await freezeBoard(db, app.io, request.body.phaseId, by(request));
      await changed(request.body.phaseId);
      return { message: 'Leaderboard frozen', data };
    },
  );

  app.post(
    '/admin/ranking/reveal/',
    {
      config: { permission: UPDATE },
      schema: {
        tags: ['leaderboard'],
        summary: 'Reveals a frozen phase: the public boards show the live standings again',
        body: phaseBody,
        response: { 200: revealSchema, 404: errorSchema, 409: errorSchema, ...guarded },
      },
    },
    async (request) => {
      const data = await revealBoard(db, app.io, request.body.phaseId, by(request));
      await changed(request.body.phaseId);
      return { message: 'Leaderboard revealed', data };
    },
  );
};
