import type { Db } from '@riyazi/db';
import { DEFAULT_TOPPER_CUT } from '../../contracts/winners.js';
import { dropCachesHere, everything, nodeCache } from '../../lib/node-caches.js';
import * as repo from './phase-progress.repository.js';

export type Qualification = { ok: true } | { ok: false; message: string };

/** Who may take a phase in a grade: the top `cut` of the phase before it (none: open to all). */
interface PhaseGate {
  number: number;
  previous: { id: string; number: number } | null;
  cut: number | null;
}

const OPEN: Qualification = { ok: true };

async function loadGate(key: string, db: Db): Promise<PhaseGate | null> {
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

// Contest day has thousands of starts a second: the phase's gate per grade is read once per node
// every few seconds. A saved cut or phase edit drops the gates on every node through the cache bus.
const GATE_TTL_MS = 5000;
const cachedGate = nodeCache('qualificationGates', GATE_TTL_MS, loadGate);

/** Forgets this node's gates (tests that change the inputs behind the api's back). */
export function invalidateQualificationGates(db: Db): void {
  dropCachesHere(db, everything('qualificationGates'));
}

/**
 * Phase 1 is open to all; phase N (N ≥ 2) to the students whose rank in phase N−1, in the same
 * grade, is within that phase's cut (default 200 for phase 1 → 2, 30 for phase 2 → 3), and to
 * those e-mailed that they qualified (a later rebuild or cut cannot take back what a child was
 * told). Costs one statement of two primary-key probes per call (the gate itself is cached).
 */
export async function qualifiesFor(
  db: Db,
  studentId: string,
  gradeId: string,
  phase: { id: string; number?: number },
): Promise<Qualification> {
  if (phase.number !== undefined && phase.number <= 1) {
    return OPEN;
  }
  const gate = await cachedGate(db, `${phase.id}|${gradeId}`);
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
