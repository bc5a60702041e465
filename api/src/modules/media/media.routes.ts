import fastifyMultipart from '@fastify/multipart';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppContext } from '../../context.js';
import { hasPermission } from '../../contracts/permissions.js';
import { signedInStaff } from '../../lib/actors.js';
import { writeAudit } from '../../lib/audit.js';
import { forbidden, tooManyRequests } from '../../lib/errors.js';
import { publicFileStore } from '../../lib/public-files.js';
import { hitRateLimit } from '../../lib/rate-limit.js';
import { errorSchema } from '../../lib/schemas.js';
import { readUploadedFile } from '../../lib/uploaded-file.js';
import { MAX_IMAGE_BYTES, storeImage } from './media.service.js';

const imageSchema = z.object({
  url: z.string(),
  width: z.number(),
  height: z.number(),
  variants: z.array(z.object({ url: z.string(), width: z.number() })),
  bytes: z.number(),
});
const UPLOADS_PER_HOUR = 300;

export const mediaRoutes: FastifyPluginAsyncZod<AppContext> = async (app, { db, redis, config, storage }) => {
  const store = publicFileStore(storage);
  await app.register(fastifyMultipart, {
    limits: { fileSize: MAX_IMAGE_BYTES, files: 1, fields: 0, parts: 1 },
  });

  app.post(
    '/media/images',
    {
      // Whoever may write a question may add its pictures: question create OR update.
      config: { staffOnly: true },
      schema: {
        tags: ['questions'],
        summary:
          'Uploads a question, option or hint picture (JPEG, PNG, WebP or GIF, at most 2 MB; form field file); ' +
          'stored as WebP at 480 and 960 px wide under /uploads/ with year-long caching',
        consumes: ['multipart/form-data'],
        response: {
          201: z.object({ data: imageSchema }),
          400: errorSchema,
          401: errorSchema,
          403: errorSchema,
          413: errorSchema,
          429: errorSchema,
        },
      },
    },
    async (request, reply) => {
      const staff = signedInStaff(request);
      const allowed = (['create', 'update'] as const).some((action) =>
        hasPermission(staff.permissions, staff.isSuperAdmin, { module: 'question', action }),
      );
      if (!allowed) {
        throw forbidden();
      }
      const limit = await hitRateLimit(
        redis,
        `${config.REDIS_PREFIX}:rl:media:${staff.id}`,
        UPLOADS_PER_HOUR,
        3600,
      );
      if (!limit.allowed) {
        throw tooManyRequests('Too many uploads. Please try again later.');
      }
      const { bytes } = await readUploadedFile(request, {
        notMultipart: 'Send the picture as multipart/form-data',
        tooLarge: 'The image is larger than 2 MB. Please upload a smaller picture.',
      });
      const image = await storeImage(store, bytes);
      await writeAudit(db, {
        actorType: 'staff',
        actorId: staff.id,
        action: 'media.upload',
        targetType: 'image',
        ip: request.ip,
        details: { url: image.url, bytes: image.bytes, width: image.width, height: image.height },
      });
      return reply.status(201).send({ data: image });
    },
  );
};
