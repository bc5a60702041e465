import { readdir } from 'node:fs/promises';
import path from 'node:path';
import { sql } from 'kysely';
import { beforeEach, describe, expect, it } from 'vitest';
import { deleteRedisKeys, formData, useTestContext } from '../../test/helpers.js';
import { useFuzzWorld } from './fuzz/fixture.js';

// One case per class of input the hostile test found answered 500 (issue #15).
const t = useTestContext();
const APP_NAME = 'riyazi'; // the test app's connections (createDb's default application_name)
const fixture = useFuzzWorld(t);
let n = 0;

beforeEach(async () => {
  await deleteRedisKeys(t.redis, `${t.config.REDIS_PREFIX}:rl`);
  n += 1;
});

type Method = 'GET' | 'POST' | 'DELETE';
const send = (
  as: 'staff' | 'student' | 'nobody',
  method: Method,
  url: string,
  payload?: string | object | Buffer,
) =>
  t.app.inject({
    method,
    url,
    headers: {
      ...(as === 'nobody' ? {} : fixture.world[as]),
      ...(typeof payload === 'string' ? { 'content-type': 'application/json' } : {}),
    },
    ...(payload === undefined ? {} : { payload }),
  });

/** Sends the request and says what it committed to the database. */
async function committed(request: () => ReturnType<typeof send>) {
  await fixture.changes.drain(APP_NAME);
  const res = await request();
  return { res, changed: await fixture.changes.changes(APP_NAME) };
}

const anyRoleId = async () =>
  (
    await t.db
      .selectFrom('staffRoles')
      .select('id')
      .where('isSuperAdmin', '=', false)
      .executeTakeFirstOrThrow()
  ).id;
const anyPackageId = async () =>
  (await t.db.selectFrom('paymentPackages').select('id').executeTakeFirstOrThrow()).id;

/** Routes whose text fields reached PostgreSQL (the hostile test's 500 "invalid byte sequence"). */
const TEXT_ROUTES: {
  route: string;
  as: 'staff' | 'student' | 'nobody';
  field: string;
  body: (text: string) => Promise<object>;
  /** Text that goes through (default "Fine <n>") and the same with NUL (default "Bad\0<n>"). */
  fine?: string;
  bad?: string;
}[] = [
  {
    route: 'POST /api/staffUser/create/',
    as: 'staff',
    field: 'username',
    body: async (text) => ({
      email: `staff${n}@example.com`,
      username: text,
      password: 'Long-enough-password-1',
      roleId: await anyRoleId(),
    }),
  },
  { route: 'POST /api/role/create/', as: 'staff', field: 'name', body: async (text) => ({ name: text }) },
  {
    route: 'POST /api/grade/create/',
    as: 'staff',
    field: 'title',
    body: async (text) => ({ title: text, sortOrder: 100 + n }),
  },
  { route: 'POST /api/category/create/', as: 'staff', field: 'name', body: async (text) => ({ name: text }) },
  {
    route: 'POST /api/admin/paymentPackage/create/',
    as: 'staff',
    field: 'description',
    body: async (text) => ({ name: `Package ${n}`, description: text, attempts: 2, price: 1500 }),
  },
  {
    route: 'POST /api/student/create/',
    as: 'staff',
    field: 'fullName',
    body: async (text) => ({ fullName: text, email: `child${n}@example.com`, password: 'Maths-is-fun-2026' }),
  },
  {
    route: 'POST /api/admin/smtp/create/',
    as: 'staff',
    field: 'fromName',
    body: async (text) => ({
      host: 'smtp.example.com',
      port: 587,
      fromName: text,
      fromEmail: 'no-reply@example.com',
    }),
  },
  {
    route: 'POST /api/admin/publicDisplay/create/',
    as: 'staff',
    field: 'announcementTitle',
    body: async (text) => ({
      nameStyle: 'FULL',
      showSchool: false,
      showCity: true,
      announcementTitle: text,
      announcementBody: '',
      announcementEndsAt: null,
    }),
  },
  {
    route: 'POST /api/payment/promo/check',
    as: 'student',
    field: 'code',
    body: async (text) => ({ code: text, packageId: await anyPackageId() }),
    fine: 'WELCOME50',
    bad: 'WELCOME\u000050',
  },
];

