import { describe, expect, it } from 'vitest';
import {
  type ChoiceInput,
  chooseRead,
  judgeSample,
  replicaCannotAnswer,
  replicaLagMs,
} from './read-routing.js';

const NOW = Date.parse('2026-12-07T10:00:00Z');
const sample = (changes: Partial<Parameters<typeof replicaLagMs>[0]> = {}) => ({
  now: new Date(NOW),
  inRecovery: true,
  replayedAt: new Date(NOW - 4000),
  caughtUp: false,
  ...changes,
});

describe('replica lag', () => {
  it('is the age of the last replayed commit while WAL waits to be replayed', () => {
    expect(replicaLagMs(sample())).toBe(4000);
  });

  it('is nothing when everything received is replayed, however long the primary has been idle', () => {
    expect(replicaLagMs(sample({ caughtUp: true, replayedAt: new Date(NOW - 3_600_000) }))).toBe(0);
  });

  it('is nothing for a database that is not a standby (a copy, a logical replica)', () => {
    expect(replicaLagMs(sample({ inRecovery: false, replayedAt: null }))).toBe(0);
  });

  it('is unknown for a standby that has replayed nothing yet', () => {
    expect(replicaLagMs(sample({ replayedAt: null }))).toBeNull();
  });

  it('makes the replica unusable past the bound or when unknown', () => {
    expect(judgeSample(sample(), NOW, 30_000)).toMatchObject({ usable: true, lagMs: 4000 });
    expect(judgeSample(sample({ replayedAt: new Date(NOW - 31_000) }), NOW, 30_000)).toMatchObject({
      usable: false,
      reason: 'lagging',
    });
    expect(judgeSample(sample({ replayedAt: null }), NOW, 30_000)).toMatchObject({
      usable: false,
      reason: 'unknown-lag',
    });
  });
});

describe('where a read goes', () => {
  const input = (changes: Partial<ChoiceInput> = {}): ChoiceInput => ({
    health: { usable: true, reason: null, lagMs: 4000, sampledAt: NOW - 500 },
    now: NOW,
    writtenAt: [],
    requestWrote: false,
    toleranceMs: 1000,
    staleAfterMs: 4000,
    ...changes,
  });

  it('goes to the replica, as of the probe time minus its lag', () => {
    expect(chooseRead(input())).toEqual({ source: 'replica', asOf: NOW - 4500 });
  });

  it('goes to the primary for the rest of a request that has written', () => {
    expect(chooseRead(input({ requestWrote: true }))).toEqual({ source: 'primary', reason: 'request-wrote' });
  });

  it('goes to the primary when a table it reads was written after the replica position', () => {
    expect(chooseRead(input({ writtenAt: [null, NOW - 3000] }))).toEqual({
      source: 'primary',
      reason: 'recent-write',
    });
  });

  it('goes to the primary when a table was written within the tolerance, even if the replica seems to have it', () => {
    const fresh = input({
      health: { usable: true, reason: null, lagMs: 0, sampledAt: NOW },
      writtenAt: [NOW - 900],
    });
    expect(chooseRead(fresh)).toMatchObject({ source: 'primary', reason: 'recent-write' });
    expect(chooseRead({ ...fresh, writtenAt: [NOW - 1100] })).toMatchObject({ source: 'replica' });
  });

  it('reads the replica for a table written before its position and outside the tolerance', () => {
    expect(chooseRead(input({ writtenAt: [NOW - 6000] }))).toMatchObject({ source: 'replica' });
  });

  it('goes to the primary when the replica is down, lagging, or its last probe is too old', () => {
    expect(
      chooseRead(input({ health: { usable: false, reason: 'unreachable', lagMs: null, sampledAt: NOW } })),
    ).toEqual({ source: 'primary', reason: 'unreachable' });
    expect(
      chooseRead(input({ health: { usable: false, reason: 'lagging', lagMs: 45_000, sampledAt: NOW } })),
    ).toEqual({ source: 'primary', reason: 'lagging' });
    expect(
      chooseRead(input({ health: { usable: true, reason: null, lagMs: 0, sampledAt: NOW - 5000 } })),
    ).toEqual({ source: 'primary', reason: 'stale-sample' });
  });
});

describe('what a standby cannot answer', () => {
  it('is a query cancelled by replay, or a table or column a migration added that it has not replayed', () => {
    const conflict = { code: '40001', message: 'canceling statement due to conflict with recovery' };
    expect(replicaCannotAnswer(conflict)).toBe(true);
    expect(replicaCannotAnswer({ code: '42P01', message: 'relation "board_freezes" does not exist' })).toBe(
      true,
    );
    expect(replicaCannotAnswer({ code: '42703', message: 'column "as_of" does not exist' })).toBe(true);
    // A serialization failure of the application's own is not the replica's doing.
    expect(replicaCannotAnswer({ code: '40001', message: 'could not serialize access' })).toBe(false);
    expect(replicaCannotAnswer(new Error('boom'))).toBe(false);
  });
});
