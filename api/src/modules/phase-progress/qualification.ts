import type { Db } from '@riyazi/db';
import { DEFAULT_TOPPER_CUT } from '../../contracts/winners.js';
import type { EngineDeps } from '../../engine.js';
import { type CacheNode, nodeCache } from '../../lib/node-caches.js';
import * as repo from './phase-progress.repository.js';

export type Qualification = { ok: true } | { ok: false; message: string };

/** Who may take a phase in a grade: the top `cut` of the phase before it (none: open to all). */
interface PhaseGate {
  number: number;
  previous: { id: string; number: number } | null;
  cut: number | null;
}

const OPEN: Qualification = { ok: true };

async function loadGate(db: Db, key: string): Promise<PhaseGate | null> {
  const [phaseId, gradeId] = key.split('|') as [string, string];
  const phase = await repo.findPhase(db, phaseId);
  if (!phase) {
    return null;
  }
  const previous = phase.number > 1 ? await repo.findPhaseByNumber(db, phase.number - 1) : undefined;
  if (!previous) {
    return { number: phase.number, previous: null, cut: null };
  }
  const cut =
    (await repo.findCutoff(db, previous.id, gradeId)) ?? DEFAULT_TOPPER_CUT[previous.number] ?? null;
  return { number: phase.number, previous: { id: previous.id, number: previous.number }, cut };
}

const GATE_TTL_MS = 5000;

/**
 * Contest day has thousands of starts a second: the phase's gate per grade (`phaseId|gradeId`) is
 * read once per node every few seconds (the engine's cache). A saved cut or phase edit drops the
 * gates on every node through the cache bus.
 */
export const createQualificationGates = (caches: CacheNode, db: Db) =>
  nodeCache(caches, 'qualificationGates', GATE_TTL_MS, (key) => loadGate(db, key));
export type QualificationGates = ReturnType<typeof createQualificationGates>;

/**
 * Phase 1 is open to all; phase N (N ≥ 2) to the students whose rank in phase N−1, in the same
 * grade, is within that phase's cut (default 200 for phase 1 → 2, 30 for phase 2 → 3), and to
 * those e-mailed that they qualified (a later rebuild or cut cannot take back what a child was
 * told). Costs one statement of two primary-key probes per call (the gate itself is cached).
 */
export async function qualifiesFor(
  { db, engine }: EngineDeps,
  studentId: string,
  gradeId: string,
  phase: { id: string; number?: number },
): Promise<Qualification> {
  if (phase.number !== undefined && phase.number <= 1) {
    return OPEN;
  }
  const gate = await engine.qualificationGates(`${phase.id}|${gradeId}`);
  if (!gate?.previous || gate.cut === null) {
    return OPEN;
  }
  const admission = await repo.findAdmission(db, gate.previous.id, phase.id, gradeId, studentId);
  if (admission.told || (admission.rank !== null && admission.rank <= gate.cut)) {
    return OPEN;
  }
  return {
    ok: false,
    message: `Phase ${gate.number} is open to the top ${gate.cut} of your grade in Phase ${gate.previous.number}.`,
  };
}
