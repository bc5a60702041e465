import { existsSync } from 'node:fs';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { isClientRoute } from '../contracts/client-routes.js';
import { routePreloadLinks } from './route-preloads.js';

/** Security headers that a browser reads on documents (and workers) only, never on a script, style or font. */
export const DOCUMENT_ONLY_HEADERS = [
  'content-security-policy',
  'cross-origin-opener-policy',
  'origin-agent-cluster',
  'referrer-policy',
  'x-dns-prefetch-control',
  'x-download-options',
  'x-frame-options',
  'x-permitted-cross-domain-policies',
  'x-xss-protection',
] as const;

export interface ClientOptions {
  distDir: string;
}

/**
 * Serves the built client; page addresses get index.html so client routes work on reload, with
 * 404 for an address the client has no page at (the page still renders its "Page not found").
 */
async function clientPlugin(app: FastifyInstance, { distDir }: ClientOptions) {
  const hasClient = existsSync(path.join(distDir, 'index.html'));
  if (hasClient) {
    await app.register(fastifyStatic, {
      root: distDir,
      // Files are looked up per request, so a rebuilt client is served without a restart.
      wildcard: true,
      index: 'index.html',
      // The build writes .br and .gz beside each text asset: sent by Accept-Encoding, with Vary.
      preCompressed: true,
      setHeaders(reply, filePath) {
        const isHashedAsset = filePath.includes(`${path.sep}assets${path.sep}`);
        reply.header('cache-control', isHashedAsset ? 'public, max-age=31536000, immutable' : 'no-cache');
        if (isHashedAsset) {
          // These govern documents only; on each script, style and font they were a kilobyte of a phone's data.
          for (const header of DOCUMENT_ONLY_HEADERS) {
            reply.removeHeader(header);
          }
        }
      },
    });
  } else {
    app.log.warn({ distDir }, 'client build not found: only the API is served');
  }

  const preloadLinks = routePreloadLinks(distDir);
  app.setNotFoundHandler(async (request, reply) => {
    const url = request.url.split('?')[0] ?? '';
    const isApi = url === '/api' || url.startsWith('/api/') || url.startsWith('/socket.io');
    // A missing script or style must be a 404, not the page: the browser would refuse HTML as code.
    const isAsset = url.startsWith('/assets/') || url.startsWith('/uploads/');
    if (!isApi && !isAsset && hasClient && (request.method === 'GET' || request.method === 'HEAD')) {
      const links = await preloadLinks(url, request.headers['accept-language']);
      if (links !== null) {
        reply.header('link', links);
      }
      return reply
        .status(isClientRoute(url) ? 200 : 404)
        .header('cache-control', 'no-cache')
        .sendFile('index.html');
    }
    return reply.status(404).send({ message: isApi ? 'Not found' : 'Page not found' });
  });
}

export default fp(clientPlugin, { name: 'client' });
