import type { Db } from '@riyazi/db';
import type { FastifyInstance } from 'fastify';
import type { Redis } from 'ioredis';
import { sql } from 'kysely';
import sharp from 'sharp';
import { seedDemoData } from '../../../db/src/seed/index.js';
import { DEMO_STUDENT_PASSWORD } from '../../../db/src/seed/reference.js';
import { deleteRedisKeys, setFlags } from '../../../test/helpers.js';
import type { KnownValues } from './schema-arbitraries.js';

export const ADMIN_EMAIL = 'fuzz.admin@riyazi.test';
export const ADMIN_PASSWORD = 'Fuzz-admin-password-2026';
const STUDENT_EMAIL = 'fatima.malik@example.com';

export interface FuzzWorld {
  /** The actors' headers; signIn() renews their tokens in place (they last 15 minutes). */
  staff: Record<string, string>;
  student: Record<string, string>;
  signIn(): Promise<void>;
  known: KnownValues;
  /** Files a real client uploads, for the multipart routes. */
  files: { png: Buffer; studentsCsv: Buffer; questionsCsv: Buffer };
}

async function bearer(app: FastifyInstance, url: string, email: string, password: string) {
  const res = await app.inject({ method: 'POST', url, payload: { email, password } });
  if (res.statusCode !== 200) {
    throw new Error(`${url}: ${res.statusCode} ${res.body}`);
  }
  return { authorization: `Bearer ${res.json<{ accessToken: string }>().accessToken}` };
}

const singular = (word: string) =>
  word
    .replace(/ies$/, 'y')
    .replace(/(ch|sh|x|zz)es$/, '$1')
    .replace(/zz$/, 'z')
    .replace(/s$/, '');

/**
 * The demo dataset, a Super Admin, a signed-in student with an open contest and practice play, a
 * document and a pending order, and the ids and codes they hold (the actors' own rows left out, so a
 * generated request never deletes or deactivates whoever sends it).
 */
export async function seedFuzzWorld(
  app: FastifyInstance,
  db: Db,
  { redis, rateLimitPrefix }: { redis: Redis; rateLimitPrefix: string },
): Promise<FuzzWorld> {
  await seedDemoData(db, { adminEmail: ADMIN_EMAIL, adminPassword: ADMIN_PASSWORD });
  const phase = await db.selectFrom('phases').select('id').where('number', '=', 1).executeTakeFirstOrThrow();
  const flags = {
    isRegistrationEnabled: true,
    isContestQuizEnabled: true,
    isPracticeQuizEnabled: true,
    contestQuizPhase: phase.id,
    practiceQuizPhase: phase.id,
    contestPermissionRequired: false,
    documentAcceptanceRequired: false,
    isPaymentEnabled: true,
  };
  const staff: Record<string, string> = {};
  const student: Record<string, string> = {};
  // Generated requests may have switched flags (a CAPTCHA on logins) or used up the login limits.
  const signIn = async () => {
    await setFlags(db, flags);
    await deleteRedisKeys(redis, rateLimitPrefix);
    Object.assign(staff, await bearer(app, '/api/user/login', ADMIN_EMAIL, ADMIN_PASSWORD));
    Object.assign(student, await bearer(app, '/api/student/login', STUDENT_EMAIL, DEMO_STUDENT_PASSWORD));
  };
  await signIn();
  const call = (method: 'GET' | 'POST', url: string, payload?: object) =>
    app.inject({ method, url, headers: student, ...(payload ? { payload } : {}) });

  for (const type of ['CONTEST', 'PRACTICE']) {
    const quiz = (await call('GET', `/api/play-quiz/available?type=${type}`)).json<{
      data: { _id: string }[];
    }>().data[0];
    const started = await call('POST', '/api/play-quiz/', { quizId: quiz?._id, type });
    const play = started.json<{ play?: { _id: string; questions: { _id: string }[] } }>().play;
    const served = await call(
      'GET',
      `/api/play-quiz/question?playId=${play?._id}&questionId=${play?.questions[0]?._id}`,
    );
    if (served.statusCode !== 200) {
      throw new Error(`could not start a ${type} play: ${started.body} ${served.body}`);
    }
  }
  const packages = await db.selectFrom('paymentPackages').select('id').orderBy('attempts').execute();
  if (packages[0]) {
    // Only attempts the student can use are sold: with one contest play left, they hold none.
    await db.updateTable('students').set({ contestAttempts: 0 }).where('email', '=', STUDENT_EMAIL).execute();
    const placed = await call('POST', '/api/payment/checkout', {
      packageId: packages[0].id,
      gateway: 'sandbox',
    });
    if (placed.statusCode !== 200) {
      throw new Error(`could not place a payment: ${placed.body}`);
    }
  }
  const png = await sharp({ create: { width: 8, height: 8, channels: 3, background: '#0f5e63' } })
    .png()
    .toBuffer();
  const template = async (url: string) =>
    Buffer.from((await app.inject({ method: 'GET', url, headers: staff })).rawPayload);
  const files = {
    png,
    studentsCsv: await template('/api/admin/bulkUpload/template/?format=csv'),
    questionsCsv: await template('/api/question/import/template?format=csv'),
  };
  return { staff, student, signIn, known: await knownValues(db, STUDENT_EMAIL), files };
}

