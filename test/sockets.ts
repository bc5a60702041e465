import type { AddressInfo } from 'node:net';
import type { FastifyInstance } from 'fastify';
import { connect, type Socket } from 'socket.io-client';

// Socket.IO clients of an app under test, and what they hear.

const urls = new WeakMap<FastifyInstance, Promise<string>>();

/** The app's url: it listens on a free port from the first call on. */
export function listeningUrl(app: FastifyInstance): Promise<string> {
  let url = urls.get(app);
  if (!url) {
    url = app
      .listen({ port: 0, host: '127.0.0.1' })
      .then(() => `http://127.0.0.1:${(app.server.address() as AddressInfo).port}`);
    urls.set(app, url);
  }
  return url;
}

/**
 * A connected Socket.IO client of the api at `url` (websocket only, no reconnection); `headers` go
 * with its handshake (an X-Forwarded-For names its network to an api with TRUST_PROXY).
 */
export async function openSocket(
  url: string,
  auth?: Record<string, string>,
  headers?: Record<string, string>,
): Promise<Socket> {
  const socket = connect(url, {
    transports: ['websocket'],
    reconnection: false,
    forceNew: true,
    ...(auth ? { auth } : {}),
    ...(headers ? { extraHeaders: headers } : {}),
  });
  try {
    await new Promise<void>((resolve, reject) => {
      socket.once('connect', () => resolve());
      socket.once('connect_error', reject);
    });
  } catch (err) {
    socket.disconnect();
    throw err;
  }
  return socket;
}

/** A connected Socket.IO client of the app (listening from now on); `token` signs it in. */
export async function connectedSocket(app: FastifyInstance, token?: string): Promise<Socket> {
  return openSocket(await listeningUrl(app), token === undefined ? undefined : { token });
}

/** The next `event` the socket hears; fails after `withinMs`. */
export function nextEvent<T>(socket: Socket, event: string, withinMs = 10_000): Promise<T> {
  return new Promise<T>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`no ${event} within ${withinMs / 1000} s`)), withinMs);
    socket.once(event, (payload: T) => {
      clearTimeout(timer);
      resolve(payload);
    });
  });
}
