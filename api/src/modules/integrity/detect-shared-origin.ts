import type { IntegrityThresholds } from '../../contracts/integrity.js';
import type { PlayFacts, Signal } from './integrity.types.js';
import { clamp01, round3 } from './stats.js';

/** A carrier's shared address can gather thousands: evidence lists the first ones (count in `students`). */
const MAX_LISTED = 100;
/** The per-play check counts the students of at most this many plays of one origin (evidence: "at least"). */
const MAX_COUNTED = 1000;

export type OriginPlay = Pick<
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

/** The one signal of a play in a cluster (device first: the stronger evidence). */
function signalOf(
  playId: string,
  cluster: Cluster & { studentsAtLeast?: boolean },
  alsoByIp: boolean,
  t: IntegrityThresholds['sharedOrigin'],
): Signal {
  const min = cluster.by === 'DEVICE' ? t.deviceMinStudents : t.ipMinStudents;
  const windowMinutes = cluster.by === 'DEVICE' ? t.deviceWindowMinutes : t.ipWindowMinutes;
  const strength =
    (cluster.by === 'DEVICE' ? 1 : 0.5) * clamp01(0.5 + (cluster.students - min + 1) / (2 * min));
  return {
    playId,
    kind: 'SHARED_ORIGIN',
    strength: round3(strength),
    evidence: {
      by: cluster.by,
      students: cluster.students,
      ...(cluster.studentsAtLeast ? { studentsAtLeast: true } : {}),
      windowMinutes,
      alsoByIp: cluster.by === 'DEVICE' && alsoByIp,
      plays: cluster.plays.slice(0, MAX_LISTED).map((p) => ({
        playId: p.playId,
        studentId: p.studentId,
        finishedAt: new Date(p.finishedAtMs).toISOString(),
      })),
    },
    relatedPlayIds: cluster.plays
      .filter((p) => p.playId !== playId)
      .slice(0, MAX_LISTED)
      .map((p) => p.playId),
  };
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
    if (cluster) {
      signals.push(signalOf(play.playId, cluster, ip.has(play.playId), t));
    }
  }
  return signals;
}

/**
 * The plays of one origin finishing within a play's window (its own included), as the per-play
 * check reads them: the distinct students among at most `cap` plays, and the first plays by finish.
 */
export interface OriginWindow {
  students: number;
  /** The window held more plays than were counted: `students` is a lower bound. */
  capped: boolean;
  /** The first plays of the window in finish order (MAX_LISTED + 1 are enough). */
  first: OriginPlay[];
}

/** Enough plays counted that the strength is at its ceiling and the evidence says "at least". */
export const countCap = (minStudents: number) => Math.max(MAX_COUNTED, 2 * minStudents);
/** Plays listed per window: the evidence's MAX_LISTED, and one more in case the play itself is among them. */
export const WINDOW_LISTED = MAX_LISTED + 1;

/**
 * SHARED_ORIGIN of one play from the windows of its device and its address: the same signal as
 * detectSharedOrigin gives that play, from a bounded read however many share the origin.
 */
export function sharedOriginOfPlay(
  playId: string,
  windows: { device: OriginWindow | null; ip: OriginWindow | null },
  t: IntegrityThresholds['sharedOrigin'],
): Signal | null {
  const cluster = (by: 'DEVICE' | 'IP', w: OriginWindow | null, min: number) =>
    w && w.students >= min ? { by, students: w.students, studentsAtLeast: w.capped, plays: w.first } : null;
  const device = cluster('DEVICE', windows.device, t.deviceMinStudents);
  const ip = cluster('IP', windows.ip, t.ipMinStudents);
  const found = device ?? ip;
  return found ? signalOf(playId, found, ip !== null, t) : null;
}