async function knownValues(db: Db, studentEmail: string): Promise<KnownValues> {
  const admin = await db
    .selectFrom('staffUsers')
    .select(['id', 'roleId'])
    .where('email', '=', ADMIN_EMAIL)
    .executeTakeFirstOrThrow();
  const me = await db
    .selectFrom('students')
    .select('id')
    .where('email', '=', studentEmail)
    .executeTakeFirstOrThrow();
  const actors = new Set([admin.id, admin.roleId, me.id]);
  const { rows: tables } = await sql<{ name: string }>`
    SELECT table_name AS name FROM information_schema.columns
    WHERE table_schema = 'public' AND column_name = 'id' AND data_type = 'uuid' ORDER BY table_name
  `.execute(db);
  const uuids: string[] = [];
  const idsByName: Record<string, string[]> = {};
  const fullNames = new Set(tables.map(({ name }) => singular(name.replaceAll('_', ''))));
  for (const { name } of tables) {
    // The actor's own plays come first: most student calls are about them.
    const { rows } = await sql<{ id: string }>`
      SELECT id::text AS id FROM ${sql.table(name)} ORDER BY ${name === 'plays' ? sql`student_id = ${me.id} DESC,` : sql``} id LIMIT 12
    `.execute(db);
    const ids = rows.map((r) => r.id).filter((id) => !actors.has(id));
    uuids.push(...ids);
    const full = singular(name.replaceAll('_', ''));
    const last = singular(name.split('_').pop() ?? '');
    for (const key of new Set([full, fullNames.has(last) ? full : last])) {
      idsByName[key] = [...(idsByName[key] ?? []), ...ids];
    }
  }
  const { rows: playQuestions } = await sql<{ id: string }>`
    SELECT pq.question_id::text AS id FROM play_questions pq JOIN plays p ON p.id = pq.play_id
    WHERE p.student_id = ${me.id} ORDER BY pq.position LIMIT 6
  `.execute(db);
  idsByName.question = [...playQuestions.map((r) => r.id), ...(idsByName.question ?? [])];
  const { rows: strings } = await sql<{ value: string }>`
    SELECT code AS value FROM promo_codes
    UNION ALL (SELECT code FROM access_codes LIMIT 5)
    UNION ALL SELECT order_ref FROM payments
    UNION ALL (SELECT email FROM students WHERE id <> ${me.id} LIMIT 5)
    UNION ALL (SELECT student_no::text FROM students LIMIT 5)
    UNION ALL (SELECT title FROM grades LIMIT 3)
    UNION ALL SELECT 'sandbox' UNION ALL SELECT 'jazzcash'
  `.execute(db);
  return { uuids, idsByName, strings: strings.map((r) => r.value) };
}

/** The ids a field named "id" most likely means on a route ("/api/quiz/update/" → quizzes). */
export function idsForRoute(path: string, known: KnownValues): string[] {
  const segments = path.replace(/^\/api\/(admin\/)?/, '').split(/[/{}]/);
  const noun = segments[0] ?? '';
  const words = noun.split(/(?=[A-Z])|-/).map((w) => w.toLowerCase());
  for (const candidate of [noun.toLowerCase(), words[words.length - 1], words[0]]) {
    const ids = known.idsByName[singular(candidate ?? '')];
    if (ids && ids.length > 0) {
      return ids;
    }
  }
  return [];
}
