import http from 'node:http';

/** One keep-alive agent with room for every virtual student (each phone has its own connection). */
const agent = new http.Agent({ keepAlive: true, maxSockets: 50_000, maxFreeSockets: 50_000 });

export interface Response {
  status: number;
  body: unknown;
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
          ...(token ? { authorization: `Bearer ${token}` } : {}),
          ...(payload ? { 'content-type': 'application/json', 'content-length': payload.length } : {}),
        },
        timeout: 60_000,
      },
      (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (c: Buffer) => chunks.push(c));
        res.on('end', () => {
          const text = Buffer.concat(chunks).toString('utf8');
          let parsed: unknown = text;
          try {
            parsed = JSON.parse(text);
          } catch {
            // not JSON: keep the text
          }
          resolve({ status: res.statusCode ?? 0, body: parsed });
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
