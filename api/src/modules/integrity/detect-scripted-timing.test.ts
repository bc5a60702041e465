import { describe, expect, it } from 'vitest';
import { detectScriptedTiming } from './detect-scripted-timing.js';
import { timedPlay } from './detectors.fixtures.js';
import { DEFAULT_THRESHOLDS } from './integrity.thresholds.js';

const t = DEFAULT_THRESHOLDS.scriptedTiming;

describe('SCRIPTED_TIMING', () => {
  it('flags near-constant answer times with the times, intervals and their variation as evidence', () => {
    const signal = detectScriptedTiming(
      timedPlay('p', [12_000, 12_050, 11_980, 12_010, 12_000, 11_990, 12_020, 12_000, 12_005, 11_995]),
      t,
    );
    expect(signal?.kind).toBe('SCRIPTED_TIMING');
    expect(signal?.evidence).toMatchObject({ answers: 10, meanMs: 12_005 });
    expect(signal?.evidence.cv as number).toBeLessThan(0.01);
    expect(signal?.evidence.intervalsMs).toHaveLength(9);
    expect(signal?.strength).toBeGreaterThan(0.9);
  });

  it('leaves alone human timing and plays with too few answers', () => {
    expect(
      detectScriptedTiming(timedPlay('p', [8000, 21_000, 14_000, 35_000, 9000, 17_000, 26_000, 12_000]), t),
    ).toBeNull();
    expect(detectScriptedTiming(timedPlay('p', [5000, 5000, 5000, 5000]), t)).toBeNull();
  });

  it('is weaker near the threshold than when exactly constant', () => {
    const even = detectScriptedTiming(timedPlay('a', Array(10).fill(9000)), t);
    const almost = detectScriptedTiming(
      timedPlay('b', [9000, 10_000, 9000, 10_000, 9000, 10_000, 9000, 10_000, 9000, 10_000]),
      t,
    );
    expect(even!.strength).toBeGreaterThan(almost!.strength);
  });
});
