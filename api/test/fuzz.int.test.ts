import type fc from 'fast-check';
import { afterAll, expect, it } from 'vitest';
import { createTestContext, type TestContext, useTestContext } from '../../test/helpers.js';
import { useFuzzWorld } from './fuzz/fixture.js';
import { formArbitrary, type UploadRoute, uploadArbitrary } from './fuzz/multipart.js';
import { type FuzzRequest, type OpenApiDocument, operationsOf, requestArbitrary } from './fuzz/operations.js';
import { type FuzzTarget, fuzzOperation, newTally, summary } from './fuzz/runner.js';
import { ADMIN_PASSWORD, idsForRoute } from './fuzz/seed.js';

// `npm run fuzz -- --runs 2000` sets these; `npm test` runs the bounded default.
const RUNS = Number(process.env.FUZZ_RUNS ?? 200);
const SEED = Number(process.env.FUZZ_SEED ?? 20261125);
const LANES = Number(process.env.FUZZ_LANES ?? 2);

const t = useTestContext();
const fixture = useFuzzWorld(t);
const laneContexts: TestContext[] = [];

afterAll(async () => {
  for (const ctx of laneContexts) {
    await ctx.close();
  }
});

/** Staff routes (those declaring a permission) go as the Super Admin, everything else as the student. */
function actorOf(method: string, path: string): Record<string, string> {
  const url = path.replace(/\{(\w+)\}/g, ':$1');
  return t.app.guardedRoutes.some((r) => r.method === method && r.url === url)
    ? fixture.world.staff
    : fixture.world.student;
}

/** Routes that read multipart/form-data themselves, so the reference shows no body for them. */
function uploadRoutes(): UploadRoute[] {
  const ids = (name: string) => fixture.world.known.idsByName[name] ?? [];
  const csv = (bytes: Buffer, name: string) => ({ name, type: 'text/csv', bytes });
  return [
    {
      method: 'POST',
      url: '/api/media/images',
      fields: {},
      file: {
        field: 'file',
        samples: [{ name: 'a.png', type: 'image/png', bytes: fixture.world.files.png }],
      },
    },
    {
      method: 'POST',
      url: '/api/student/documents',
      fields: { kind: ['SCHOOL_ID', 'B_FORM'] },
      file: {
        field: 'file',
        samples: [{ name: 'card.png', type: 'image/png', bytes: fixture.world.files.png }],
      },
    },
    {
      method: 'POST',
      url: '/api/admin/bulkUpload/preview/',
      fields: {},
      file: { field: 'file', samples: [csv(fixture.world.files.studentsCsv, 'students.csv')] },
    },
    {
      method: 'POST',
      url: '/api/question/import/preview',
      fields: {},
      file: { field: 'file', samples: [csv(fixture.world.files.questionsCsv, 'questions.csv')] },
    },
    {
      method: 'POST',
      url: '/api/question/import/commit',
      fields: {},
      file: { field: 'file', samples: [csv(fixture.world.files.questionsCsv, 'questions.csv')] },
    },
    {
      method: 'POST',
      url: '/api/phaseWinner/create/manually',
      fields: {
        password: [ADMIN_PASSWORD, 'wrong'],
        phaseId: ids('phase'),
        winnerId: ids('student'),
        gradeId: ids('grade'),
      },
    },
    {
      method: 'POST',
      url: '/api/phaseWinner/create/automatically',
      fields: { password: [ADMIN_PASSWORD, 'wrong'], phaseId: ids('phase'), topN: ['1', '3', '0', '1e308'] },
    },
    {
      method: 'DELETE',
      url: `/api/phaseWinner/delete/?id=${ids('phasewinner')[0] ?? ids('phase')[0]}`,
      fields: { password: [ADMIN_PASSWORD, 'wrong'] },
    },
  ];
}

