import { ANSWER_GRACE_MS } from '@riyazi/api/contracts';
import { describe, expect, it } from 'vitest';
import {
  clearPending,
  isExpired,
  outboxKey,
  type PendingAnswer,
  readPending,
  statusAfterAck,
  statusWhileFailing,
  writePending,
} from './answer-outbox';
import { memoryStorage } from './memory-storage';

const pending: PendingAnswer = {
  playId: 'p1',
  questionId: 'q3',
  qno: 2,
  answers: ['o2'],
  timeTaken: 4000,
  deadline: 10_000,
};

describe('the answer outbox', () => {
  it('keeps a waiting answer per student and play, and reads it back', () => {
    const storage = memoryStorage();
    writePending(storage, 42, pending);
    expect([...storage.map.keys()]).toEqual([outboxKey(42, 'p1')]);
    expect(readPending(storage, 42, 'p1')).toEqual(pending);
    // Another student on the same phone, or another play, sees nothing.
    expect(readPending(storage, 43, 'p1')).toBeNull();
    expect(readPending(storage, 42, 'p2')).toBeNull();
    clearPending(storage, 42, 'p1');
    expect(readPending(storage, 42, 'p1')).toBeNull();
  });

  it('ignores a damaged or foreign entry', () => {
    const storage = memoryStorage();
    storage.setItem(outboxKey(42, 'p1'), '{not json');
    expect(readPending(storage, 42, 'p1')).toBeNull();
    storage.setItem(outboxKey(42, 'p1'), JSON.stringify({ ...pending, answers: [1] }));
    expect(readPending(storage, 42, 'p1')).toBeNull();
    storage.setItem(outboxKey(42, 'p1'), JSON.stringify({ ...pending, playId: 'p9' }));
    expect(readPending(storage, 42, 'p1')).toBeNull();
    storage.setItem(outboxKey(42, 'p1'), JSON.stringify({ ...pending, deadline: 'soon' }));
    expect(readPending(storage, 42, 'p1')).toBeNull();
  });

  it('still sends an answer an earlier version kept (its expiry read the device clock): the server judges it', () => {
    const storage = memoryStorage();
    const { deadline: _, ...older } = pending;
    storage.setItem(outboxKey(42, 'p1'), JSON.stringify({ ...older, expiresAt: 10_000 }));
    expect(readPending(storage, 42, 'p1')).toEqual({ ...pending, deadline: null });
  });

  it('survives storage that throws', () => {
    const broken = {
      getItem: () => {
        throw new Error('blocked');
      },
      setItem: () => {
        throw new Error('full');
      },
      removeItem: () => {
        throw new Error('blocked');
      },
    };
    expect(() => writePending(broken, 1, pending)).not.toThrow();
    expect(readPending(broken, 1, 'p1')).toBeNull();
    expect(() => clearPending(broken, 1, 'p1')).not.toThrow();
  });

  it('counts as too late only past the deadline plus grace by the server’s clock', () => {
    expect(isExpired(pending, 10_000 + ANSWER_GRACE_MS)).toBe(false);
    expect(isExpired(pending, 10_001 + ANSWER_GRACE_MS)).toBe(true);
    // The server's time is not known on this page yet (a reload while offline): still hoping.
    expect(isExpired(pending, null)).toBe(false);
    // Practice answers never expire.
    expect(isExpired({ ...pending, deadline: null }, Number.MAX_SAFE_INTEGER)).toBe(false);
  });

  it('says "no connection" while it can still count, and "too late" after', () => {
    expect(statusWhileFailing(pending, 9_000)).toBe('offline');
    expect(statusWhileFailing(pending, 11_000 + ANSWER_GRACE_MS)).toBe('expired');
    expect(statusWhileFailing(pending, null)).toBe('offline');
  });

  it('says saved only when the server counted the answer', () => {
    expect(statusAfterAck('ANSWERED', pending)).toBe('saved');
    expect(statusAfterAck('NO_ANSWER', pending)).toBe('expired');
    // Time ran out with nothing chosen: nothing was lost, nothing to say.
    expect(statusAfterAck('NO_ANSWER', { ...pending, answers: [] })).toBe('idle');
  });
});
