import ExcelJS from 'exceljs';
import Papa from 'papaparse';
import { describe, expect, it } from 'vitest';
import {
  bearer,
  loginStaff,
  makeCategory,
  makeGrade,
  makePhase,
  makeStaff,
  makeSubCategory,
  signedInStaff,
  useTestContext,
} from '../../test/helpers.js';

const t = useTestContext({ resetEachTest: true, clearRateLimits: true });

const signedIn = () => signedInStaff(t);

function multipart(content: Buffer | string, filename = 'questions.csv', type = 'text/csv') {
  const boundary = '----riyazi-import-boundary';
  const payload = Buffer.concat([
    Buffer.from(
      `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${filename}"\r\nContent-Type: ${type}\r\n\r\n`,
    ),
    typeof content === 'string' ? Buffer.from(content, 'utf8') : content,
    Buffer.from(`\r\n--${boundary}--\r\n`),
  ]);
  return { payload, headers: { 'content-type': `multipart/form-data; boundary=${boundary}` } };
}

const upload = (token: string, step: 'preview' | 'commit', content: Buffer | string, filename?: string) => {
  const form = multipart(content, filename);
  return t.app.inject({
    method: 'POST',
    url: `/api/question/import/${step}`,
    headers: { ...form.headers, authorization: `Bearer ${token}` },
    payload: form.payload,
  });
};

async function fixtures() {
  const grade = await makeGrade(t.db, 4);
  const phase = await makePhase(t.db, 1);
  const phase2 = await makePhase(t.db, 2);
  const category = await makeCategory(t.db, 'Geometry');
  const otherCategory = await makeCategory(t.db, 'Algebra');
  const sub = await makeSubCategory(t.db, category.id, 'Angles');
  await makeSubCategory(t.db, otherCategory.id, 'Equations');
  return { grade, phase, phase2, category, sub };
}

const HEADER = [
  'question',
  'option1',
  'option2',
  'option3',
  'option4',
  'correct',
  'selectMultiple',
  'type',
  'acceptedAnswers',
  'answerHintText',
  'answerHintVideo',
  'commentsForInternalPurpose',
  'grade',
  'category',
  'subCategory',
  'phases',
  'tags',
  'status',
] as const;
type Row = Partial<Record<(typeof HEADER)[number], string>>;

const mcqRow = (overrides: Row = {}): Row => ({
  question: 'What is $\\frac{1}{2} + \\frac{1}{4}$?',
  option1: '$\\frac{1}{4}$',
  option2: '$\\frac{3}{4}$',
  option3: '1',
  option4: '2',
  correct: 'B',
  selectMultiple: 'No',
  type: 'MCQs',
  answerHintText: 'Use quarters:\n$$\\frac{2}{4} + \\frac{1}{4}$$',
  grade: 'grade 4',
  category: ' geometry ',
  subCategory: 'ANGLES',
  phases: 'Phase 1 | phase 2',
  tags: 'practice',
  status: 'Active',
  ...overrides,
});

const openRow = (overrides: Row = {}): Row => ({
  question: 'Solve $2x + 3 = 11$',
  type: 'Open Ended',
  acceptedAnswers: '4 | x=4',
  answerHintText: 'Take 3 from both sides.',
  grade: 'Grade 4',
  category: 'Geometry',
  subCategory: 'Angles',
  phases: 'Phase 1',
  tags: 'CONTEST',
  ...overrides,
});

const csvOf = (rows: Row[]) =>
  Papa.unparse({ fields: [...HEADER], data: rows.map((r) => HEADER.map((h) => r[h] ?? '')) });

const countQuestions = async () =>
  Number(
    (
      await t.db
        .selectFrom('questions')
        .select((eb) => eb.fn.countAll<string>().as('n'))
        .executeTakeFirstOrThrow()
    ).n,
  );

