import { mkdirSync } from 'node:fs';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { isPublicFileKey, PUBLIC_FILES_PREFIX, PUBLIC_STORAGE_PREFIX } from '../lib/public-files.js';
import type { ByteRange, FileStorage } from '../lib/storage/index.js';

const PUBLIC_HEADERS = {
  'cache-control': 'public, max-age=31536000, immutable',
  'x-content-type-options': 'nosniff',
  'content-security-policy': "default-src 'none'",
} as const;

/**
 * Gallery photos show children: a photo removed, or an album hidden, must not live on in browser and
 * proxy caches for a year, so they are cached for an hour and revalidated after.
 */
const GALLERY_HEADERS = {
  ...PUBLIC_HEADERS,
  'cache-control': 'public, max-age=3600, must-revalidate',
} as const;

/** The headers of a public file by its name under /uploads/ (`gallery/…`, `images/…`). */
export const publicHeadersOf = (name: string) =>
  name.startsWith('gallery/') ? GALLERY_HEADERS : PUBLIC_HEADERS;

/** One `bytes=` range of a `size`-byte file; undefined without a header, null when unsatisfiable. */
export function byteRangeOf(header: string | undefined, size: number): ByteRange | null | undefined {
  if (header === undefined) {
    return undefined;
  }
  const match = /^bytes=(\d*)-(\d*)$/.exec(header.trim());
  if (!match || (match[1] === '' && match[2] === '')) {
    return null;
  }
  const [, from = '', to = ''] = match;
  const start = from === '' ? Math.max(0, size - Number(to)) : Number(from);
  const end = from === '' || to === '' ? size - 1 : Math.min(Number(to), size - 1);
  return start <= end && start < size ? { start, end } : null;
}

/** Public files from a bucket, with the headers, validators and ranges @fastify/static gives on disk. */
async function sendFromStorage(storage: FileStorage, request: FastifyRequest, reply: FastifyReply) {
  const name = (request.params as { '*': string })['*'];
  const key = `${PUBLIC_STORAGE_PREFIX}${name}`;
  const info = isPublicFileKey(name) ? await storage.head(key) : null;
  if (!info) {
    return reply.callNotFound();
  }
  reply
    .headers(publicHeadersOf(name))
    .header('content-type', info.contentType)
    .header('etag', info.etag)
    .header('last-modified', info.lastModified.toUTCString())
    .header('accept-ranges', 'bytes');
  if (request.headers['if-none-match'] === info.etag) {
    return reply.code(304).send();
  }
  const range = byteRangeOf(request.headers.range, info.size);
  if (range === null) {
    return reply.code(416).header('content-range', `bytes */${info.size}`).send();
  }
  const object = await storage.get(key, range);
  if (!object) {
    return reply.callNotFound();
  }
  if (range) {
    reply.code(206).header('content-range', `bytes ${range.start}-${range.end}/${info.size}`);
  }
  return reply.header('content-length', range ? range.end - range.start + 1 : object.size).send(object.body);
}

/**
 * Serves public uploads (question pictures, gallery photos) under /uploads/. Question pictures'
 * names carry a content hash, so they are cached for a year (gallery photos for an hour); nothing under this root is ever executable or listed. On local disk
 * @fastify/static serves the folder; from a bucket the api streams each file.
 */
async function uploadsPlugin(app: FastifyInstance, opts: { storage: FileStorage; uploadDir: string }) {
  if (opts.storage.driver !== 'local') {
    app.get(`${PUBLIC_FILES_PREFIX}*`, (request, reply) => sendFromStorage(opts.storage, request, reply));
    return;
  }
  const root = path.resolve(opts.uploadDir, PUBLIC_STORAGE_PREFIX);
  mkdirSync(root, { recursive: true });
  await app.register(fastifyStatic, {
    root,
    prefix: PUBLIC_FILES_PREFIX,
    decorateReply: false,
    wildcard: true,
    index: false,
    list: false,
    dotfiles: 'deny',
    setHeaders(reply, file) {
      reply.headers(publicHeadersOf(path.relative(root, file).split(path.sep).join('/')));
    },
  });
}

export default fp(uploadsPlugin, { name: 'uploads' });
