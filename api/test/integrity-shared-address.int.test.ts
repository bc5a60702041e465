import { sql } from 'kysely';
import { beforeAll, describe, expect, it } from 'vitest';
import { resetDatabase } from '../../test/context.js';
import { useTestContext } from '../../test/helpers.js';
import { countCap, WINDOW_LISTED } from '../src/modules/integrity/detect-shared-origin.js';
import { originWindowQuery } from '../src/modules/integrity/integrity.repository.js';
import { computePlaySignals } from '../src/modules/integrity/integrity.service.js';
import { DEFAULT_THRESHOLDS } from '../src/modules/integrity/integrity.thresholds.js';
import { type SeededCrowd, seedCrowdOnOneAddress } from './integrity.fixtures.js';

const t = useTestContext();
let crowd: SeededCrowd;

beforeAll(async () => {
  // An empty database whatever ran before in this worker (the crowd's grade and phase are new).
  await resetDatabase(t.db);
  crowd = await seedCrowdOnOneAddress(t.db, 2500, 60_000);
  await sql`ANALYZE plays`.execute(t.db);
}, 120_000);

describe('the per-play check on a shared address', () => {
  it('reads a bounded window however many children share the address, and still flags the crowd', async () => {
    const middle = crowd.playIds[1250]!;
    const signals = await computePlaySignals(t.db, middle);
    const shared = signals?.find((s) => s.kind === 'SHARED_ORIGIN');
    const cap = countCap(DEFAULT_THRESHOLDS.sharedOrigin.ipMinStudents);
    expect(shared?.evidence).toMatchObject({ by: 'IP', students: cap, studentsAtLeast: true });
    expect(shared?.relatedPlayIds).toHaveLength(100);

    const finishedAt = await t.db
      .selectFrom('plays')
      .select('finishedAt')
      .where('id', '=', middle)
      .executeTakeFirstOrThrow();
    const query = originWindowQuery({
      phaseId: crowd.phaseId,
      by: 'IP',
      hash: 'one-nat',
      finishedAtMs: finishedAt.finishedAt!.getTime(),
      withinMs: DEFAULT_THRESHOLDS.sharedOrigin.ipWindowMinutes * 60_000,
      cap,
      listed: WINDOW_LISTED,
    });
    const { rows } = await sql<{
      'QUERY PLAN': [{ Plan: PlanNode }];
    }>`EXPLAIN (ANALYZE, FORMAT JSON) ${query}`.execute(t.db);
    const scans = nodesOf(rows[0]!['QUERY PLAN'][0].Plan).filter((n) => n['Relation Name'] === 'plays');
    expect(scans.length).toBeGreaterThan(0);
    for (const scan of scans) {
      expect(scan['Node Type']).toMatch(/Index/);
      expect(scan['Actual Rows']).toBeLessThanOrEqual(cap);
    }
  });
});

interface PlanNode {
  'Node Type': string;
  'Relation Name'?: string;
  'Actual Rows': number;
  Plans?: PlanNode[];
}

const nodesOf = (node: PlanNode): PlanNode[] => [node, ...(node.Plans ?? []).flatMap(nodesOf)];
