import type { Redis } from 'ioredis';

/** What Redis says about eviction and persistence; undefined where it would not say. */
export interface RedisDurabilityFacts {
  maxmemoryPolicy: string | undefined;
  aofEnabled: boolean | undefined;
  /** CONFIG GET save: '' when RDB snapshots are off. */
  savePoints: string | undefined;
}

/**
 * Why the queues could lose jobs on this Redis: keys evicted under memory pressure (any policy but
 * noeviction), or nothing on disk to reload after a restart (no AOF and no RDB save points).
 */
export function durabilityWarnings(facts: RedisDurabilityFacts): string[] {
  const warnings: string[] = [];
  if (facts.maxmemoryPolicy === undefined) {
    warnings.push('could not check Redis maxmemory-policy: make sure it is noeviction');
  } else if (facts.maxmemoryPolicy !== 'noeviction') {
    warnings.push(
      `Redis maxmemory-policy is ${facts.maxmemoryPolicy}: it may evict queued jobs and locks under memory pressure; set it to noeviction`,
    );
  }
  if (facts.aofEnabled === true) {
    return warnings;
  }
  if (facts.aofEnabled === undefined || facts.savePoints === undefined) {
    warnings.push(
      'could not check Redis persistence (CONFIG or INFO refused): make sure appendonly or save is on, or queued jobs are lost when Redis restarts',
    );
  } else if (facts.savePoints.trim() === '') {
    warnings.push(
      'Redis keeps nothing on disk (appendonly no, no save points): queued jobs are lost when Redis restarts; run it with --appendonly yes',
    );
  }
  return warnings;
}

/** A field of an INFO reply (`name:value` lines). */
function infoField(info: string, name: string): string | undefined {
  const line = info.split(/\r?\n/).find((l) => l.startsWith(`${name}:`));
  return line?.slice(name.length + 1).trim();
}

/** CONFIG GET's value, or undefined where CONFIG is disabled or renamed (managed Redis). */
async function configValue(redis: Redis, name: string): Promise<string | undefined> {
  try {
    const reply = (await redis.config('GET', name)) as string[];
    return reply.length >= 2 ? reply[1] : undefined;
  } catch {
    return undefined;
  }
}

async function infoSection(redis: Redis, section: string): Promise<string> {
  try {
    return await redis.info(section);
  } catch {
    return '';
  }
}

export async function readDurabilityFacts(redis: Redis): Promise<RedisDurabilityFacts> {
  const [policy, savePoints, persistence, memory] = await Promise.all([
    configValue(redis, 'maxmemory-policy'),
    configValue(redis, 'save'),
    infoSection(redis, 'persistence'),
    infoSection(redis, 'memory'),
  ]);
  const aof = infoField(persistence, 'aof_enabled');
  return {
    // INFO memory names the policy too, where CONFIG is refused.
    maxmemoryPolicy: policy ?? infoField(memory, 'maxmemory_policy'),
    aofEnabled: aof === undefined ? undefined : aof === '1',
    savePoints,
  };
}

export interface WarnLogger {
  warn(obj: object, msg: string): void;
}

/** At start: a warning per way the queues could lose jobs on this Redis. Never throws. */
export async function checkRedisDurability(redis: Redis, log: WarnLogger): Promise<string[]> {
  const warnings = durabilityWarnings(await readDurabilityFacts(redis));
  for (const warning of warnings) {
    log.warn({ check: 'redis-durability' }, warning);
  }
  return warnings;
}