describe('previewing an import', () => {
  it('names every bad row and field exactly, and saves nothing', async () => {
    const admin = await signedIn();
    await fixtures();
    const csv = csvOf([
      mcqRow(),
      mcqRow({ grade: 'Grade 12' }),
      mcqRow({ subCategory: 'Equations' }),
      mcqRow({ correct: 'A,C', selectMultiple: 'No' }),
      openRow({ acceptedAnswers: '' }),
      openRow({ answerHintText: '' }),
      openRow(),
    ]);
    const res = await upload(admin.token, 'preview', csv);
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body).toMatchObject({ total: 7, valid: 2, invalid: 5 });
    expect(
      body.rows.map((r: { rowNumber: number; ok: boolean; errors: object }) => [r.rowNumber, r.ok, r.errors]),
    ).toEqual([
      [2, true, {}],
      [3, false, { grade: 'no grade named "Grade 12"' }],
      [4, false, { subCategory: '"Equations" is not a sub category of "Geometry"' }],
      [5, false, { correct: 'mark exactly one option correct' }],
      [6, false, { acceptedAnswers: 'add at least one accepted answer' }],
      [7, false, { answerHintText: 'is required' }],
      [8, true, {}],
    ]);
    expect(body.rows[0].preview).toBe('What is \\frac{1}{2} + \\frac{1}{4}?');
    expect(await countQuestions()).toBe(0);
    expect(
      await t.db.selectFrom('auditLog').select('id').where('action', '=', 'question.import').execute(),
    ).toEqual([]);
  });

  it('reads a CSV with a BOM, counts rows as the spreadsheet does and skips blank rows', async () => {
    const admin = await signedIn();
    await fixtures();
    const csv = `\uFEFF${csvOf([mcqRow()])}\r\n,,,,\r\n${csvOf([openRow({ tags: 'Nope' })]).split('\r\n')[1]}`;
    const res = await upload(admin.token, 'preview', csv);
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.rows.map((r: { rowNumber: number }) => r.rowNumber)).toEqual([2, 4]);
    expect(body.rows[0].ok).toBe(true);
    expect(body.rows[1].errors).toEqual({ tags: 'must be PRACTICE, CONTEST or BOTH' });
  });

  it('refuses what is not a question spreadsheet with a clear 4xx', async () => {
    const admin = await signedIn();
    await fixtures();
    const png = Buffer.from('89504e470d0a1a0a0000000d49484452000000010000000108060000001f15c489', 'hex');
    const notSheet = await upload(admin.token, 'preview', png, 'photo.csv');
    expect(notSheet.statusCode).toBe(400);
    expect(notSheet.json().message).toMatch(/not a CSV or XLSX/);

    const fakeZip = await upload(admin.token, 'preview', Buffer.from('PK\u0003\u0004garbage'), 'q.xlsx');
    expect(fakeZip.statusCode).toBe(400);
    expect(fakeZip.json().message).toMatch(/not a CSV or XLSX/);

    // A workbook that says it inflates to 50 MB is refused before anything decompresses it.
    const workbook = new ExcelJS.Workbook();
    workbook.addWorksheet('Questions').addRow(HEADER);
    const bomb = Buffer.from(await workbook.xlsx.writeBuffer());
    bomb.writeUInt32LE(50 * 1024 * 1024, bomb.indexOf(Buffer.from([0x50, 0x4b, 0x01, 0x02])) + 24);
    const inflated = await upload(admin.token, 'preview', bomb, 'q.xlsx');
    expect(inflated.statusCode).toBe(400);
    expect(inflated.json().message).toMatch(/too large once opened/);

    const empty = await upload(admin.token, 'preview', '');
    expect(empty.statusCode).toBe(400);
    expect(empty.json().message).toBe('The file is empty');

    const headerOnly = await upload(admin.token, 'preview', `${HEADER.join(',')}\r\n`);
    expect(headerOnly.statusCode).toBe(400);
    expect(headerOnly.json().message).toBe('The file has a header but no question rows');

    const missing = await upload(admin.token, 'preview', 'question,type,grade\nWhat?,MCQs,Grade 4\n');
    expect(missing.statusCode).toBe(400);
    expect(missing.json().message).toBe(
      'Missing required columns: answerHintText, category, subCategory, phases, tags',
    );

    const latin1 = await upload(
      admin.token,
      'preview',
      Buffer.from(`${HEADER.join(',')}\nCaf\xe9`, 'latin1'),
    );
    expect(latin1.statusCode).toBe(400);
    expect(latin1.json().message).toMatch(/UTF-8/);

    const big = await upload(admin.token, 'preview', `${HEADER.join(',')}\n${'x'.repeat(2 * 1024 * 1024)}`);
    expect(big.statusCode).toBe(413);
    expect(big.json().message).toMatch(/2 MB/);

    const many = csvOf(Array.from({ length: 1001 }, () => openRow()));
    const tooMany = await upload(admin.token, 'preview', many);
    expect(tooMany.statusCode).toBe(400);
    expect(tooMany.json().message).toMatch(/more than 1000/);

    const noFile = await t.app.inject({
      method: 'POST',
      url: '/api/question/import/preview',
      headers: bearer(admin.token),
      payload: {},
    });
    expect(noFile.statusCode).toBe(400);
    expect(await countQuestions()).toBe(0);
  });

  it('needs question:create for preview, commit and template', async () => {
    await fixtures();
    const reader = await makeStaff(t.db, { permissions: [['question', 'read']] });
    const token = (await loginStaff(t.app, reader)).accessToken;
    expect((await upload(token, 'preview', csvOf([openRow()]))).statusCode).toBe(403);
    expect((await upload(token, 'commit', csvOf([openRow()]))).statusCode).toBe(403);
    const template = await t.app.inject({
      method: 'GET',
      url: '/api/question/import/template?format=csv',
      headers: bearer(token),
    });
    expect(template.statusCode).toBe(403);
    expect(await countQuestions()).toBe(0);
  });
});

