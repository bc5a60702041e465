import { describe, expect, it } from 'vitest';
import { detectSharedOrigin } from './detect-shared-origin.js';
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
