import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppContext } from '../../context.js';
import { signedInStaff } from '../../lib/actors.js';
import { errorSchema } from '../../lib/schemas.js';
import {
  mailStatus,
  smtpSettingsBody,
  smtpSettingsView,
  testMailBody,
  testMailQuery,
} from './smtp.schemas.js';
import { getMailStatus, getSmtpSettings, saveSmtpSettings, sendTestMail } from './smtp.service.js';

const READ = { module: 'emailConfigurations', action: 'read' } as const;
const UPDATE = { module: 'emailConfigurations', action: 'update' } as const;
const guarded = { 400: errorSchema, 401: errorSchema, 403: errorSchema };

export const smtpRoutes: FastifyPluginAsyncZod<AppContext> = async (app, { db, queues, config }) => {
  app.get(
    '/admin/smtp/detail/',
    {
      config: { permission: READ },
      schema: {
        tags: ['e-mail settings'],
        summary: 'The SMTP relay settings (the password is never returned)',
        response: { 200: z.object({ data: smtpSettingsView.nullable() }), ...guarded },
      },
    },
    async () => ({ data: await getSmtpSettings(db) }),
  );

  app.post(
    '/admin/smtp/create/',
    {
      config: { permission: UPDATE },
      schema: {
        tags: ['e-mail settings'],
        summary: 'Saves the SMTP relay settings; an empty password keeps the stored one',
        body: smtpSettingsBody,
        response: { 200: z.object({ message: z.string(), data: smtpSettingsView.nullable() }), ...guarded },
      },
    },
    async (request) => {
      const data = await saveSmtpSettings(
        db,
        config.ENCRYPTION_KEY,
        request.body,
        signedInStaff(request).id,
        request.ip,
      );
      return { message: 'E-mail settings saved', data };
    },
  );

  app.post(
    '/admin/smtp/test/',
    {
      config: { permission: UPDATE },
      schema: {
        tags: ['e-mail settings'],
        summary: 'Queues a test e-mail; poll GET /admin/smtp/test/?id for the outcome',
        body: testMailBody,
        response: { 202: z.object({ message: z.string(), messageId: z.string() }), ...guarded },
      },
    },
    async (request, reply) => {
      const messageId = await sendTestMail(
        { db, queues, log: request.log },
        request.body.to,
        signedInStaff(request).email,
      );
      return reply.status(202).send({ message: 'Test e-mail queued', messageId });
    },
  );

  app.get(
    '/admin/smtp/test/',
    {
      config: { permission: READ },
      schema: {
        tags: ['e-mail settings'],
        summary: 'Delivery status of a test e-mail',
        querystring: testMailQuery,
        response: { 200: z.object({ data: mailStatus }), 404: errorSchema, ...guarded },
      },
    },
    async (request) => ({ data: await getMailStatus(db, request.query.id) }),
  );
};
