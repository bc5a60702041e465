import type { FastifyReply, FastifyRequest } from 'fastify';
import type { StaffIdentity } from '#modules/staff-auth';
import { isSameOriginRequest } from '../../auth/same-origin.js';
import { type AccessTokens, bearerToken } from '../../auth/tokens.js';
import { hasPermission } from '../../contracts/permissions.js';
import type { LiveSessions } from '../../plugins/auth.js';

export const BOARD_PREFIX = '/api/admin/queues';
/** Holds the staff access token for the board's pages only (httpOnly, SameSite=Strict, this path). */
export const BOARD_COOKIE = 'riyazi_queues';

/**
 * The board's changes a holder of queues:update may make (each audited): retry, promote and remove
 * jobs. Adding jobs, editing their data, pausing, emptying or obliterating a queue stay off:
 * a handler trusts its job's data, and contest day must not lose a queue to one click.
 */
const ALLOWED_CHANGES = new Set([
  'PUT /api/queues/:queueName/retry/:queueStatus',
  'PUT /api/queues/:queueName/promote',
  'PUT /api/queues/:queueName/clean/:queueStatus',
  'PUT /api/queues/:queueName/:jobId/retry',
  'PUT /api/queues/:queueName/:jobId/promote',
  'PUT /api/queues/:queueName/:jobId/clean',
]);

const READS = new Set(['GET', 'HEAD']);

/** The board route a request hit, without the prefix: `PUT /api/queues/:queueName/promote`. */
export function boardAction(request: FastifyRequest): string {
  const url = request.routeOptions.url ?? '';
  return `${request.method} ${url.startsWith(BOARD_PREFIX) ? url.slice(BOARD_PREFIX.length) : url}`;
}

export interface BoardGuardDeps {
  tokens: AccessTokens;
  liveSessions: LiveSessions;
  allowedOrigins: readonly string[];
}

type Verdict = { status: 401 | 403; message: string } | { staff: StaffIdentity };

async function decide(request: FastifyRequest, deps: BoardGuardDeps): Promise<Verdict> {
  const token = bearerToken(request.headers.authorization) ?? request.cookies[BOARD_COOKIE];
  const claims = token ? deps.tokens.verify('staff', token) : null;
  const staff = claims ? await deps.liveSessions.staff(claims) : null;
  if (!staff) {
    return { status: 401, message: 'Unauthorized' };
  }
  const read = READS.has(request.method);
  const action = read ? 'read' : 'update';
  if (!hasPermission(staff.permissions, staff.isSuperAdmin, { module: 'queues', action })) {
    return { status: 403, message: 'You do not have permission to do this' };
  }
  if (!read && !ALLOWED_CHANGES.has(boardAction(request))) {
    return { status: 403, message: 'This action is not available on the queue board' };
  }
  if (!read && !isSameOriginRequest(request, deps.allowedOrigins)) {
    return { status: 403, message: 'Cross-site request refused' };
  }
  return { staff };
}

/**
 * Every board request (pages, files, its JSON api) is checked here, the session read now: a
 * revoked session or a withdrawn permission takes effect on the next click. Answers itself rather
 * than throwing, so Bull Board's own error handler never sees our refusals.
 */
export function boardGuard(deps: BoardGuardDeps) {
  return async function queueBoardGuard(request: FastifyRequest, reply: FastifyReply) {
    const verdict = await decide(request, deps);
    if ('staff' in verdict) {
      request.staff = verdict.staff;
      return;
    }
    await reply.code(verdict.status).send({ message: verdict.message });
  };
}
