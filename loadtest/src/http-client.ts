import http from 'node:http';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';

/** One keep-alive agent with room for every virtual student (each phone has its own connection). */
const agent = new http.Agent({ keepAlive: true, maxSockets: 50_000, maxFreeSockets: 50_000 });

export interface Response {
  status: number;
  body: unknown;
  /** The X-Riyazi-Node header: which api node answered (set where NODE_NAME is). */
  node?: string;
}

function decode(body: Buffer, encoding: string | undefined): Buffer {
  if (encoding === 'br') {
    return brotliDecompressSync(body);
  }
  return encoding === 'gzip' ? gunzipSync(body) : body;
}

/** A JSON request over loopback; status 0 means the request never got an answer. */
export function request(
  base: string,
  method: 'GET' | 'POST',
  path: string,
  token: string | null,
  body?: unknown,
): Promise<Response> {
  const url = new URL(path, base);
  const payload = body === undefined ? undefined : Buffer.from(JSON.stringify(body));
  return new Promise((resolve) => {
    const req = http.request(
      url,
      {
        method,
        agent,
        headers: {
          // As every phone's browser sends it, so the api's compression is part of what is measured.
          'accept-encoding': 'gzip, deflate, br',
          ...(token ? { authorization: `Bearer ${token}` } : {}),
          ...(payload ? { 'content-type': 'application/json', 'content-length': payload.length } : {}),
        },
        timeout: 60_000,
      },
      (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (c: Buffer) => chunks.push(c));
        res.on('end', () => {
          const text = decode(Buffer.concat(chunks), res.headers['content-encoding']).toString('utf8');
          let parsed: unknown = text;
          try {
            parsed = JSON.parse(text);
          } catch {
            // not JSON: keep the text
          }
          const node = res.headers['x-riyazi-node'];
          resolve({
            status: res.statusCode ?? 0,
            body: parsed,
            ...(typeof node === 'string' ? { node } : {}),
          });
        });
      },
    );
    req.on('timeout', () => req.destroy(new Error('timeout')));
    req.on('error', () => resolve({ status: 0, body: null }));
    if (payload) {
      req.write(payload);
    }
    req.end();
  });
}
