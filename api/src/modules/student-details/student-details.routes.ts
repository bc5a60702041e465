import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppContext } from '../../context.js';
import { hasPermission } from '../../contracts/permissions.js';
import { signedInStaff, staffActor } from '../../lib/actors.js';
import { errorSchema } from '../../lib/schemas.js';
import { issueResetLink } from './reset-link.service.js';
import {
  attemptDetailResponse,
  playIdQuery,
  quizListQuery,
  quizListResponse,
  resetLinkBody,
  resetLinkResponse,
  studentDetailSchema,
  studentIdQuery,
} from './student-details.schemas.js';
import { attemptDetail, studentDetail, studentPlays } from './student-details.service.js';

const READ = { module: 'student', action: 'read' } as const;
const UPDATE = { module: 'student', action: 'update' } as const;
const errors = {
  400: errorSchema,
  401: errorSchema,
  403: errorSchema,
  404: errorSchema,
  409: errorSchema,
  429: errorSchema,
};

export const studentDetailsRoutes: FastifyPluginAsyncZod<AppContext> = async (
  app,
  { db, redis, queues, config },
) => {
  app.get(
    '/student/detail/byAdmin',
    {
      config: { permission: READ },
      schema: {
        tags: ['students'],
        summary:
          'One student for the back office: profile, documents and verification, attempts with their sources, payments, plays and ranks',
        querystring: studentIdQuery,
        response: { 200: z.object({ data: studentDetailSchema }), ...errors },
      },
    },
    async (request) => {
      const staff = signedInStaff(request);
      // Document files are served to studentVerification:read only; the page hides them otherwise.
      const canOpenDocuments = hasPermission(staff.permissions, staff.isSuperAdmin, {
        module: 'studentVerification',
        action: 'read',
      });
      return { data: await studentDetail(db, request.query.id, canOpenDocuments) };
    },
  );

  app.get(
    '/student/quizList',
    {
      config: { permission: READ },
      schema: {
        tags: ['students'],
        summary: "A student's plays of one kind (type CONTEST or PRACTICE), newest first, paged",
        querystring: quizListQuery,
        response: { 200: quizListResponse, ...errors },
      },
    },
    async (request) => studentPlays(db, request.query),
  );

  app.get(
    '/student/quizAttemptDetail',
    {
      config: { permission: READ },
      schema: {
        tags: ['students'],
        summary:
          'One play with every question in its order as served: chosen and correct options, outcome, server time and score',
        querystring: playIdQuery,
        response: { 200: attemptDetailResponse, ...errors },
      },
    },
    async (request) => ({ data: await attemptDetail(db, request.query.id) }),
  );

  app.post(
    '/student/get-password',
    {
      config: { permission: UPDATE },
      schema: {
        tags: ['students'],
        summary:
          'Never reveals a password: after the admin re-enters their own, issues the student a one-time reset link (24 h), returned and e-mailed; audited',
        body: resetLinkBody,
        response: { 200: resetLinkResponse, ...errors },
      },
    },
    async (request) => {
      const issued = await issueResetLink(
        { db, redis, queues, config, redisPrefix: config.REDIS_PREFIX, log: request.log },
        staffActor(request),
        request.body,
      );
      return { message: 'Password reset link issued and e-mailed to the student', ...issued };
    },
  );
};
