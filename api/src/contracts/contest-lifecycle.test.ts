import { describe, expect, it } from 'vitest';
import {
  type ContestFacts,
  contestStage,
  longestPlayMs,
  playsEndBy,
  resultsShowFrom,
  startsStopAt,
  takesStarts,
} from './contest-lifecycle.js';

const NOW = new Date('2026-12-07T10:00:00Z');
const at = (minutes: number) => new Date(NOW.getTime() + minutes * 60_000);
const LONGEST = longestPlayMs(15, 180);

const open: ContestFacts = {
  status: 'ACTIVE',
  startsAt: at(-600),
  endsAt: at(600),
  closedAt: null,
  resultsReleaseAt: null,
  longestPlayMs: LONGEST,
};
const endedAt = (minutesAgo: number, changes: Partial<ContestFacts> = {}): ContestFacts => ({
  ...open,
  status: 'CLOSED',
  closedAt: at(-minutesAgo),
  ...changes,
});

describe('contestStage', () => {
  it('is SCHEDULED before its start, or while staff keep it UPCOMING', () => {
    expect(contestStage({ ...open, startsAt: at(1) }, NOW)).toBe('SCHEDULED');
    expect(contestStage({ ...open, status: 'UPCOMING', startsAt: at(-60) }, NOW)).toBe('SCHEDULED');
  });

  it('is OPEN between its dates while ACTIVE, whatever its release time says', () => {
    expect(contestStage(open, NOW)).toBe('OPEN');
    expect(contestStage({ ...open, resultsReleaseAt: at(-1) }, NOW)).toBe('OPEN');
  });

  it('is CLOSING from the moment starts stop until the longest play has run out', () => {
    expect(contestStage(endedAt(0), NOW)).toBe('CLOSING');
    expect(contestStage(endedAt(45), NOW)).toBe('CLOSING');
    expect(contestStage({ ...open, endsAt: at(-1) }, NOW)).toBe('CLOSING');
  });

  it('is CLOSED at once when no play is in progress, and once every clock has run out', () => {
    expect(contestStage(endedAt(0, { playsInProgress: 0 }), NOW)).toBe('CLOSED');
    expect(contestStage(endedAt(0, { playsInProgress: 3 }), NOW)).toBe('CLOSING');
    expect(contestStage(endedAt(LONGEST / 60_000), NOW)).toBe('CLOSED');
  });

  it('is RELEASED only once the release time has come and every play has finished', () => {
    expect(contestStage(endedAt(60, { resultsReleaseAt: at(-1) }), NOW)).toBe('RELEASED');
    expect(contestStage(endedAt(60, { resultsReleaseAt: at(1) }), NOW)).toBe('CLOSED');
    expect(contestStage(endedAt(1, { resultsReleaseAt: at(-1) }), NOW)).toBe('CLOSING');
    expect(contestStage(endedAt(1, { resultsReleaseAt: at(-1), playsInProgress: 0 }), NOW)).toBe('RELEASED');
  });

  it('never takes starts and shows results at once, for any facts', () => {
    const statuses = ['UPCOMING', 'ACTIVE', 'CLOSED'] as const;
    const times = [-900, -60, -1, 0, 1, 60, 900].map(at);
    for (const status of statuses) {
      for (const startsAt of times) {
        for (const endsAt of times) {
          for (const release of [null, ...times]) {
            const facts: ContestFacts = {
              status,
              startsAt,
              endsAt,
              closedAt: status === 'CLOSED' ? at(-30) : null,
              resultsReleaseAt: release,
              longestPlayMs: LONGEST,
            };
            const stage = contestStage(facts, NOW);
            expect(takesStarts(facts, NOW) && stage === 'RELEASED').toBe(false);
            expect(takesStarts(facts, NOW)).toBe(stage === 'OPEN');
          }
        }
      }
    }
  });
});

describe('when starts stop, plays end and results show', () => {
  it('stops starts at the end date, or earlier when staff ended the contest', () => {
    expect(startsStopAt(open)).toEqual(open.endsAt);
    expect(startsStopAt(endedAt(5))).toEqual(at(-5));
    expect(startsStopAt({ ...open, closedAt: at(-5) })).toEqual(open.endsAt);
  });

  it('gives the longest play every question’s clock plus the network grace', () => {
    expect(longestPlayMs(15, 180)).toBe(15 * 183_000);
    expect(playsEndBy(endedAt(0))).toEqual(new Date(NOW.getTime() + 15 * 183_000));
  });

  it('shows results at the release time, never before the last play has run out', () => {
    expect(resultsShowFrom(endedAt(0))).toBeNull();
    expect(resultsShowFrom(endedAt(0, { resultsReleaseAt: at(600) }))).toEqual(at(600));
    expect(resultsShowFrom(endedAt(0, { resultsReleaseAt: at(1) }))).toEqual(playsEndBy(endedAt(0)));
  });
});
