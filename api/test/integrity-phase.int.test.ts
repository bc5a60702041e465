import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { resetDatabase } from '../../test/context.js';
import { authorizedCall, signedInStaff, useTestContext } from '../../test/helpers.js';
import { startTestWorkers } from '../../test/workers.js';
import type { IntegrityRunDto } from '../src/contracts/integrity.js';
import { type SeededPhase, seedSimulatedPhase } from './integrity.fixtures.js';

const t = useTestContext();
const call = authorizedCall(t);
let seeded: SeededPhase;
let runner: string;
let workers: Awaited<ReturnType<typeof startTestWorkers>>;

beforeAll(async () => {
  // Seeded once for both tests: start from an empty database whatever ran before in this worker.
  await resetDatabase(t.db);
  seeded = await seedSimulatedPhase(t.db);
  runner = (
    await signedInStaff(t, {
      permissions: [
        ['integrity', 'read'],
        ['integrity', 'update'],
      ],
    })
  ).token;
  workers = await startTestWorkers(t);
}, 120_000);
afterAll(async () => {
  await workers?.close();
});

const runUrl = () => `/api/admin/integrity/phases/${seeded.phaseId}/run`;

/** Starts the phase run through the api and waits for the worker to finish it. */
async function runPhase(): Promise<IntegrityRunDto> {
  const started = await call(runner, 'POST', runUrl());
  expect(started.statusCode, started.body).toBe(202);
  expect(started.json<IntegrityRunDto>()).toMatchObject({ phaseId: seeded.phaseId });
  let status: IntegrityRunDto | undefined;
  await expect
    .poll(
      async () => {
        status = (await call(runner, 'GET', runUrl())).json<IntegrityRunDto>();
        return status.state;
      },
      { timeout: 90_000, interval: 250 },
    )
    .toBe('completed');
  return status!;
}

const signals = () =>
  t.db
    .selectFrom('integritySignals')
    .select(['playId', 'kind', 'strength', 'evidence', 'relatedPlayIds', 'gradeId'])
    .where('phaseId', '=', seeded.phaseId)
    .execute();

describe('a phase run over 1,000 honest plays and planted ones', () => {
  it('finds each planted play by its kind and flags no honest play', async () => {
    const run = await runPhase();
    expect(run.progress).toEqual({ done: 1007, total: 1007 });
    expect(run.result?.plays).toBe(1007);
    const found = await signals();
    const kindsOf = (playId: string) => found.filter((s) => s.playId === playId).map((s) => s.kind);

    expect(kindsOf(seeded.copy.copy)).toEqual(['COPIED_ANSWERS']);
    // Copying is symmetric: the classmate copied from is named too, for a person to judge.
    expect(kindsOf(seeded.copy.source)).toEqual(['COPIED_ANSWERS']);
    const copied = found.find((s) => s.playId === seeded.copy.copy)!;
    expect(copied.relatedPlayIds).toEqual([seeded.copy.source]);
    expect(copied.evidence).toMatchObject({ pairs: [{ otherPlayId: seeded.copy.source, matchFraction: 1 }] });

    expect(kindsOf(seeded.fast)).toEqual(['FAST_CORRECT']);
    expect(kindsOf(seeded.scripted)).toEqual(['SCRIPTED_TIMING']);
    for (const playId of seeded.sharedDevice) {
      expect(kindsOf(playId)).toEqual(['SHARED_ORIGIN']);
    }
    const shared = found.find((s) => s.playId === seeded.sharedDevice[0])!;
    expect(shared.evidence).toMatchObject({ by: 'DEVICE', students: 4 });
    expect([...shared.relatedPlayIds].sort()).toEqual(seeded.sharedDevice.slice(1).sort());

    const honest = new Set(seeded.honest.map((p) => p.id));
    honest.delete(seeded.copy.source);
    expect(found.filter((s) => honest.has(s.playId))).toEqual([]);
    expect(found.every((s) => s.gradeId === seeded.gradeId && Number(s.strength) > 0)).toBe(true);
  });

  it('replaces the phase signals when run again: the same rows, and signals no longer found are gone', async () => {
    const honestPlay = seeded.honest[10]!.id;
    await t.db
      .insertInto('integritySignals')
      .values({
        playId: honestPlay,
        phaseId: seeded.phaseId,
        gradeId: seeded.gradeId,
        kind: 'SCRIPTED_TIMING',
        strength: '0.9',
        evidence: JSON.stringify({ stale: true }),
      })
      .execute();
    const before = (await signals()).filter((s) => s.playId !== honestPlay);
    const run = await runPhase();
    expect(run.result?.removed).toBe(1);
    const after = await signals();
    const key = (s: { playId: string; kind: string }) => `${s.playId}:${s.kind}`;
    expect(after.map(key).sort()).toEqual(before.map(key).sort());
    const audits = await t.db
      .selectFrom('auditLog')
      .select('action')
      .where('targetId', '=', seeded.phaseId)
      .execute();
    expect(audits.map((a) => a.action)).toEqual(['integrity.phase.run', 'integrity.phase.run']);
  });
});