describe('text PostgreSQL cannot store', () => {
  it.each(TEXT_ROUTES)('$route: NUL in $field is a 400 naming it, and nothing is stored', async (c) => {
    const [method, url] = c.route.split(' ') as [Method, string];
    const fine = await send(c.as, method, url, await c.body(c.fine ?? `Fine ${n}`));
    expect(fine.statusCode, fine.body).toBeLessThan(300);

    const bad = await c.body(c.bad ?? `Bad\u0000${n}`);
    const { res, changed } = await committed(() => send(c.as, method, url, bad));
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe(
      `${c.field}: contains a character that cannot be stored (NUL or an unpaired surrogate)`,
    );
    expect(res.json().errors).toHaveProperty(c.field);
    expect(changed).toEqual([]);
  });

  it('a lone surrogate bound for jsonb (a grade rename is audited with both titles) is a 400, and nothing changes', async () => {
    const grade = await t.db.selectFrom('grades').select(['id', 'sortOrder']).executeTakeFirstOrThrow();
    const rename = (title: string) =>
      send('staff', 'POST', `/api/grade/update/?id=${grade.id}`, { title, sortOrder: grade.sortOrder });
    const { res, changed } = await committed(() => rename('Grade \ud800'));
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toMatch(/^title: contains a character that cannot be stored/);
    expect(changed).toEqual([]);
    const fine = await rename('Grade 😀');
    expect(fine.statusCode, fine.body).toBe(200);
  });

  it('a lone surrogate in a sign-up is a 400, not an account whose name holds U+FFFD', async () => {
    const grade = await t.db.selectFrom('grades').select('id').executeTakeFirstOrThrow();
    const { res, changed } = await committed(() =>
      send('nobody', 'POST', '/api/student/signup', {
        fullName: 'Ayesha \ud800',
        fatherName: 'Imran Khan',
        email: `surrogate${n}@example.com`,
        password: 'Maths-is-fun-2026',
        phone: '03001234567',
        gender: 'FEMALE',
        city: 'Lahore',
        schoolName: 'Lahore Grammar School',
        gradeId: grade.id,
        referralSource: 'School',
        acceptTerms: true,
      }),
    );
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toMatch(/^fullName: contains a character that cannot be stored/);
    expect(changed).toEqual([]);
  });

  it('refuses NUL in a querystring, a path parameter and an open-ended answer too', async () => {
    const query = await send('staff', 'GET', '/api/grade/detail/?search=a%00b');
    expect(query.statusCode).toBe(400);
    expect(query.json().message).toMatch(/^search: contains a character that cannot be stored/);
    const param = await send('student', 'GET', '/api/payment/orders/AB%00CDEF');
    expect(param.statusCode).toBe(400);
    expect(param.json().message).toMatch(/^orderRef: contains a character that cannot be stored/);
    const answer = await send('student', 'POST', '/api/play-quiz/question/submit-answer', {
      playId: '00000000-0000-4000-8000-000000000000',
      questionId: '00000000-0000-4000-8000-000000000000',
      answers: ['1\u00001'],
    });
    expect(answer.statusCode).toBe(400);
    expect(answer.json().message).toMatch(/^answers\.0: contains a character that cannot be stored/);
  });
});

const UPLOAD_ROUTES: { route: string; as: 'staff' | 'student' }[] = [
  { route: 'POST /api/media/images', as: 'staff' },
  { route: 'POST /api/student/documents', as: 'student' },
  { route: 'POST /api/admin/bulkUpload/preview/', as: 'staff' },
  { route: 'POST /api/question/import/preview', as: 'staff' },
  { route: 'POST /api/question/import/commit', as: 'staff' },
  { route: 'POST /api/phaseWinner/create/manually', as: 'staff' },
];

const form = (boundary: string) =>
  Buffer.from(
    `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="a.csv"\r\nContent-Type: text/csv\r\n\r\na,b\r\n--${boundary}--\r\n`,
  );

describe('malformed multipart/form-data', () => {
  it.each(UPLOAD_ROUTES)(
    '$route: no boundary, or a body that is not multipart, is a 400',
    async ({ route, as }) => {
      const [method, url] = route.split(' ') as [Method, string];
      const cases = [
        { 'content-type': 'multipart/form-data', payload: form('x') },
        { 'content-type': 'multipart/form-data; boundary=x', payload: Buffer.from('{"this":"is JSON"}') },
        { 'content-type': 'multipart/form-data; boundary=x', payload: form('x').subarray(0, 60) },
      ];
      for (const { payload, ...type } of cases) {
        const res = await t.app.inject({ method, url, headers: { ...fixture.world[as], ...type }, payload });
        expect(res.statusCode, `${type['content-type']}: ${res.body}`).toBe(400);
        expect(typeof res.json().message).toBe('string');
      }
    },
  );
});

