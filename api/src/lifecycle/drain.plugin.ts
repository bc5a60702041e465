import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';

export interface Lifecycle {
  /** SIGTERM arrived: readiness answers 503 and every answer closes its connection. */
  draining: boolean;
}

declare module 'fastify' {
  interface FastifyInstance {
    lifecycle: Lifecycle;
  }
}

async function drainPlugin(app: FastifyInstance): Promise<void> {
  const lifecycle: Lifecycle = { draining: false };
  app.decorate('lifecycle', lifecycle);
  // A keep-alive client's next request then opens a new connection, which the balancer sends elsewhere.
  app.addHook('onRequest', async (_request, reply) => {
    if (lifecycle.draining) {
      reply.header('connection', 'close');
    }
  });
}

export default fp(drainPlugin, { name: 'drain' });
