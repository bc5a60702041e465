import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { idQuery, listResponse, messageResponse } from '#modules/reference-data';
import type { AppContext } from '../../context.js';
import type { Action } from '../../contracts/permissions.js';
import { staffActor } from '../../lib/actors.js';
import { errorSchema } from '../../lib/schemas.js';
import { checkPool } from './quiz-pool-report.js';
import {
  poolCheckBody,
  poolReport,
  quizBody,
  quizListQuery,
  quizOptionsSchema,
  quizRowSchema,
  quizSchema,
  statusBody,
} from './quizzes.schemas.js';
import * as quizzes from './quizzes.service.js';

const guarded = { 400: errorSchema, 401: errorSchema, 403: errorSchema };
const changes = { ...guarded, 404: errorSchema, 409: errorSchema };
const allowed = (action: Action) => ({ permission: { module: 'quiz' as const, action } });
const one = z.object({ data: quizSchema });

export const quizzesRoutes: FastifyPluginAsyncZod<AppContext> = async (app, { db }) => {
  app.get(
    '/quiz/detail/',
    {
      config: allowed('read'),
      schema: {
        tags: ['quizzes'],
        summary:
          'Quizzes newest first, filtered and searched by title; with ?id, one quiz as its form with its pool report and rules text',
        querystring: quizListQuery,
        response: { 200: z.union([listResponse(quizRowSchema), one]), ...guarded, 404: errorSchema },
      },
    },
    async (request) =>
      request.query.id
        ? { data: await quizzes.getQuiz(db, request.query.id) }
        : quizzes.listQuizzes(db, request.query),
  );
  app.get(
    '/quiz/options/',
    {
      config: allowed('read'),
      schema: {
        tags: ['quizzes'],
        summary: 'Grades, phases and categories with their sub categories, for the quiz form and filters',
        response: { 200: z.object({ data: quizOptionsSchema }), ...guarded },
      },
    },
    async () => ({ data: await quizzes.quizOptions(db) }),
  );
  app.post(
    '/quiz/pool-check/',
    {
      config: allowed('read'),
      schema: {
        tags: ['quizzes'],
        summary:
          'Whether a pool (the form, unsaved) can fill an attempt for every grade it serves, and which grade falls short by how many',
        body: poolCheckBody,
        response: { 200: z.object({ data: poolReport }), ...guarded },
      },
    },
    async (request) => ({ data: await checkPool(db, request.body) }),
  );
  app.post(
    '/quiz/create/',
    {
      config: allowed('create'),
      schema: {
        tags: ['quizzes'],
        summary:
          'Adds a quiz with its grades and pool; an active quiz must be able to fill an attempt for every grade',
        body: quizBody,
        response: { 201: one, ...changes },
      },
    },
    async (request, reply) =>
      reply.status(201).send({ data: await quizzes.createQuiz(db, staffActor(request), request.body) }),
  );
  app.post(
    '/quiz/update/',
    {
      config: allowed('update'),
      schema: {
        tags: ['quizzes'],
        summary: 'Replaces a quiz form: fields, grades and pool (rules or picked questions)',
        querystring: idQuery,
        body: quizBody,
        response: { 200: one, ...changes },
      },
    },
    async (request) => ({
      data: await quizzes.updateQuiz(db, staffActor(request), request.query.id, request.body),
    }),
  );
  app.post(
    '/quiz/status/',
    {
      config: allowed('update'),
      schema: {
        tags: ['quizzes'],
        summary: 'The active switch; switching on checks the pool again',
        querystring: idQuery,
        body: statusBody,
        response: { 200: one, ...changes },
      },
    },
    async (request) => ({
      data: await quizzes.setQuizStatus(db, staffActor(request), request.query.id, request.body.status),
    }),
  );
  app.delete(
    '/quiz/delete/',
    {
      config: allowed('delete'),
      schema: {
        tags: ['quizzes'],
        summary: 'Deletes a quiz never played (409 with the play count otherwise: deactivate it instead)',
        querystring: idQuery,
        response: { 200: messageResponse, ...changes },
      },
    },
    async (request) => {
      await quizzes.deleteQuiz(db, staffActor(request), request.query.id);
      return { message: 'Quiz deleted' };
    },
  );
};
