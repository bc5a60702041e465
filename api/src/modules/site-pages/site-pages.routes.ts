import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppContext } from '../../context.js';
import type { Action } from '../../contracts/permissions.js';
import { staffActor } from '../../lib/actors.js';
import { errorSchema } from '../../lib/schemas.js';
import {
  adminPagesResponse,
  keyParams,
  pageBody,
  pageResponse,
  previewResponse,
  versionParams,
} from './site-pages.schemas.js';
import * as service from './site-pages.service.js';

// Site pages are part of the site's configuration: staff with configurations rights edit them.
const pages = (action: Action) => ({ permission: { module: 'configurations', action } as const });
const guarded = { 400: errorSchema, 401: errorSchema, 403: errorSchema };
const tags = ['site pages'];

export const sitePagesRoutes: FastifyPluginAsyncZod<AppContext> = async (app, { db }) => {
  app.get(
    '/pages/:key',
    {
      schema: {
        tags,
        summary: 'The latest published version of a site page, with the list of its versions',
        params: keyParams,
        response: { 200: pageResponse, 400: errorSchema, 404: errorSchema },
      },
    },
    async (request) => ({ data: await service.publicPage(db, request.params.key, null) }),
  );

  app.get(
    '/pages/:key/versions/:version',
    {
      schema: {
        tags,
        summary: 'One published version of a site page (old versions stay readable)',
        params: versionParams,
        response: { 200: pageResponse, 400: errorSchema, 404: errorSchema },
      },
    },
    async (request) => ({
      data: await service.publicPage(db, request.params.key, request.params.version),
    }),
  );

  app.get(
    '/admin/pages/',
    {
      config: pages('read'),
      schema: {
        tags,
        summary: 'Every site page with its latest published version',
        response: { 200: adminPagesResponse, ...guarded },
      },
    },
    async () => ({ data: await service.adminPages(db) }),
  );

  app.post(
    '/admin/pages/:key/preview/',
    {
      config: pages('update'),
      schema: {
        tags,
        summary: 'The sanitised text as publishing would show it; saves nothing',
        params: keyParams,
        body: pageBody,
        response: { 200: previewResponse, ...guarded },
      },
    },
    async (request) => ({ data: service.previewBody(request.body) }),
  );

  app.post(
    '/admin/pages/:key/publish/',
    {
      config: pages('update'),
      schema: {
        tags,
        summary: 'Publishes a new version of a page (the old ones stay readable); audited',
        params: keyParams,
        body: pageBody,
        response: { 201: pageResponse, ...guarded },
      },
    },
    async (request, reply) =>
      reply.status(201).send({
        data: await service.publish(db, staffActor(request), request.params.key, request.body),
      }),
  );
};
