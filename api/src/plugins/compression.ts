import { constants } from 'node:zlib';
import fastifyCompress from '@fastify/compress';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';

/**
 * Below about one TCP segment a compressed answer saves no packet and costs CPU: the hot-path contest
 * answers (a served question, an acknowledged answer) stay under it and are sent as they are.
 */
export const COMPRESS_THRESHOLD_BYTES = 1400;

/**
 * The contest's start, question and answer routes (a start's 15 question ids are about 2.3 KB, an
 * answer with its next question up to about 2.5 KB): such an answer leaves in the same round trip
 * compressed or not (a connection's first window is ten segments), while compressing each of ten
 * thousand starts cost the api about a tenth of its CPU in the start burst, the moment every child
 * waits on it. Above this they are compressed as any answer is.
 */
export const HOT_COMPRESS_THRESHOLD_BYTES = 4096;

/** Compresses API answers above the threshold (brotli or gzip by Accept-Encoding). */
async function compressionPlugin(app: FastifyInstance) {
  await app.register(fastifyCompress, {
    encodings: ['br', 'gzip'],
    threshold: COMPRESS_THRESHOLD_BYTES,
    // Quality 4 compresses JSON nearly as well as 11 at a small fraction of the CPU.
    brotliOptions: { params: { [constants.BROTLI_PARAM_QUALITY]: 4 } },
    zlibOptions: { level: 6 },
  });
}

export default fp(compressionPlugin, { name: 'compression' });