/** Gateway and sandbox routes take HTML form posts; the sandbox's are pages a browser shows. */
const FORM_ROUTES = [
  {
    url: '/api/payment/sandbox/checkout',
    page: true,
    fields: ['pp_TxnRefNo', 'pp_Amount', 'pp_ReturnURL', 'pp_SecureHash'],
  },
  {
    url: '/api/payment/sandbox/decide',
    page: true,
    fields: ['decision', 'pp_TxnRefNo', 'pp_ReturnURL', 'pp_SecureHash'],
  },
  {
    url: '/api/payment/gateway/sandbox/return',
    page: false,
    fields: ['pp_TxnRefNo', 'pp_ResponseCode', 'pp_SecureHash'],
  },
  {
    url: '/api/payment/gateway/jazzcash/callback',
    page: false,
    fields: ['pp_TxnRefNo', 'pp_ResponseCode', 'pp_SecureHash'],
  },
];

it('sees a committed write as a change and a rolled-back one as none', async () => {
  await fixture.changes.drain('riyazi');
  await t.db
    .transaction()
    .execute(async (trx) => {
      await trx.insertInto('categories').values({ name: 'Rolled back' }).execute();
      throw new Error('roll back');
    })
    .catch(() => {});
  expect(await fixture.changes.changes('riyazi')).toEqual([]);
  await t.db.insertInto('categories').values({ name: 'Committed' }).execute();
  expect(await fixture.changes.changes('riyazi')).toEqual(['categories INSERT']);
});

it(
  'answers every generated input without a 5xx; each 4xx is { message } and changes nothing stored',
  async () => {
    await t.app.ready();
    const doc = t.app.swagger() as unknown as OpenApiDocument;
    const work: { name: string; requests: fc.Arbitrary<FuzzRequest>; isPage?: boolean }[] = [];
    for (const op of operationsOf(doc)) {
      const known = {
        ...fixture.world.known,
        idsByName: { ...fixture.world.known.idsByName, '': idsForRoute(op.path, fixture.world.known) },
      };
      work.push({
        name: `${op.method} ${op.path}`,
        requests: requestArbitrary(op, known, actorOf(op.method, op.path)),
      });
    }
    for (const route of uploadRoutes()) {
      const path = route.url.split('?')[0] ?? '';
      expect(doc.paths[path], `${path} is in the API reference`).toBeDefined();
      work.push({
        name: `${route.method} ${path} (multipart)`,
        requests: uploadArbitrary(route, actorOf(route.method, path)),
      });
    }
    for (const route of FORM_ROUTES) {
      work.push({
        name: `POST ${route.url} (form)`,
        requests: formArbitrary('POST', route.url, route.fields, {}),
        isPage: route.page,
      });
    }
    expect(work.length).toBeGreaterThan(120);

    // Lanes run operations side by side, each on an app of its own whose database connections carry
    // the lane's name, so the change watcher tells which lane's request changed what.
    const lanes: FuzzTarget[] = [];
    for (let i = 0; i < LANES; i += 1) {
      const appName = `fuzz-lane-${i}`;
      const ctx = await createTestContext({}, { applicationName: appName });
      laneContexts.push(ctx);
      lanes.push({
        app: ctx.app,
        appName,
        changes: fixture.changes,
        redis: ctx.redis,
        rateLimitPrefix: `${ctx.config.REDIS_PREFIX}:rl`,
      });
    }
    const tally = newTally();
    const started = Date.now();
    let signedInAt = Date.now();
    let next = 0;
    await Promise.all(
      lanes.map(async (lane) => {
        for (let i = next++; i < work.length; i = next++) {
          const { name, requests, isPage } = work[i] as (typeof work)[number];
          if (Date.now() - signedInAt > 10 * 60_000) {
            signedInAt = Date.now();
            await fixture.world.signIn();
          }
          await fuzzOperation(lane, name, requests, { runs: RUNS, seed: SEED + i, isPage }, tally);
        }
      }),
    );
    console.log(summary(tally, RUNS, (Date.now() - started) / 1000, SEED));
    expect(tally.findings, JSON.stringify(tally.findings, null, 2)).toEqual([]);
  },
  Math.max(600_000, RUNS * 3_000),
);
