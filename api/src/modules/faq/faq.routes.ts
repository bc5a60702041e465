import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppContext } from '../../context.js';
import type { Action } from '../../contracts/permissions.js';
import { staffActor } from '../../lib/actors.js';
import { moveBody } from '../../lib/positions.js';
import { errorSchema } from '../../lib/schemas.js';
import {
  adminFaqResponse,
  entryBody,
  entryChanges,
  entryResponse,
  groupBody,
  groupResponse,
  idQuery,
  messageResponse,
  publicFaqResponse,
} from './faq.schemas.js';
import * as service from './faq.service.js';

const faq = (action: Action) => ({ permission: { module: 'faqManagement', action } as const });
const guarded = { 400: errorSchema, 401: errorSchema, 403: errorSchema };
const changes = { ...guarded, 404: errorSchema, 409: errorSchema };
const tags = ['faq'];

export const faqRoutes: FastifyPluginAsyncZod<AppContext> = async (app, { db }) => {
  app.get(
    '/faq',
    {
      schema: {
        tags,
        summary: 'The public FAQ: published answers only, grouped and in order (cacheable for a minute)',
        response: { 200: publicFaqResponse },
      },
    },
    async (_request, reply) => {
      const data = await service.publicFaq(db);
      return reply.header('cache-control', 'public, max-age=60').send({ data });
    },
  );

  app.get(
    '/admin/faq/',
    {
      config: faq('read'),
      schema: {
        tags,
        summary: 'Every FAQ group with its questions (drafts too), in order',
        response: { 200: adminFaqResponse, ...guarded },
      },
    },
    async () => ({ data: await service.adminFaq(db) }),
  );

  app.post(
    '/admin/faq/group/create/',
    {
      config: faq('create'),
      schema: {
        tags,
        summary: 'Adds a group at the end; audited',
        body: groupBody,
        response: { 201: groupResponse, ...changes },
      },
    },
    async (request, reply) =>
      reply
        .status(201)
        .send({ data: await service.createGroup(db, staffActor(request), request.body.title) }),
  );

  app.post(
    '/admin/faq/group/update/',
    {
      config: faq('update'),
      schema: {
        tags,
        summary: 'Renames a group; audited',
        querystring: idQuery,
        body: groupBody,
        response: { 200: groupResponse, ...changes },
      },
    },
    async (request) => ({
      data: await service.renameGroup(db, staffActor(request), request.query.id, request.body.title),
    }),
  );

  app.post(
    '/admin/faq/group/move/',
    {
      config: faq('update'),
      schema: {
        tags,
        summary: 'Moves a group one place up or down; audited',
        querystring: idQuery,
        body: moveBody,
        response: { 200: groupResponse, ...changes },
      },
    },
    async (request) => ({
      data: await service.moveGroup(db, staffActor(request), request.query.id, request.body.direction),
    }),
  );

  app.delete(
    '/admin/faq/group/delete/',
    {
      config: faq('delete'),
      schema: {
        tags,
        summary: 'Deletes an empty group (409 while it has questions); audited',
        querystring: idQuery,
        response: { 200: messageResponse, ...changes },
      },
    },
    async (request) => {
      await service.deleteGroup(db, staffActor(request), request.query.id);
      return { message: 'FAQ group deleted' };
    },
  );

  app.post(
    '/admin/faq/entry/create/',
    {
      config: faq('create'),
      schema: {
        tags,
        summary: 'Adds a question at the end of its group; the answer is sanitised rich text; audited',
        body: entryBody,
        response: { 201: entryResponse, ...changes },
      },
    },
    async (request, reply) =>
      reply.status(201).send({ data: await service.createEntry(db, staffActor(request), request.body) }),
  );

  app.post(
    '/admin/faq/entry/update/',
    {
      config: faq('update'),
      schema: {
        tags,
        summary: 'Changes a question, its answer, group (to its end) or published state; audited',
        querystring: idQuery,
        body: entryChanges,
        response: { 200: entryResponse, ...changes },
      },
    },
    async (request) => ({
      data: await service.updateEntry(db, staffActor(request), request.query.id, request.body),
    }),
  );

  app.post(
    '/admin/faq/entry/move/',
    {
      config: faq('update'),
      schema: {
        tags,
        summary: 'Moves a question one place up or down in its group; audited',
        querystring: idQuery,
        body: moveBody,
        response: { 200: entryResponse, ...changes },
      },
    },
    async (request) => ({
      data: await service.moveEntry(db, staffActor(request), request.query.id, request.body.direction),
    }),
  );

  app.delete(
    '/admin/faq/entry/delete/',
    {
      config: faq('delete'),
      schema: {
        tags,
        summary: 'Deletes a question; audited',
        querystring: idQuery,
        response: { 200: messageResponse, ...changes },
      },
    },
    async (request) => {
      await service.deleteEntry(db, staffActor(request), request.query.id);
      return { message: 'FAQ question deleted' };
    },
  );
};