describe('bodies that are not a JSON object', () => {
  it.each([
    ['nobody', 'POST /api/student/signup'],
    ['staff', 'POST /api/staffUser/create/'],
    ['student', 'POST /api/play-quiz/question/submit-answer'],
  ] as const)('%s %s: null, an array or a number is a 400', async (as, route) => {
    const [method, url] = route.split(' ') as [Method, string];
    for (const payload of ['null', '[]', '[{}]', '42', '"text"']) {
      const res = await send(as, method, url, payload);
      expect(res.statusCode, `${payload}: ${res.body}`).toBe(400);
      expect(res.json().message).toBe('body: must be a JSON object');
    }
  });
});

/** Serves the contest play's current question, as the quiz page does before a child answers. */
async function currentQuestion() {
  const play = await t.db
    .selectFrom('plays')
    .innerJoin('students', 'students.id', 'plays.studentId')
    .select(['plays.id', 'plays.quizId'])
    .where('students.email', '=', 'fatima.malik@example.com')
    .where('plays.kind', '=', 'CONTEST')
    .where('plays.status', '=', 'IN_PROGRESS')
    .executeTakeFirstOrThrow();
  const started = await send('student', 'POST', '/api/play-quiz/', { quizId: play.quizId, type: 'CONTEST' });
  const { play: state } = started.json<{ play: { currentIndex: number; questions: { _id: string }[] } }>();
  const questionId = state.questions[state.currentIndex]?._id as string;
  const served = await send(
    'student',
    'GET',
    `/api/play-quiz/question?playId=${play.id}&questionId=${questionId}`,
  );
  expect(served.statusCode, served.body).toBe(200);
  return { playId: play.id, questionId };
}

describe("a contest answer's client time is advisory", () => {
  it.each([
    [2147483648, 3_600_000],
    [1e308, 3_600_000],
    [-1e308, -1],
  ])('timeTaken %s: the answer is recorded (client time kept as %s)', async (timeTaken, kept) => {
    const { playId, questionId } = await currentQuestion();
    const res = await send('student', 'POST', '/api/play-quiz/question/submit-answer', {
      playId,
      questionId,
      answers: [],
      timeTaken,
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ recorded: true });
    const row = await t.db
      .selectFrom('playAnswers')
      .select(['clientTimeTakenMs', 'timeTakenMs'])
      .where('playId', '=', playId)
      .where('questionId', '=', questionId)
      .executeTakeFirstOrThrow();
    expect(row.clientTimeTakenMs).toBe(kept);
    expect(row.timeTakenMs).toBeLessThanOrEqual(180_000);
  });
});

describe('document uploads leave no file behind', () => {
  const documentsDir = () => path.resolve(t.config.UPLOAD_DIR, 'documents');
  const files = async () => (await readdir(documentsDir()).catch(() => [] as string[])).sort();
  const upload = (filename: string) => {
    const form = formData(
      { kind: 'SCHOOL_ID' },
      { name: filename, content: fixture.world.files.png, type: 'image/png' },
    );
    return t.app.inject({
      method: 'POST',
      url: '/api/student/documents',
      headers: { ...fixture.world.student, ...form.headers },
      payload: form.payload,
    });
  };

  it('refuses a file name holding NUL with 400 and writes nothing', async () => {
    const before = await files();
    const { res, changed } = await committed(() => upload('card\u0000.png'));
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe('file: the file name contains a character that cannot be stored');
    expect(changed).toEqual([]);
    expect(await files()).toEqual(before);
  });

  it('removes the written file when its row cannot be inserted', async () => {
    const fine = await upload('card.png');
    expect(fine.statusCode, fine.body).toBe(201);
    const before = await files();
    await sql`
      CREATE FUNCTION fail_document_insert() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN RAISE EXCEPTION 'insert refused for the test'; END $$`.execute(t.db);
    await sql`
      CREATE TRIGGER fail_document_insert BEFORE INSERT ON student_documents
      FOR EACH ROW EXECUTE FUNCTION fail_document_insert()`.execute(t.db);
    try {
      const res = await upload('card.png');
      expect(res.statusCode).toBe(500);
      expect(res.json()).toEqual({ message: 'Internal server error' });
      expect(await files()).toEqual(before);
    } finally {
      await sql`DROP FUNCTION fail_document_insert() CASCADE`.execute(t.db);
    }
  });
});
