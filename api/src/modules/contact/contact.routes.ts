import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { getFlags } from '#modules/flags';
import { queueMail } from '#modules/mail';
import { enforceLimits } from '../../auth/auth-limits.js';
import { verifyRecaptcha } from '../../auth/recaptcha.js';
import type { AppContext } from '../../context.js';
import { fieldError } from '../../lib/errors.js';
import { errorSchema } from '../../lib/schemas.js';
import { dispatchAfterCommit } from '../../queue/outbox.js';
import { CONTACT_PER_IP_HOUR, contactBody, contactResponse } from './contact.schemas.js';

export const contactRoutes: FastifyPluginAsyncZod<AppContext> = async (
  app,
  { db, redis, queues, config },
) => {
  const recaptcha = { secret: config.RECAPTCHA_SECRET, verifyUrl: config.RECAPTCHA_VERIFY_URL };

  app.post(
    '/contact',
    {
      schema: {
        tags: ['contact'],
        summary: 'Sends a message to the organisers through the mail queue (rate-limited; reCAPTCHA when on)',
        body: contactBody,
        response: { 202: contactResponse, 400: errorSchema, 429: errorSchema },
      },
    },
    async (request, reply) => {
      await enforceLimits(
        redis,
        [{ key: `${config.REDIS_PREFIX}:rl:contact:${request.ip}`, window: CONTACT_PER_IP_HOUR }],
        (wait) => `Too many messages. Please try again in ${wait}.`,
      );
      if ((await getFlags(db)).isRecaptchaEnabled) {
        if (!(await verifyRecaptcha(recaptcha, request.body.recaptchaToken, request.ip))) {
          throw fieldError('recaptchaToken', 'Please confirm that you are not a robot');
        }
      }
      const { name, email, message } = request.body;
      // The message row and its outbox event commit together.
      const { event } = await db
        .transaction()
        .execute((trx) => queueMail(trx, 'contactMessage', config.CONTACT_EMAIL, { name, email, message }));
      await dispatchAfterCommit({ db, queues, log: request.log }, [event]);
      return reply.status(202).send({ message: 'Thank you: your message has been sent.' });
    },
  );
};
