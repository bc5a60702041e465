import { randomUUID } from 'node:crypto';
import type { Redis } from 'ioredis';
import { confirmStaffPassword } from '../../auth/staff-password-check.js';
import type { ScriptActionInfo, ScriptRunRequest, ScriptRunResult } from '../../contracts/script-admin.js';
import type { StaffActor } from '../../lib/actors.js';
import { writeAudit } from '../../lib/audit.js';
import { conflict } from '../../lib/errors.js';
import type { ScriptDeps } from './script-admin.action-kit.js';
import { SCRIPT_ACTIONS } from './script-admin.actions.js';

export interface ScriptAdminDeps extends ScriptDeps {
  redis: Redis;
  redisPrefix: string;
}

/** A real run holds its action's lock at most this long (a crashed node's lock lapses). */
const LOCK_MS = 10 * 60 * 1000;
const REJECTED = 'scriptAdmin.passwordRejected';

export const listScriptActions = (): ScriptActionInfo[] => Object.values(SCRIPT_ACTIONS).map((a) => a.info);

/**
 * Every run, dry or real, re-checks the admin's password and the params. A real run holds a Redis
 * lock per action (two admins cannot run the same action at once) and writes an audit row.
 */
export async function runScriptAction(
  deps: ScriptAdminDeps,
  actor: StaffActor,
  body: ScriptRunRequest,
): Promise<ScriptRunResult> {
  await confirmStaffPassword(deps, actor, body.password, REJECTED);
  const action = SCRIPT_ACTIONS[body.action];
  const execute = await action.prepare(deps, body.params);
  if (body.dryRun) {
    const { audit: _, ...outcome } = await execute(true);
    return { action: body.action, dryRun: true, ...outcome };
  }
  const { audit, ...outcome } = await withActionLock(deps, body.action, () => execute(false));
  await writeAudit(deps.db, {
    actorType: 'staff',
    actorId: actor.id,
    action: `scriptAdmin.${body.action}`,
    targetType: 'scriptAction',
    targetId: body.action,
    ip: actor.ip,
    details: { params: body.params, changed: outcome.changed, summary: outcome.summary, ...audit },
  });
  return { action: body.action, dryRun: false, ...outcome };
}

async function withActionLock<T>(
  { redis, redisPrefix }: ScriptAdminDeps,
  action: string,
  work: () => Promise<T>,
): Promise<T> {
  const key = `${redisPrefix}:lock:script-admin:${action}`;
  const token = randomUUID();
  if ((await redis.set(key, token, 'PX', LOCK_MS, 'NX')) !== 'OK') {
    throw conflict('This action is already running. Try again when it has finished.');
  }
  try {
    return await work();
  } finally {
    // Only our own lock: one that lapsed and was taken by another run stays theirs.
    await redis.eval(
      "if redis.call('get', KEYS[1]) == ARGV[1] then return redis.call('del', KEYS[1]) end return 0",
      1,
      key,
      token,
    );
  }
}
