import { mkdirSync } from 'node:fs';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { PUBLIC_FILES_PREFIX, publicDirOf } from '../lib/public-files.js';

/**
 * Serves public uploads (question pictures) from the upload root. Their names carry a content
 * hash, so they are cached for a year; nothing under this root is ever executable or listed.
 */
async function uploadsPlugin(app: FastifyInstance, { uploadDir }: { uploadDir: string }) {
  const root = publicDirOf(uploadDir);
  mkdirSync(root, { recursive: true });
  await app.register(fastifyStatic, {
    root,
    prefix: PUBLIC_FILES_PREFIX,
    decorateReply: false,
    wildcard: true,
    index: false,
    list: false,
    dotfiles: 'deny',
    setHeaders(reply) {
      reply.header('cache-control', 'public, max-age=31536000, immutable');
      reply.header('x-content-type-options', 'nosniff');
      reply.header('content-security-policy', "default-src 'none'");
    },
  });
}

export default fp(uploadsPlugin, { name: 'uploads' });
