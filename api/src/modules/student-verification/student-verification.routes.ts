import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { documentSchema } from '#modules/documents';
import type { AppContext } from '../../context.js';
import { signedInStaff } from '../../lib/actors.js';
import { errorSchema, limitParam, pageParam } from '../../lib/schemas.js';
import {
  addToVerificationList,
  decideVerification,
  getVerification,
  listVerifications,
  verifyEmailOnBehalf,
} from './student-verification.service.js';

const STATUS = z.enum(['NOT_SUBMITTED', 'PENDING', 'APPROVED', 'REJECTED']);
const READ = { module: 'studentVerification', action: 'read' } as const;
const UPDATE = { module: 'studentVerification', action: 'update' } as const;
const errors = { 400: errorSchema, 401: errorSchema, 403: errorSchema, 404: errorSchema, 409: errorSchema };

const listRow = z.object({
  _id: z.string(),
  studentId: z.number(),
  fullName: z.string(),
  email: z.string(),
  schoolName: z.string().nullable(),
  city: z.string().nullable(),
  grade: z.string().nullable(),
  status: STATUS,
  reason: z.string().nullable(),
  submittedAt: z.string().nullable(),
});
const detail = z.object({
  _id: z.string(),
  studentId: z.number(),
  fullName: z.string(),
  fatherName: z.string().nullable(),
  email: z.string(),
  phone: z.string().nullable(),
  schoolName: z.string().nullable(),
  city: z.string().nullable(),
  grade: z.string().nullable(),
  status: STATUS,
  reason: z.string().nullable(),
  verifiedAt: z.string().nullable(),
  emailVerified: z.boolean(),
  autoEmailVerified: z.boolean(),
  verifiedBy: z.string().nullable(),
  documents: z.array(documentSchema),
});
const listEnvelope = z.object({
  data: z.array(listRow),
  totalStudents: z.number(),
  currentPage: z.number(),
  totalPages: z.number(),
  itemsPerPage: z.number(),
});

export const studentVerificationRoutes: FastifyPluginAsyncZod<AppContext> = async (app, { db }) => {
  app.get(
    '/studentVerification/detail/',
    {
      config: { permission: READ },
      schema: {
        tags: ['student verification'],
        summary: 'With id: one student and their documents; otherwise the verification list (PENDING first)',
        querystring: z.object({
          id: z.uuid().optional(),
          page: pageParam,
          limit: limitParam(100, 50),
          status: STATUS.optional(),
          search: z.string().trim().max(120).optional(),
          gradeId: z.uuid().optional(),
        }),
        response: { 200: z.union([z.object({ data: detail }), listEnvelope]), ...errors },
      },
    },
    async (request) => {
      const { id, page, limit, ...filters } = request.query;
      return id ? { data: await getVerification(db, id) } : listVerifications(db, filters, page, limit);
    },
  );

  app.post(
    '/studentVerification/update/',
    {
      config: { permission: UPDATE },
      schema: {
        tags: ['student verification'],
        summary: 'Approves or rejects the latest document (a rejection needs a reason the student will see)',
        querystring: z.object({ id: z.uuid() }),
        body: z.object({
          status: z.enum(['APPROVED', 'REJECTED']),
          reason: z.string().trim().max(500).optional(),
        }),
        response: { 200: z.object({ message: z.string(), data: detail }), ...errors },
      },
    },
    async (request) => {
      const data = await decideVerification(
        db,
        request.query.id,
        request.body,
        signedInStaff(request).id,
        request.ip,
      );
      return { message: data.status === 'APPROVED' ? 'Student verified' : 'Verification rejected', data };
    },
  );

  app.post(
    '/studentVerification/add/',
    {
      config: { permission: UPDATE },
      schema: {
        tags: ['student verification'],
        summary: 'Puts a student in the verification list',
        querystring: z.object({ id: z.uuid() }),
        response: { 200: z.object({ message: z.string(), data: detail }), ...errors },
      },
    },
    async (request) => ({
      message: 'Student Added to Verification List',
      data: await addToVerificationList(db, request.query.id, signedInStaff(request).id, request.ip),
    }),
  );

  app.post(
    '/studentVerification/verifyEmail/',
    {
      config: { permission: UPDATE },
      schema: {
        tags: ['student verification'],
        summary: "Confirms a student's e-mail on their behalf (marked autoEmailVerified)",
        querystring: z.object({ id: z.uuid() }),
        response: { 200: z.object({ message: z.string(), data: detail }), ...errors },
      },
    },
    async (request) => ({
      message: 'E-mail address confirmed',
      data: await verifyEmailOnBehalf(db, request.query.id, signedInStaff(request).id, request.ip),
    }),
  );
};
