import ExcelJS from 'exceljs';
import { describe, expect, it } from 'vitest';
import { bearer } from '../../test/helpers.js';
import {
  countQuestions,
  csvOf,
  fixtures,
  mcqRow,
  openRow,
  signedIn,
  t,
  upload,
} from './question-import.fixtures.js';

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
        expect(bytes.toString('utf8')).toContain('What is $\\frac{1}{2} + \\frac{1}{4}$?');
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
