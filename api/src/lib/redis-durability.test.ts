import { describe, expect, it } from 'vitest';
import { durabilityWarnings } from './redis-durability.js';

const durable = { maxmemoryPolicy: 'noeviction', aofEnabled: true, savePoints: '' };

describe('durabilityWarnings', () => {
  it('is quiet for noeviction with AOF on', () => {
    expect(durabilityWarnings(durable)).toEqual([]);
  });

  it('is quiet for noeviction with RDB save points and no AOF', () => {
    expect(durabilityWarnings({ ...durable, aofEnabled: false, savePoints: '3600 1 300 100' })).toEqual([]);
  });

  it('warns when the policy could evict keys', () => {
    const warnings = durabilityWarnings({ ...durable, maxmemoryPolicy: 'allkeys-lru' });
    expect(warnings).toHaveLength(1);
    expect(warnings[0]).toMatch(/maxmemory-policy is allkeys-lru.*noeviction/);
  });

  it('warns when nothing is kept on disk', () => {
    const warnings = durabilityWarnings({ ...durable, aofEnabled: false, savePoints: '' });
    expect(warnings).toEqual([expect.stringMatching(/keeps nothing on disk/)]);
  });

  it('says what it could not check when CONFIG is refused', () => {
    const warnings = durabilityWarnings({
      maxmemoryPolicy: undefined,
      aofEnabled: false,
      savePoints: undefined,
    });
    expect(warnings).toEqual([
      expect.stringMatching(/could not check Redis maxmemory-policy/),
      expect.stringMatching(/could not check Redis persistence/),
    ]);
  });

  it('needs no save points when AOF is known to be on, even without CONFIG', () => {
    expect(durabilityWarnings({ ...durable, savePoints: undefined })).toEqual([]);
  });
});
