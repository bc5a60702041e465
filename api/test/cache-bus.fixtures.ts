import { afterAll, beforeAll, beforeEach } from 'vitest';
import { seedDemoData } from '../../db/src/seed/index.js';
import {
  bearer,
  createTestContext,
  deleteRedisKeys,
  demoStudentToken,
  loginStaff,
  makeStaff,
  resetDatabase,
  seededGradeId,
  seededQuizId,
  seededStudentId,
  setFlags,
  type TestContext,
  useTestContext,
} from '../../test/helpers.js';

// Shared by cache-bus-{changes,channel}.int.test.ts: importing it registers their two apps and hooks.
// Node A is the test context, node B a second app on the same database and Redis prefix: each
// has its own engine (its per-node caches), as two api processes would.
export const a = useTestContext();
export let b: TestContext;
const STUDENT = 'fatima.malik@example.com'; // grade 3 in the demo data
export const ADMIN_PASSWORD = 'Cache-bus-admin-2026';

let admin: string;
let student: string;
export let studentId: string;
export let grade3: string;
export let phase1: string;
export let phase2: string;
export let practiceQuizId: string;

/** Polls `read` until `done` holds; fails past `withinMs` (well below the cache's time to live). */
export async function eventually<T>(read: () => Promise<T>, done: (value: T) => boolean, withinMs: number) {
  const started = Date.now();
  for (;;) {
    const value = await read();
    if (done(value)) {
      return Date.now() - started;
    }
    if (Date.now() - started > withinMs) {
      throw new Error(`not seen within ${withinMs} ms: ${JSON.stringify(value)}`);
    }
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
}

const as = (token: string) => bearer(token);
export const adminCall = (method: 'GET' | 'POST', url: string, payload?: object) =>
  a.app.inject({ method, url, headers: as(admin), ...(payload ? { payload } : {}) });
export const onB = (url: string) => b.app.inject({ method: 'GET', url, headers: as(student) });

beforeAll(async () => {
  b = await createTestContext();
  await resetDatabase(a.db);
  await seedDemoData(a.db, { adminEmail: 'admin@riyazi.test', adminPassword: 'Admin-password-2026' });
  const phases = await a.db.selectFrom('phases').select(['id', 'number']).orderBy('number').execute();
  phase1 = phases[0]!.id;
  phase2 = phases[1]!.id;
  grade3 = await seededGradeId(a.db, 'Grade 3');
  practiceQuizId = await seededQuizId(a.db, grade3, 'PRACTICE');
  studentId = await seededStudentId(a.db, STUDENT);
  const staff = await makeStaff(a.db, { superAdmin: true, password: ADMIN_PASSWORD });
  admin = (await loginStaff(a.app, staff)).accessToken;
  student = await demoStudentToken(b.app, STUDENT);
});

afterAll(async () => {
  await b?.close();
});

beforeEach(async () => {
  await deleteRedisKeys(a.redis, `${a.config.REDIS_PREFIX}:rl`);
  await a.db.deleteFrom('plays').execute();
  await a.db.updateTable('phases').set({ status: 'ACTIVE' }).where('id', '=', phase1).execute();
  await setFlags(a.db, {
    isPracticeQuizEnabled: true,
    practiceQuizPhase: phase1,
    contestQuizPhase: phase1,
    isContestQuizEnabled: false,
  });
});

export async function startPracticeOnB() {
  await a.db.deleteFrom('plays').execute();
  return b.app.inject({
    method: 'POST',
    url: '/api/play-quiz/',
    headers: as(student),
    payload: { quizId: practiceQuizId, type: 'PRACTICE' },
  });
}
