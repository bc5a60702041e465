import fastifySwagger from '@fastify/swagger';
import fastifySwaggerUi from '@fastify/swagger-ui';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { jsonSchemaTransform } from 'fastify-type-provider-zod';

/** The API reference is generated from the route schemas and served at /api/docs. */
async function docsPlugin(app: FastifyInstance) {
  await app.register(fastifySwagger, {
    openapi: {
      info: {
        title: 'Riyazi API',
        version: '1.0.0',
        description:
          'Every error is { "message": "…" }. Staff calls take a bearer access token. Text holding NUL or ' +
          'an unpaired UTF-16 surrogate, in any field, query, path or file name, is refused with 400.',
      },
      components: {
        securitySchemes: { bearer: { type: 'http', scheme: 'bearer', bearerFormat: 'JWT' } },
      },
    },
    transform: jsonSchemaTransform,
  });
  await app.register(fastifySwaggerUi, { routePrefix: '/api/docs', staticCSP: true });
}

export default fp(docsPlugin, { name: 'docs' });
