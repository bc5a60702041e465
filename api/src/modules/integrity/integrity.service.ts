import type { Db } from '@riyazi/db';
import type { IntegrityThresholds, SignalKind } from '../../contracts/integrity.js';
import type { Executor } from '../../lib/db.js';
import { ttlCache } from '../../lib/ttl-cache.js';
import { detectCopiedAnswers } from './detect-copied-answers.js';
import { detectFastCorrect } from './detect-fast-correct.js';
import { detectScriptedTiming } from './detect-scripted-timing.js';
import {
  countCap,
  detectSharedOrigin,
  type OriginWindow,
  sharedOriginOfPlay,
  WINDOW_LISTED,
} from './detect-shared-origin.js';
import * as repo from './integrity.repository.js';
import { resolveThresholds } from './integrity.thresholds.js';
import type { GradeDistribution, PlayFacts, Signal } from './integrity.types.js';

/** What the per-play check computes; COPIED_ANSWERS compares a whole grade, so only the phase run finds it. */
export const PER_PLAY_KINDS = [
  'FAST_CORRECT',
  'SCRIPTED_TIMING',
  'SHARED_ORIGIN',
] as const satisfies readonly SignalKind[];

export async function currentThresholds(db: Executor): Promise<IntegrityThresholds> {
  return resolveThresholds((await repo.readSettings(db)).thresholds).thresholds;
}

async function loadDistribution(db: Executor, phaseId: string, gradeId: string, lowPercentile: number) {
  const rows = await repo.gradeDistribution(db, phaseId, gradeId, lowPercentile);
  return new Map(rows.map((row) => [row.questionId, row])) as GradeDistribution;
}

/**
 * A grade's distribution for the per-play checks of contest day: read once a minute per phase and
 * grade on each worker, not once per finish. Bounded by size and time; a stale minute only makes
 * the comparison a little older (nothing else invalidates it).
 */
const distributions = ttlCache(
  60_000,
  (key: string, db: Executor) => {
    const [phaseId = '', gradeId = '', low = '0'] = key.split('|');
    return loadDistribution(db, phaseId, gradeId, Number(low));
  },
  { maxEntries: 200 },
);

const withPlace = (play: Pick<PlayFacts, 'phaseId' | 'gradeId'>) => (signal: Signal) => ({
  ...signal,
  phaseId: play.phaseId,
  gradeId: play.gradeId,
});

/** The signals of one finished contest play (PER_PLAY_KINDS), written in place of its earlier ones. */
export async function computePlaySignals(db: Db, playId: string): Promise<Signal[] | null> {
  const [play] = await repo.finishedPlays(db, { playIds: [playId] });
  if (!play) {
    return null;
  }
  const t = await currentThresholds(db);
  const grade = await distributions(`${play.phaseId}|${play.gradeId}|${t.fastCorrect.percentile}`, db);
  const shared = t.sharedOrigin;
  const windowOf = async (
    by: 'DEVICE' | 'IP',
    hash: string | null,
    minutes: number,
    minStudents: number,
  ): Promise<OriginWindow | null> => {
    if (!hash) {
      return null;
    }
    const cap = countCap(minStudents);
    const found = await repo.originWindow(db, {
      phaseId: play.phaseId,
      by,
      hash,
      finishedAtMs: play.finishedAtMs,
      withinMs: minutes * 60_000,
      cap,
      listed: WINDOW_LISTED,
    });
    return { students: found.students, capped: found.counted >= cap, first: found.first };
  };
  const [device, ip] = await Promise.all([
    windowOf('DEVICE', play.originDeviceHash, shared.deviceWindowMinutes, shared.deviceMinStudents),
    windowOf('IP', play.originIpHash, shared.ipWindowMinutes, shared.ipMinStudents),
  ]);
  const signals = [
    detectFastCorrect(play, grade, t.fastCorrect),
    detectScriptedTiming(play, t.scriptedTiming),
    sharedOriginOfPlay(playId, { device, ip }, shared),
  ].filter((s): s is Signal => s !== null);
  await repo.replaceSignals(db, { playId, kinds: PER_PLAY_KINDS }, signals.map(withPlace(play)));
  return signals;
}

export interface PhaseRunResult {
  plays: number;
  signals: Record<SignalKind, number>;
  removed: number;
}

/**
 * Every signal of a phase, grade by grade (one grade's plays in memory at a time), then the
 * origins across the phase; replaces the phase's signals (re-running gives the same rows).
 */
export async function runPhaseSignals(
  db: Db,
  phaseId: string,
  onProgress: (done: number, total: number) => Promise<void> = async () => {},
): Promise<PhaseRunResult> {
  const t = await currentThresholds(db);
  const grades = await repo.phaseGrades(db, phaseId);
  const total = grades.reduce((sum, g) => sum + g.plays, 0);
  const found: repo.SignalRow[] = [];
  let done = 0;
  await onProgress(done, total);
  for (const { gradeId } of grades) {
    const place = withPlace({ phaseId, gradeId });
    const grade = await loadDistribution(db, phaseId, gradeId, t.fastCorrect.percentile);
    const plays = await repo.finishedPlays(db, { phaseId, gradeId });
    for (const play of plays) {
      const fast = detectFastCorrect(play, grade, t.fastCorrect);
      const scripted = detectScriptedTiming(play, t.scriptedTiming);
      found.push(...[fast, scripted].filter((s): s is Signal => s !== null).map(place));
    }
    found.push(...detectCopiedAnswers(plays, grade, t.copiedAnswers).map(place));
    done += plays.length;
    await onProgress(done, total);
  }
  const origins = await repo.originPlays(db, phaseId);
  const gradeOf = new Map(origins.map((o) => [o.playId, o.gradeId]));
  found.push(
    ...detectSharedOrigin(origins, t.sharedOrigin).map((s) => ({
      ...s,
      phaseId,
      gradeId: gradeOf.get(s.playId) as string,
    })),
  );
  const { removed } = await repo.replaceSignals(db, { phaseId }, found);
  const signals = { FAST_CORRECT: 0, COPIED_ANSWERS: 0, SHARED_ORIGIN: 0, SCRIPTED_TIMING: 0 };
  for (const s of found) {
    signals[s.kind]++;
  }
  return { plays: total, signals, removed };
}
