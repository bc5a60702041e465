import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppContext } from '../../context.js';
import { profileUpdateSchema } from '../../contracts/accounts/schemas.js';
import { studentIdOf } from '../../lib/actors.js';
import { errorSchema } from '../../lib/schemas.js';
import { getProfile, saveLanguage, updateProfile } from './student-profile.service.js';

const profileSchema = z.object({
  _id: z.string(),
  studentId: z.number(),
  fullName: z.string(),
  fatherName: z.string().nullable(),
  email: z.string(),
  pendingEmail: z.string().nullable(),
  emailVerified: z.boolean(),
  phone: z.string().nullable(),
  gender: z.enum(['MALE', 'FEMALE', 'OTHER']).nullable(),
  city: z.string().nullable(),
  schoolName: z.string().nullable(),
  grade: z.object({ _id: z.string(), title: z.string() }).nullable(),
  referralSource: z.string().nullable(),
  isProfileCompleted: z.boolean(),
  verification: z.object({
    status: z.enum(['NOT_SUBMITTED', 'PENDING', 'APPROVED', 'REJECTED']),
    reason: z.string().nullable(),
    documentUploaded: z.boolean(),
  }),
  contestAttempts: z.number(),
  createdAt: z.string(),
  language: z.enum(['en', 'ur']),
});
const errors = { 400: errorSchema, 401: errorSchema, 404: errorSchema, 409: errorSchema };
const languageBody = z.object({ language: z.enum(['en', 'ur']) });

export const studentProfileRoutes: FastifyPluginAsyncZod<AppContext> = async (
  app,
  { db, queues, config },
) => {
  app.get(
    '/student/profile',
    {
      config: { studentOnly: true },
      schema: {
        tags: ['student profile'],
        summary: "The signed-in student's own profile",
        response: { 200: z.object({ data: profileSchema }), ...errors },
      },
    },
    async (request) => ({
      data: await getProfile({ db, queues, config, log: request.log }, studentIdOf(request)),
    }),
  );

  app.post(
    '/student/profile',
    {
      config: { studentOnly: true },
      schema: {
        tags: ['student profile'],
        summary: 'Updates the own profile; unknown fields (isActive, emailVerified…) are dropped',
        body: profileUpdateSchema,
        response: { 200: z.object({ message: z.string(), data: profileSchema }), ...errors },
      },
    },
    async (request) => {
      const { emailChangePending, profile } = await updateProfile(
        { db, queues, config, log: request.log },
        studentIdOf(request),
        request.body,
        request.ip,
      );
      return {
        message: emailChangePending
          ? 'Profile updated. Open the link we sent to your new e-mail address to start using it.'
          : 'Profile updated',
        data: profile,
      };
    },
  );

  app.put(
    '/student/language',
    {
      config: { studentOnly: true },
      schema: {
        tags: ['student profile'],
        summary: 'Saves the language the student reads Riyazi in (interface, messages, e-mails, questions)',
        body: languageBody,
        response: { 204: z.null().describe('Saved'), ...errors },
      },
    },
    async (request, reply) => {
      await saveLanguage(db, studentIdOf(request), request.body.language);
      return reply.status(204).send(null);
    },
  );
};
