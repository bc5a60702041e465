import ExcelJS from 'exceljs';
import { firstActiveGradeTitle } from '#modules/grades';
import { exampleCsv } from '../../lib/csv.js';
import type { Executor } from '../../lib/db.js';
import { COLUMNS, type Column, REQUIRED_COLUMNS } from './question-import.parse.js';
import { firstActiveSubCategory, firstPhaseName } from './question-import.repository.js';

/** Real names from this site when it has them, so the example rows import as they are. */
async function exampleNames(db: Executor) {
  const [grade, sub, phase] = await Promise.all([
    firstActiveGradeTitle(db),
    firstActiveSubCategory(db),
    firstPhaseName(db),
  ]);
  return {
    grade: grade ?? 'Grade 4',
    category: sub?.category ?? 'Arithmetic',
    subCategory: sub?.subCategory ?? 'Fractions',
    phases: phase?.name ?? 'Phase 1',
  };
}

async function exampleRows(db: Executor): Promise<Record<Column, string>[]> {
  const names = await exampleNames(db);
  return [
    {
      question: 'What is $\\frac{1}{2} + \\frac{1}{4}$?',
      option1: '$\\frac{1}{4}$',
      option2: '$\\frac{3}{4}$',
      option3: '$\\frac{2}{6}$',
      option4: '$1$',
      correct: 'B',
      selectMultiple: 'No',
      type: 'MCQs',
      acceptedAnswers: '',
      answerHintText: 'Write both with denominator 4:\n$$\\frac{2}{4} + \\frac{1}{4} = \\frac{3}{4}$$',
      answerHintVideo: '',
      commentsForInternalPurpose: 'Example row: replace it with your own questions',
      ...names,
      tags: 'PRACTICE',
      status: 'Active',
    },
    {
      question: 'Which of these are even numbers?',
      option1: '12',
      option2: '15',
      option3: '28',
      option4: '33',
      correct: 'A,C',
      selectMultiple: 'Yes',
      type: 'MCQs',
      acceptedAnswers: '',
      answerHintText: 'An even number ends in 0, 2, 4, 6 or 8.',
      answerHintVideo: '',
      commentsForInternalPurpose: '',
      ...names,
      tags: 'BOTH',
      status: 'Active',
    },
    {
      question: 'Solve for $x$: $2x + 3 = 11$',
      option1: '',
      option2: '',
      option3: '',
      option4: '',
      correct: '',
      selectMultiple: 'No',
      type: 'Open Ended',
      acceptedAnswers: '4|x=4|x = 4',
      answerHintText: 'Take 3 from both sides, then halve: $2x = 8$, so $x = 4$.',
      answerHintVideo: '',
      commentsForInternalPurpose: '',
      ...names,
      tags: 'CONTEST',
      status: 'Active',
    },
  ];
}

const RULES: [string, string][] = [
  ['Rows', 'One question per row under the header row. Blank rows are skipped. At most 1000 rows, 2 MB.'],
  ['Required columns', REQUIRED_COLUMNS.join(', ')],
  [
    'Maths',
    'Write LaTeX between $…$ for maths in the line and between $$…$$ for a formula on its own line (\\(…\\) and \\[…\\] are read too). Write \\$ for a dollar sign.',
  ],
  [
    'Text',
    'Cells are plain text: HTML is shown as typed. A line break stays a line break; a blank line starts a new paragraph.',
  ],
  ['correct', 'MCQs: the correct option letters A–D, e.g. B or A,C. More than one needs selectMultiple Yes.'],
  ['type', 'MCQs or Open Ended. Open Ended needs acceptedAnswers, separated by |.'],
  [
    'grade, category, subCategory, phases',
    'Names exactly as shown in the back office (case does not matter). Several phases are separated by |.',
  ],
  ['tags', 'PRACTICE, CONTEST or BOTH'],
  ['status', 'Active (default) or Inactive'],
  ['answerHintVideo', 'Optional https link'],
];

export async function buildTemplate(db: Executor, format: 'csv' | 'xlsx') {
  const rows = await exampleRows(db);
  if (format === 'csv') {
    return exampleCsv(
      COLUMNS,
      rows.map((r) => COLUMNS.map((c) => r[c])),
    );
  }
  const workbook = new ExcelJS.Workbook();
  const sheet = workbook.addWorksheet('Questions');
  sheet.columns = COLUMNS.map((c) => ({
    header: c,
    key: c,
    width: c === 'question' || c === 'answerHintText' ? 48 : 18,
  }));
  sheet.getRow(1).font = { bold: true };
  sheet.views = [{ state: 'frozen', ySplit: 1 }];
  for (const row of rows) {
    sheet.addRow(row).alignment = { wrapText: true, vertical: 'top' };
  }
  const help = workbook.addWorksheet('How to fill in');
  help.columns = [
    { header: 'Topic', key: 'topic', width: 36 },
    { header: 'Rule', key: 'rule', width: 110 },
  ];
  help.getRow(1).font = { bold: true };
  for (const [topic, rule] of RULES) {
    help.addRow({ topic, rule });
  }
  return Buffer.from(await workbook.xlsx.writeBuffer());
}
