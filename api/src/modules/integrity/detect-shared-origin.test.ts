import { describe, expect, it } from 'vitest';
import {
  countCap,
  detectSharedOrigin,
  type OriginPlay,
  type OriginWindow,
  sharedOriginOfPlay,
  WINDOW_LISTED,
} from './detect-shared-origin.js';
import { playOf, START } from './detectors.fixtures.js';
import { DEFAULT_THRESHOLDS } from './integrity.thresholds.js';

const t = DEFAULT_THRESHOLDS.sharedOrigin;
const minute = 60_000;
const on = (id: string, minutes: number, origin: { device?: string; ip?: string }, student = `s-${id}`) =>
  playOf(id, [], {
    studentId: student,
    finishedAtMs: START + minutes * minute,
    originDeviceHash: origin.device ?? null,
    originIpHash: origin.ip ?? null,
  });

describe('SHARED_ORIGIN', () => {
  it('flags three accounts finishing on one device, each naming the others', () => {
    const signals = detectSharedOrigin(
      [on('a', 0, { device: 'd' }), on('b', 20, { device: 'd' }), on('c', 45, { device: 'd' })],
      t,
    );
    expect(signals.map((s) => s.playId).sort()).toEqual(['a', 'b', 'c']);
    expect(signals[0]).toMatchObject({ kind: 'SHARED_ORIGIN', evidence: { by: 'DEVICE', students: 3 } });
    expect(signals[0]!.relatedPlayIds.sort()).toEqual(['b', 'c']);
  });

  it('does not count one student playing twice, nor finishes far apart', () => {
    expect(
      detectSharedOrigin(
        [on('a', 0, { device: 'd' }, 's1'), on('b', 5, { device: 'd' }, 's1'), on('c', 6, { device: 'd' })],
        t,
      ),
    ).toEqual([]);
    expect(
      detectSharedOrigin(
        [on('a', 0, { device: 'd' }), on('b', 300, { device: 'd' }), on('c', 600, { device: 'd' })],
        t,
      ),
    ).toEqual([]);
  });

  it('needs many more students, closer together, on one address (a school LAN), and weighs it at most half', () => {
    const lan = Array.from({ length: 40 }, (_, i) => on(`p${i}`, i * 2, { ip: 'school' }));
    expect(detectSharedOrigin(lan, t)).toEqual([]);
    const burst = Array.from({ length: 30 }, (_, i) => on(`p${i}`, i * 0.1, { ip: 'lab' }));
    const signals = detectSharedOrigin(burst, t);
    expect(signals).toHaveLength(30);
    expect(signals[0]!.evidence).toMatchObject({ by: 'IP', students: 30 });
    expect(Math.max(...signals.map((s) => s.strength))).toBeLessThanOrEqual(0.5);
  });
});

/** What integrity.repository originWindow reads from PostgreSQL, over a list. */
function windowOf(
  plays: readonly OriginPlay[],
  of: OriginPlay,
  by: 'DEVICE' | 'IP',
  minutes: number,
  min: number,
): OriginWindow | null {
  const key = (p: OriginPlay) => (by === 'DEVICE' ? p.originDeviceHash : p.originIpHash);
  if (!key(of)) {
    return null;
  }
  const cap = countCap(min);
  const inWindow = plays
    .filter((p) => key(p) === key(of) && Math.abs(p.finishedAtMs - of.finishedAtMs) <= minutes * minute)
    .sort((a, b) => a.finishedAtMs - b.finishedAtMs || a.playId.localeCompare(b.playId))
    .slice(0, cap);
  return {
    students: new Set(inWindow.map((p) => p.studentId)).size,
    capped: inWindow.length >= cap,
    first: inWindow.slice(0, WINDOW_LISTED),
  };
}

const onePlay = (plays: readonly OriginPlay[], of: OriginPlay) =>
  sharedOriginOfPlay(
    of.playId,
    {
      device: windowOf(plays, of, 'DEVICE', t.deviceWindowMinutes, t.deviceMinStudents),
      ip: windowOf(plays, of, 'IP', t.ipWindowMinutes, t.ipMinStudents),
    },
    t,
  );

describe('SHARED_ORIGIN of one play (the per-play check)', () => {
  it('gives each play the signal the whole-phase detector gives it', () => {
    const plays = [
      // A lab: 30 on one address within a minute, three of them also on one tablet.
      ...Array.from({ length: 30 }, (_, i) =>
        on(`lab${String(i).padStart(2, '0')}`, i * 0.03, { ip: 'lab', device: i < 3 ? 'tablet' : `d${i}` }),
      ),
      // A school spread over an hour (no burst), a device shared at home, one child alone.
      ...Array.from({ length: 40 }, (_, i) =>
        on(`sch${String(i).padStart(2, '0')}`, 10 + i * 2, { ip: 'school' }),
      ),
      on('h1', 0, { device: 'home', ip: 'x1' }),
      on('h2', 50, { device: 'home', ip: 'x2' }),
      on('h3', 170, { device: 'home', ip: 'x3' }),
      on('alone', 5, { ip: 'cafe', device: 'phone' }),
    ];
    const whole = new Map(detectSharedOrigin(plays, t).map((s) => [s.playId, s]));
    expect(whole.size).toBe(33);
    for (const play of plays) {
      expect(onePlay(plays, play), play.playId).toEqual(whole.get(play.playId) ?? null);
    }
  });

  it('counts a crowd on one address up to a cap and says the count is a lower bound', () => {
    const crowd = Array.from({ length: 3000 }, (_, i) =>
      on(`c${String(i).padStart(4, '0')}`, i / 5000, { ip: 'nat' }),
    );
    const signal = onePlay(crowd, crowd[1500]!);
    expect(signal?.evidence).toMatchObject({
      by: 'IP',
      students: countCap(t.ipMinStudents),
      studentsAtLeast: true,
    });
    expect(signal?.strength).toBe(0.5);
    expect(signal?.relatedPlayIds).toHaveLength(100);
  });
});
