import { QUEUE_NAMES } from '@riyazi/api/contracts';
import { describe, expect, it } from 'vitest';
import { GROUP_QUEUES, queuesOf } from './groups.js';

describe('worker groups', () => {
  it('put every queue in exactly one group', () => {
    const grouped = [...GROUP_QUEUES.contest, ...GROUP_QUEUES.background];
    expect([...grouped].sort()).toEqual([...QUEUE_NAMES].sort());
  });

  it('keep scoring away from the integrity checks', () => {
    expect(queuesOf(['contest'])).toContain('scoring');
    expect(queuesOf(['contest'])).not.toContain('integrity');
    expect(queuesOf(['background'])).toContain('integrity');
    expect(queuesOf(['background'])).not.toContain('scoring');
  });
});
