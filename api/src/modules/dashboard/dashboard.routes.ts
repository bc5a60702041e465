import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppContext } from '../../context.js';
import { unauthorized } from '../../lib/errors.js';
import { errorSchema } from '../../lib/schemas.js';
import { dashboardSchema } from './dashboard.schemas.js';
import { buildDashboard } from './dashboard.service.js';

export const dashboardRoutes: FastifyPluginAsyncZod<AppContext> = async (app, { queues, engine }) => {
  app.get(
    '/admin/dashboard',
    {
      // Open to every signed-in staff member; each tile checks its own permission (TILE_PERMISSIONS).
      config: { staffOnly: true },
      schema: {
        tags: ['dashboard'],
        summary:
          "The back office's first page: students, payments in PKR, contest plays per grade, the contest " +
          'phase and the job queues, each tile only for staff allowed to read it; "today" is the Pakistan day',
        response: { 200: dashboardSchema, 401: errorSchema },
      },
    },
    async (request) => {
      if (!request.staff) {
        throw unauthorized();
      }
      const staff = request.staff;
      // Counts and totals tolerate the replica's lag, unless a tile's table just changed.
      const read = await engine.reads.read(
        ['payments', 'students', 'phases'],
        (db) => buildDashboard({ db, queues }, staff),
        request,
      );
      return read.value;
    },
  );
};
