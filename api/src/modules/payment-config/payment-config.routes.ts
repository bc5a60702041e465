import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppContext } from '../../context.js';

export const paymentConfigRoutes: FastifyPluginAsyncZod<AppContext> = async () => {};
