import type { IntegrityThresholds } from '../../contracts/integrity.js';
import type { PlayFacts, Signal } from './integrity.types.js';
import { clamp01, round3 } from './stats.js';

/** A carrier's shared address can gather thousands: evidence lists the first ones (count in `students`). */
const MAX_LISTED = 100;

type OriginPlay = Pick<
  PlayFacts,
  'playId' | 'studentId' | 'finishedAtMs' | 'originIpHash' | 'originDeviceHash'
>;

interface Cluster {
  by: 'DEVICE' | 'IP';
  students: number;
  plays: OriginPlay[];
}

/** Per play: the plays of the same origin finishing within `windowMs` of it, when they are `min` students or more. */
function clustersBy(
  plays: readonly OriginPlay[],
  by: 'DEVICE' | 'IP',
  min: number,
  windowMs: number,
): Map<string, Cluster> {
  const groups = new Map<string, OriginPlay[]>();
  for (const play of plays) {
    const key = by === 'DEVICE' ? play.originDeviceHash : play.originIpHash;
    const group = key ? groups.get(key) : undefined;
    if (group) {
      group.push(play);
    } else if (key) {
      groups.set(key, [play]);
    }
  }
  const found = new Map<string, Cluster>();
  for (const group of groups.values()) {
    if (new Set(group.map((p) => p.studentId)).size < min) {
      continue;
    }
    const sorted = [...group].sort((a, b) => a.finishedAtMs - b.finishedAtMs);
    // A window of ±windowMs slides over the finishes; `inWindow` counts each student's plays in it.
    const inWindow = new Map<string, number>();
    let lo = 0;
    let hi = 0;
    for (const play of sorted) {
      while (hi < sorted.length && (sorted[hi] as OriginPlay).finishedAtMs <= play.finishedAtMs + windowMs) {
        const id = (sorted[hi] as OriginPlay).studentId;
        inWindow.set(id, (inWindow.get(id) ?? 0) + 1);
        hi++;
      }
      while ((sorted[lo] as OriginPlay).finishedAtMs < play.finishedAtMs - windowMs) {
        const id = (sorted[lo] as OriginPlay).studentId;
        const left = (inWindow.get(id) ?? 1) - 1;
        if (left) {
          inWindow.set(id, left);
        } else {
          inWindow.delete(id);
        }
        lo++;
      }
      if (inWindow.size >= min) {
        found.set(play.playId, { by, students: inWindow.size, plays: sorted.slice(lo, hi) });
      }
    }
  }
  return found;
}

/**
 * SHARED_ORIGIN: many accounts from one device, or from one network address, finishing close together.
 * A school's LAN shares one address, so an address alone needs more students in a shorter window
 * and gives at most half the strength of a device.
 */
export function detectSharedOrigin(
  plays: readonly OriginPlay[],
  t: IntegrityThresholds['sharedOrigin'],
): Signal[] {
  const device = clustersBy(plays, 'DEVICE', t.deviceMinStudents, t.deviceWindowMinutes * 60_000);
  const ip = clustersBy(plays, 'IP', t.ipMinStudents, t.ipWindowMinutes * 60_000);
  const signals: Signal[] = [];
  for (const play of plays) {
    const cluster = device.get(play.playId) ?? ip.get(play.playId);
    if (!cluster) {
      continue;
    }
    const min = cluster.by === 'DEVICE' ? t.deviceMinStudents : t.ipMinStudents;
    const windowMinutes = cluster.by === 'DEVICE' ? t.deviceWindowMinutes : t.ipWindowMinutes;
    const strength =
      (cluster.by === 'DEVICE' ? 1 : 0.5) * clamp01(0.5 + (cluster.students - min + 1) / (2 * min));
    signals.push({
      playId: play.playId,
      kind: 'SHARED_ORIGIN',
      strength: round3(strength),
      evidence: {
        by: cluster.by,
        students: cluster.students,
        windowMinutes,
        alsoByIp: cluster.by === 'DEVICE' && ip.has(play.playId),
        plays: cluster.plays.slice(0, MAX_LISTED).map((p) => ({
          playId: p.playId,
          studentId: p.studentId,
          finishedAt: new Date(p.finishedAtMs).toISOString(),
        })),
      },
      relatedPlayIds: cluster.plays
        .filter((p) => p.playId !== play.playId)
        .slice(0, MAX_LISTED)
        .map((p) => p.playId),
    });
  }
  return signals;
}
