import type { Readable } from 'node:stream';
import type { FastifyReply } from 'fastify';

/** Sends a CSV as a download named `filename`, never cached (reports hold people's data). */
export const sendCsv = (reply: FastifyReply, filename: string, body: string | Readable) =>
  reply
    .header('content-type', 'text/csv; charset=utf-8')
    .header('content-disposition', `attachment; filename="${filename}"`)
    .header('cache-control', 'no-store')
    .send(body);
