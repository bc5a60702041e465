import type { FastifyRequest } from 'fastify';

/**
 * Refuses cross-site requests to cookie-authenticated endpoints: a foreign page must not be able to
 * make a browser rotate its refresh token. Non-browser clients send neither header and pass.
 */
export function isSameOriginRequest(request: FastifyRequest, allowedOrigins: readonly string[]): boolean {
  const site = request.headers['sec-fetch-site'];
  if (site !== undefined && site !== 'same-origin' && site !== 'none') {
    return false;
  }
  const origin = request.headers.origin;
  return (
    origin === undefined ||
    origin === `${request.protocol}://${request.host}` ||
    allowedOrigins.includes(origin)
  );
}
