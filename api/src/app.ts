import { randomUUID } from 'node:crypto';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import fastifyCookie from '@fastify/cookie';
import type { Db } from '@riyazi/db';
import Fastify, { type FastifyInstance, type FastifyPluginAsync, type FastifyServerOptions } from 'fastify';
import { serializerCompiler, validatorCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod';
import type { Redis } from 'ioredis';
import { openRevocationChannel } from './auth/revocations.js';
import { registerAccessTokens } from './auth/tokens.js';
import { type Config, servedOverHttps } from './config.js';
import type { AppContext } from './context.js';
import { createEngine, type Engine } from './engine.js';
import { openCacheBus } from './lib/node-caches.js';
import type { ReadRouter } from './lib/read-routing.js';
import { createStorage, type FileStorage } from './lib/storage/index.js';
import drainPlugin from './lifecycle/drain.plugin.js';
import metricsPlugin from './metrics/metrics.plugin.js';
import { accessCodesRoutes } from './modules/access-codes/access-codes.routes.js';
import { bulkUploadRoutes } from './modules/bulk-upload/bulk-upload.routes.js';
import { certificatesRoutes } from './modules/certificates/certificates.routes.js';
import { certificatesAdminRoutes } from './modules/certificates/certificates-admin.routes.js';
import { contactRoutes } from './modules/contact/contact.routes.js';
import { dashboardRoutes } from './modules/dashboard/dashboard.routes.js';
import { documentsRoutes } from './modules/documents/documents.routes.js';
import { faqRoutes } from './modules/faq/faq.routes.js';
import { flagsRoutes } from './modules/flags/flags.routes.js';
import { galleryRoutes } from './modules/gallery/gallery.routes.js';
import { gradesRoutes } from './modules/grades/grades.routes.js';
import { healthRoutes } from './modules/health/health.routes.js';
import { integrityRoutes } from './modules/integrity/integrity.routes.js';
import { integrityReviewRoutes } from './modules/integrity-review/integrity-review.routes.js';
import { mediaRoutes } from './modules/media/media.routes.js';
import { paymentConfigRoutes } from './modules/payment-config/payment-config.routes.js';
import { paymentReportsRoutes } from './modules/payment-reports/payment-reports.routes.js';
import { gatewayFormActionOrigins } from './modules/payments/gateways/registry.js';
import { paymentsRoutes } from './modules/payments/payments.routes.js';
import { paymentsAdminRoutes } from './modules/payments/payments-admin.routes.js';
import { phaseProgressRoutes } from './modules/phase-progress/phase-progress.routes.js';
import { phasesRoutes } from './modules/phases/phases.routes.js';
import { playQuizRoutes } from './modules/play-quiz/play-quiz.routes.js';
import { promoCodesRoutes } from './modules/promo-codes/promo-codes.routes.js';
import { questionImportRoutes } from './modules/question-import/question-import.routes.js';
import { questionReportRoutes } from './modules/question-report/question-report.routes.js';
import { questionsRoutes } from './modules/questions/questions.routes.js';
import { BOARD_PREFIX } from './modules/queue-board/queue-board.guard.js';
import { queueBoard, queueBoardSessionRoutes } from './modules/queue-board/queue-board.routes.js';
import { quizPerformanceRoutes } from './modules/quiz-performance/quiz-performance.routes.js';
import { quizzesRoutes } from './modules/quizzes/quizzes.routes.js';
import { rankingsRoutes } from './modules/rankings/rankings.routes.js';
import { referenceDataRoutes } from './modules/reference-data/reference-data.routes.js';
import { scriptAdminRoutes } from './modules/script-admin/script-admin.routes.js';
import { sitePagesRoutes } from './modules/site-pages/site-pages.routes.js';
import { smtpRoutes } from './modules/smtp/smtp.routes.js';
import { staffAuthRoutes } from './modules/staff-auth/staff-auth.routes.js';
import { staffUsersRoutes } from './modules/staff-users/staff-users.routes.js';
import { studentAuthRoutes } from './modules/student-auth/student-auth.routes.js';
import { studentDetailsRoutes } from './modules/student-details/student-details.routes.js';
import { studentExportRoutes } from './modules/student-export/student-export.routes.js';
import { studentProfileRoutes } from './modules/student-profile/student-profile.routes.js';
import { studentVerificationRoutes } from './modules/student-verification/student-verification.routes.js';
import { studentsRoutes } from './modules/students/students.routes.js';
import { winnersRoutes } from './modules/winners/winners.routes.js';
import authPlugin from './plugins/auth.js';
import clientPlugin from './plugins/client.js';
import compressionPlugin from './plugins/compression.js';
import docsPlugin from './plugins/docs.js';
import errorsPlugin from './plugins/errors.js';
import inputPlugin from './plugins/input.js';
import securityPlugin from './plugins/security.js';
import seoPlugin from './plugins/seo.js';
import uploadsPlugin from './plugins/uploads.js';
import type { Queues } from './queue/queues.js';
import socketPlugin from './realtime/socket.plugin.js';

export interface AppDeps {
  config: Readonly<Config>;
  db: Db;
  redis: Redis;
  queues: Queues;
  logger?: FastifyServerOptions['logger'];
  /** Default: the one the config names (STORAGE_DRIVER). */
  storage?: FileStorage;
  /** This node's caches and batchers; default: a new one (each app has its own). */
  engine?: Engine;
  /** Where reads that may lag go (a new engine takes it); default: the primary. Its maker closes it. */
  reads?: ReadRouter;
}

const defaultClientDist = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../client/dist');

export function loggerOptions(config: Readonly<Config>): FastifyServerOptions['logger'] {
  return {
    level: config.LOG_LEVEL,
    redact: {
      paths: ['req.headers.authorization', 'req.headers.cookie', 'res.headers["set-cookie"]', '*.password'],
      censor: '[redacted]',
    },
  };
}

const apiRoutes =
  (ctx: AppContext): FastifyPluginAsync =>
  async (api) => {
    // Inside the /api scope only: the client's files are precompressed and Socket.IO is left alone.
    await api.register(compressionPlugin);
    await api.register(healthRoutes, ctx);
    await api.register(staffAuthRoutes, ctx);
    await api.register(flagsRoutes, ctx);
    await api.register(phasesRoutes, ctx);
    await api.register(staffUsersRoutes, ctx);
    await api.register(referenceDataRoutes, ctx);
    await api.register(questionsRoutes, ctx);
    await api.register(questionReportRoutes, ctx);
    await api.register(quizPerformanceRoutes, ctx);
    await api.register(integrityRoutes, ctx);
    await api.register(questionImportRoutes, ctx);
    await api.register(bulkUploadRoutes, ctx);
    await api.register(quizzesRoutes, ctx);
    await api.register(playQuizRoutes, ctx);
    await api.register(mediaRoutes, ctx);
    await api.register(smtpRoutes, ctx);
    await api.register(gradesRoutes, ctx);
    await api.register(studentAuthRoutes, ctx);
    await api.register(studentProfileRoutes, ctx);
    await api.register(documentsRoutes, ctx);
    await api.register(studentVerificationRoutes, ctx);
    await api.register(paymentsRoutes, ctx);
    await api.register(paymentsAdminRoutes, ctx);
    await api.register(paymentConfigRoutes, ctx);
    await api.register(promoCodesRoutes, ctx);
    await api.register(faqRoutes, ctx);
    await api.register(sitePagesRoutes, ctx);
    await api.register(contactRoutes, ctx);
    await api.register(galleryRoutes, ctx);
    await api.register(certificatesRoutes, ctx);
    await api.register(certificatesAdminRoutes, ctx);
    await api.register(accessCodesRoutes, ctx);
    await api.register(paymentReportsRoutes, ctx);
    await api.register(rankingsRoutes, ctx);
    await api.register(winnersRoutes, ctx);
    await api.register(integrityReviewRoutes, ctx);
    await api.register(studentDetailsRoutes, ctx);
    await api.register(phaseProgressRoutes, ctx);
    await api.register(studentsRoutes, ctx);
    await api.register(studentExportRoutes, ctx);
    await api.register(queueBoardSessionRoutes, ctx);
    await api.register(dashboardRoutes, ctx);
    await api.register(scriptAdminRoutes, ctx);
  };

/** Builds the whole app without listening, so tests drive it with inject(). */
export async function buildApp(deps: AppDeps): Promise<FastifyInstance> {
  const { config, db, redis, queues, logger } = deps;
  const app = Fastify({
    logger: logger ?? loggerOptions(config),
    trustProxy: config.TRUST_PROXY,
    genReqId: (req) => {
      const incoming = req.headers['x-request-id'];
      return typeof incoming === 'string' && /^[\w-]{1,64}$/.test(incoming) ? incoming : randomUUID();
    },
    requestIdHeader: false,
    bodyLimit: 1024 * 1024,
    routerOptions: { ignoreTrailingSlash: false },
  }).withTypeProvider<ZodTypeProvider>();

  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  app.addHook('onSend', async (request, reply) => {
    reply.header('x-request-id', request.id);
    if (config.NODE_NAME) {
      reply.header('x-riyazi-node', config.NODE_NAME);
    }
  });

  const publicOrigin = new URL(config.PUBLIC_URL).origin;
  const allowedOrigins = [publicOrigin, ...config.CORS_ORIGINS.map((o) => new URL(o).origin)];
  const tokens = await registerAccessTokens(app, config.JWT_SECRET, config.JWT_ACCESS_TTL_SECONDS);
  const revocations = await openRevocationChannel(redis, config.REDIS_PREFIX, app.log);
  app.addHook('onClose', () => revocations.close());
  const cacheBus = await openCacheBus(db, redis, config.REDIS_PREFIX, app.log);
  app.addHook('onClose', () => cacheBus.close());
  const storage = deps.storage ?? createStorage(config);
  const engine = deps.engine ?? createEngine({ db, queues, reads: deps.reads });
  app.addHook('onClose', async () => engine.close());
  const ctx: AppContext = { config, db, redis, queues, tokens, revocations, allowedOrigins, storage, engine };

  await app.register(metricsPlugin, { db, queues });
  await app.register(drainPlugin);
  await app.register(errorsPlugin);
  await app.register(inputPlugin);
  await app.register(securityPlugin, {
    publicOrigin,
    allowedOrigins,
    upgradeInsecureRequests: servedOverHttps(config),
    formActionOrigins: gatewayFormActionOrigins(),
  });
  await app.register(fastifyCookie);
  await app.register(docsPlugin);
  await app.register(authPlugin, { db, tokens, revocations });
  await app.register(socketPlugin, {
    db,
    redis,
    redisPrefix: config.REDIS_PREFIX,
    tokens,
    revocations,
    allowedOrigins,
    boardRooms: engine.boardRooms,
    limits: { trustProxy: config.TRUST_PROXY, connectionsPerNetwork: config.SOCKET_CONNECTIONS_PER_NETWORK },
  });

  await app.register(apiRoutes(ctx), { prefix: '/api' });
  await app.register(queueBoard(ctx), { prefix: BOARD_PREFIX });

  await app.register(uploadsPlugin, { storage, uploadDir: config.UPLOAD_DIR });
  await app.register(seoPlugin, { publicUrl: config.PUBLIC_URL });
  await app.register(clientPlugin, { distDir: config.CLIENT_DIST ?? defaultClientDist });
  return app;
}
