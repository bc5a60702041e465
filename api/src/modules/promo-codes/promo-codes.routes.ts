import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppContext } from '../../context.js';

export const promoCodesRoutes: FastifyPluginAsyncZod<AppContext> = async () => {};
