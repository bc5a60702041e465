import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppContext } from '../../context.js';
import { listActiveGrades } from './grades.repository.js';

export const gradesRoutes: FastifyPluginAsyncZod<AppContext> = async (app, { db }) => {
  app.get(
    '/grades/options',
    {
      schema: {
        tags: ['grades'],
        summary: 'Active grades in order, for sign-up and profile forms',
        response: { 200: z.object({ data: z.array(z.object({ _id: z.string(), title: z.string() })) }) },
      },
    },
    async () => {
      const rows = await listActiveGrades(db);
      return { data: rows.map((g) => ({ _id: g.id, title: g.title })) };
    },
  );
};