describe('committing an import', () => {
  it('saves every row in one go with LaTeX converted, text sanitised, phases linked and one audit entry', async () => {
    const admin = await signedIn();
    const f = await fixtures();
    const csv = csvOf([
      mcqRow({ question: 'Angles <script>alert(1)</script> of $a<b$?\nThink.', option3: '<b>1</b>' }),
      mcqRow({
        correct: 'A, D',
        selectMultiple: 'yes',
        status: 'inactive',
        answerHintVideo: 'https://v.example.com/x',
      }),
      openRow(),
    ]);
    const res = await upload(admin.token, 'commit', csv);
    expect(res.statusCode).toBe(201);
    const { created, questionNos } = res.json();
    expect(created).toBe(3);
    expect(questionNos).toHaveLength(3);

    const saved = await t.db
      .selectFrom('questions')
      .selectAll()
      .where('questionNo', 'in', questionNos)
      .orderBy('questionNo')
      .execute();
    expect(saved.map((q) => Number(q.questionNo))).toEqual(questionNos);
    const [first, second, third] = saved as [(typeof saved)[0], (typeof saved)[0], (typeof saved)[0]];
    expect(first.questionHtml).toBe(
      '<p>Angles &lt;script&gt;alert(1)&lt;/script&gt; of <span class="math-inline">a&lt;b</span>?<br />Think.</p>',
    );
    expect(first.questionHtml).not.toContain('<script');
    expect(first.answerHintText).toBe(
      '<p>Use quarters:</p><div class="math-block">\\frac{2}{4} + \\frac{1}{4}</div>',
    );
    expect(first).toMatchObject({
      type: 'MCQS',
      selectMultiple: false,
      tag: 'PRACTICE',
      status: 'ACTIVE',
      gradeId: f.grade.id,
      categoryId: f.category.id,
      subCategoryId: f.sub.id,
      createdBy: admin.id,
    });
    const options = await t.db
      .selectFrom('questionOptions')
      .select(['position', 'textHtml', 'isCorrect'])
      .where('questionId', '=', first.id)
      .orderBy('position')
      .execute();
    expect(options).toEqual([
      { position: 1, textHtml: '<p><span class="math-inline">\\frac{1}{4}</span></p>', isCorrect: false },
      { position: 2, textHtml: '<p><span class="math-inline">\\frac{3}{4}</span></p>', isCorrect: true },
      { position: 3, textHtml: '<p>&lt;b&gt;1&lt;/b&gt;</p>', isCorrect: false },
      { position: 4, textHtml: '<p>2</p>', isCorrect: false },
    ]);
    expect(second).toMatchObject({
      selectMultiple: true,
      status: 'INACTIVE',
      answerHintVideo: 'https://v.example.com/x',
    });
    expect(third).toMatchObject({ type: 'OPEN_ENDED', acceptedAnswers: ['4', 'x=4'], tag: 'CONTEST' });

    const phases = await t.db
      .selectFrom('questionPhases')
      .select(['questionId', 'phaseId'])
      .where(
        'questionId',
        'in',
        saved.map((q) => q.id),
      )
      .execute();
    expect(
      phases
        .filter((p) => p.questionId === first.id)
        .map((p) => p.phaseId)
        .sort(),
    ).toEqual([f.phase.id, f.phase2.id].sort());
    expect(phases.filter((p) => p.questionId === third.id).map((p) => p.phaseId)).toEqual([f.phase.id]);

    const audits = await t.db
      .selectFrom('auditLog')
      .selectAll()
      .where('action', 'like', 'question.%')
      .execute();
    expect(audits).toHaveLength(1);
    expect(audits[0]).toMatchObject({
      action: 'question.import',
      actorId: admin.id,
      details: { count: 3, questionNos },
    });

    // The list shows them like any other question.
    const list = await t.app.inject({
      method: 'GET',
      url: '/api/question/detail/',
      headers: bearer(admin.token),
    });
    expect(list.json().total).toBe(3);
  });

  it('refuses the whole file when one row is bad, naming the rows, and saves nothing', async () => {
    const admin = await signedIn();
    await fixtures();
    const csv = csvOf([mcqRow(), openRow(), mcqRow({ phases: 'Phase 9' }), openRow({ grade: '' })]);
    const res = await upload(admin.token, 'commit', csv);
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe('Nothing was imported: fix rows 4, 5 and upload the file again');
    expect(res.json().errors).toEqual({
      row4: 'phases: no phase named "Phase 9"',
      row5: 'grade: is required',
    });
    expect(await countQuestions()).toBe(0);
    expect(
      await t.db.selectFrom('auditLog').select('id').where('action', '=', 'question.import').execute(),
    ).toEqual([]);
  });

  it('imports 1000 rows, the most one file may hold', async () => {
    const admin = await signedIn();
    await fixtures();
    const csv = csvOf(
      Array.from({ length: 1000 }, (_, i) =>
        openRow({ question: `Question ${i + 1}: $x + ${i} = ${i + 4}$` }),
      ),
    );
    const preview = await upload(admin.token, 'preview', csv);
    expect(preview.json()).toMatchObject({ total: 1000, valid: 1000 });
    const commit = await upload(admin.token, 'commit', csv);
    expect(commit.statusCode).toBe(201);
    expect(commit.json().created).toBe(1000);
    expect(await countQuestions()).toBe(1000);
  }, 60_000);

  it('reads an XLSX built with exceljs the same way (round trip)', async () => {
    const admin = await signedIn();
    await fixtures();
    const workbook = new ExcelJS.Workbook();
    const sheet = workbook.addWorksheet('Mine');
    sheet.addRow([
      'Question',
      'Type',
      'Answer Hint Text',
      'Grade',
      'Category',
      'Sub Category',
      'Phases',
      'Tags',
      'Accepted answers',
      'option1',
      'option2',
      'correct',
    ]);
    sheet.addRow([
      'Half of $9$?',
      'Open Ended',
      'Split it',
      'Grade 4',
      'Geometry',
      'Angles',
      'Phase 1',
      'BOTH',
      '4.5|4 1/2',
    ]);
    sheet.addRow([]);
    sheet.addRow([
      { richText: [{ text: 'Bold ' }, { text: 'word', font: { bold: true } }] },
      'MCQs',
      'Hint',
      'Grade 4',
      'Geometry',
      'Angles',
      'Phase 2',
      'PRACTICE',
      '',
      7,
      { formula: '1+1', result: 2 },
      'A',
    ]);
    const bytes = Buffer.from(await workbook.xlsx.writeBuffer());

    const preview = await upload(admin.token, 'preview', bytes, 'questions.xlsx');
    expect(preview.statusCode).toBe(200);
    const body = preview.json();
    expect(body).toMatchObject({ total: 2, valid: 1, invalid: 1 });
    // Only two options given: the form needs four.
    expect(body.rows[1]).toMatchObject({
      rowNumber: 4,
      preview: 'Bold word',
      errors: { option3: 'needs text or an image' },
    });
    expect(body.rows[0]).toMatchObject({ rowNumber: 2, ok: true, preview: 'Half of 9?' });

    sheet.getRow(4).getCell(13).value = '9';
    sheet.getRow(4).getCell(14).value = '10';
    sheet.getRow(1).getCell(13).value = 'option3';
    sheet.getRow(1).getCell(14).value = 'option4';
    const fixed = Buffer.from(await workbook.xlsx.writeBuffer());
    const again = await upload(admin.token, 'preview', fixed, 'questions.xlsx');
    expect(again.json()).toMatchObject({ total: 2, valid: 2, invalid: 0 });

    const commit = await upload(admin.token, 'commit', fixed, 'questions.xlsx');
    expect(commit.statusCode).toBe(201);
    const saved = await t.db
      .selectFrom('questions')
      .select(['questionHtml', 'acceptedAnswers', 'type'])
      .orderBy('questionNo')
      .execute();
    expect(saved).toEqual([
      {
        questionHtml: '<p>Half of <span class="math-inline">9</span>?</p>',
        acceptedAnswers: ['4.5', '4 1/2'],
        type: 'OPEN_ENDED',
      },
      { questionHtml: '<p>Bold word</p>', acceptedAnswers: [], type: 'MCQS' },
    ]);
    const options = await t.db
      .selectFrom('questionOptions')
      .select(['textHtml', 'isCorrect'])
      .orderBy('position')
      .execute();
    expect(options).toEqual([
      { textHtml: '<p>7</p>', isCorrect: true },
      { textHtml: '<p>2</p>', isCorrect: false },
      { textHtml: '<p>9</p>', isCorrect: false },
      { textHtml: '<p>10</p>', isCorrect: false },
    ]);
  });

  it('offers CSV and XLSX templates whose example rows preview as valid', async () => {
    const admin = await signedIn();
    await fixtures();
    for (const format of ['csv', 'xlsx'] as const) {
      const res = await t.app.inject({
        method: 'GET',
        url: `/api/question/import/template?format=${format}`,
        headers: bearer(admin.token),
      });
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-disposition']).toBe(`attachment; filename="questions-template.${format}"`);
      const bytes = res.rawPayload;
      if (format === 'csv') {
        expect(bytes.subarray(0, 3).toString('hex')).toBe('efbbbf');
        expect(bytes.toString('utf8')).toContain('What is \\(\\frac{1}{2} + \\frac{1}{4}\\)?');
      }
      const preview = await upload(admin.token, 'preview', bytes, `template.${format}`);
      expect(preview.statusCode).toBe(200);
      const body = preview.json();
      expect(body, format).toMatchObject({ total: 3, valid: 3, invalid: 0 });
      expect(body.rows[0].preview).toBe('What is \\frac{1}{2} + \\frac{1}{4}?');
    }
    const bad = await t.app.inject({
      method: 'GET',
      url: '/api/question/import/template?format=pdf',
      headers: bearer(admin.token),
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().message).toMatch(/csv or xlsx/);
    expect(await countQuestions()).toBe(0);
  });
});
