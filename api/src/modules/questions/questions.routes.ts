import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { idQuery, listResponse, messageResponse } from '#modules/reference-data';
import type { AppContext } from '../../context.js';
import type { Action } from '../../contracts/permissions.js';
import { staffActor } from '../../lib/actors.js';
import { notFound } from '../../lib/errors.js';
import { errorSchema } from '../../lib/schemas.js';
import {
  questionBody,
  questionListQuery,
  questionRowSchema,
  questionSchema,
  servedQuestionSchema,
  statusBody,
} from './questions.schemas.js';
import * as questions from './questions.service.js';
import { loadServedQuestion } from './served-question.js';

const guarded = { 400: errorSchema, 401: errorSchema, 403: errorSchema };
const changes = { ...guarded, 404: errorSchema, 409: errorSchema };
const allowed = (action: Action) => ({ permission: { module: 'question' as const, action } });
const one = z.object({ data: questionSchema });

export const questionsRoutes: FastifyPluginAsyncZod<AppContext> = async (app, { db }) => {
  app.get(
    '/question/detail/',
    {
      config: allowed('read'),
      schema: {
        tags: ['questions'],
        summary:
          'Questions newest first, filtered and searched (text or number); with ?id, one question as its form',
        querystring: questionListQuery,
        response: { 200: z.union([listResponse(questionRowSchema), one]), ...guarded, 404: errorSchema },
      },
    },
    async (request) =>
      request.query.id
        ? { data: await questions.getQuestion(db, request.query.id) }
        : questions.listQuestions(db, request.query),
  );
  app.get(
    '/question/preview/',
    {
      // The view page (question/view/{id}) needs update, as spec §6 says.
      config: allowed('update'),
      schema: {
        tags: ['questions'],
        summary:
          'One question exactly as a student receives it (spec §3 "Question as served"), with answers and hint',
        querystring: idQuery,
        response: { 200: z.object({ data: servedQuestionSchema }), ...guarded, 404: errorSchema },
      },
    },
    async (request) => {
      const served = await loadServedQuestion(db, request.query.id, { revealAnswers: true });
      if (served === null) {
        throw notFound('Question not found');
      }
      return { data: served };
    },
  );
  app.post(
    '/question/create/',
    {
      config: allowed('create'),
      schema: {
        tags: ['questions'],
        summary: 'Adds a question with its options and phases; rich text is sanitised, score is always 1',
        body: questionBody,
        response: { 201: one, ...changes },
      },
    },
    async (request, reply) =>
      reply.status(201).send({ data: await questions.createQuestion(db, staffActor(request), request.body) }),
  );
  app.post(
    '/question/update/',
    {
      config: allowed('update'),
      schema: {
        tags: ['questions'],
        summary: 'Replaces a question form: fields, options (ids kept by position) and phases',
        querystring: idQuery,
        body: questionBody,
        response: { 200: one, ...changes },
      },
    },
    async (request) => ({
      data: await questions.updateQuestion(db, staffActor(request), request.query.id, request.body),
    }),
  );
  app.post(
    '/question/status/',
    {
      config: allowed('update'),
      schema: {
        tags: ['questions'],
        summary: 'The active switch: Active or Inactive',
        querystring: idQuery,
        body: statusBody,
        response: { 200: one, ...changes },
      },
    },
    async (request) => ({
      data: await questions.setQuestionStatus(db, staffActor(request), request.query.id, request.body.status),
    }),
  );
  app.delete(
    '/question/delete/',
    {
      config: allowed('delete'),
      schema: {
        tags: ['questions'],
        summary: 'Deletes a question never played (409 with the play count otherwise)',
        querystring: idQuery,
        response: { 200: messageResponse, ...changes },
      },
    },
    async (request) => {
      await questions.deleteQuestion(db, staffActor(request), request.query.id);
      return { message: 'Question deleted' };
    },
  );
};
