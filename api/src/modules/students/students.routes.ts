import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppContext } from '../../context.js';
import type { Action } from '../../contracts/permissions.js';
import { staffActor } from '../../lib/actors.js';
import { marksWrites } from '../../lib/read-routing.js';
import { errorSchema } from '../../lib/schemas.js';
import { grantContestAttempts } from './contest-attempts.service.js';
import {
  createStudentBody,
  deleteResponse,
  grantAttemptsBody,
  grantAttemptsResponse,
  idQuery,
  listStudentsQuery,
  studentListResponse,
  studentResponse,
  updateStudentBody,
} from './students.schemas.js';
import * as service from './students.service.js';

const student = (action: Action) => ({ permission: { module: 'student', action } as const });
const guarded = { 400: errorSchema, 401: errorSchema, 403: errorSchema };
const changes = { ...guarded, 404: errorSchema, 409: errorSchema };

export const studentsRoutes: FastifyPluginAsyncZod<AppContext> = async (
  app,
  { db, revocations, storage, engine },
) => {
  // Reports and exports of students read the replica unless a student just changed here.
  marksWrites(app, engine.reads, ['students']);
  const sessionDeps = { db, revocations };
  app.get(
    '/student/detail/',
    {
      config: student('read'),
      schema: {
        tags: ['students'],
        summary:
          'Students, newest sign-up first, with play counts, first payment and phase standings; every spec filter',
        querystring: listStudentsQuery,
        response: { 200: studentListResponse, ...guarded },
      },
    },
    async (request) => service.listStudents(db, request.query),
  );

  app.post(
    '/student/create/',
    {
      config: student('create'),
      schema: {
        tags: ['students'],
        summary: 'Adds a student (e-mail counted as verified); password rules as sign-up',
        body: createStudentBody,
        response: { 201: studentResponse, ...changes },
      },
    },
    async (request, reply) =>
      reply.status(201).send(await service.createStudent(db, staffActor(request), request.body)),
  );

  app.post(
    '/student/update/ById/',
    {
      config: student('update'),
      schema: {
        tags: ['students'],
        summary:
          "Edits name, e-mail, password or status; the status switch sends isActive as 'true' or 'false'",
        querystring: idQuery,
        body: updateStudentBody,
        response: { 200: studentResponse, ...changes },
      },
    },
    async (request) =>
      service.updateStudent(sessionDeps, staffActor(request), request.query.id, request.body),
  );

  app.delete(
    '/student/delete/',
    {
      config: student('delete'),
      schema: {
        tags: ['students'],
        summary: 'Deletes a student; one with plays, payments or wins is deactivated and anonymised instead',
        querystring: idQuery,
        response: { 200: deleteResponse, ...changes },
      },
    },
    async (request) => service.deleteStudent(sessionDeps, staffActor(request), request.query.id, storage),
  );

  app.post(
    '/contestAttempts/create',
    {
      config: student('update'),
      schema: {
        tags: ['students'],
        summary: 'Grants (or, negative, takes back) contest attempts of a student, with a reason; audited',
        body: grantAttemptsBody,
        response: { 200: grantAttemptsResponse, ...changes },
      },
    },
    async (request) => grantContestAttempts(db, staffActor(request), request.body),
  );
};
