import ExcelJS from 'exceljs';
import { firstActiveGradeTitle } from '#modules/grades';
import { REFERRAL_SOURCES } from '../../contracts/accounts/schemas.js';
import {
  BULK_UPLOAD_COLUMNS,
  BULK_UPLOAD_EXAMPLE_EMAIL,
  type BulkUploadColumn,
} from '../../contracts/bulk-upload.js';
import { exampleCsv } from '../../lib/csv.js';
import type { Executor } from '../../lib/db.js';

async function exampleRow(db: Executor): Promise<Record<BulkUploadColumn, string>> {
  const grade = await firstActiveGradeTitle(db);
  return {
    fullName: 'Example Student',
    fatherName: 'Example Father',
    email: BULK_UPLOAD_EXAMPLE_EMAIL,
    phone: '03001234567',
    gender: 'Female',
    grade: grade ?? 'Grade 3',
    city: 'Lahore',
    schoolName: 'Example School',
    referralSource: 'School',
    batchId: 'EXAMPLE-2026',
  };
}

const RULES: [string, string][] = [
  [
    'Rows',
    'One student per row under the header row. Blank rows are skipped. At most 20,000 rows, 5 MB. Replace the example row (Example Student): uploaded as it is, it is refused.',
  ],
  [
    'Required',
    'fullName, email and grade. The other columns may be left empty; the student completes them later.',
  ],
  [
    'email',
    'One account per e-mail: a second row with the same e-mail is an error, an e-mail that already has an account is skipped.',
  ],
  ['phone', 'A Pakistani mobile number, e.g. 03001234567 (+92 300 1234567 is read too).'],
  ['gender', 'Male, Female or Other'],
  ['grade', 'The grade title as shown in the back office, e.g. Grade 3'],
  ['city', 'A city from the sign-up list, e.g. Lahore, Karachi, Islamabad'],
  ['referralSource', `${REFERRAL_SOURCES.join(', ')} (empty: School)`],
  ['batchId', 'Free text shown as Batch Id in the students list, e.g. the school and year'],
];

export async function buildTemplate(db: Executor, format: 'csv' | 'xlsx'): Promise<Buffer> {
  const row = await exampleRow(db);
  if (format === 'csv') {
    return exampleCsv(BULK_UPLOAD_COLUMNS, [BULK_UPLOAD_COLUMNS.map((c) => row[c])]);
  }
  const workbook = new ExcelJS.Workbook();
  const sheet = workbook.addWorksheet('Students');
  sheet.columns = BULK_UPLOAD_COLUMNS.map((c) => ({ header: c, key: c, width: c === 'email' ? 30 : 18 }));
  sheet.getRow(1).font = { bold: true };
  sheet.views = [{ state: 'frozen', ySplit: 1 }];
  // Text cells, so Excel keeps the leading 0 of phone numbers.
  sheet.getColumn('phone').numFmt = '@';
  sheet.addRow(row);
  const help = workbook.addWorksheet('How to fill in');
  help.columns = [
    { header: 'Column', key: 'topic', width: 20 },
    { header: 'Rule', key: 'rule', width: 110 },
  ];
  help.getRow(1).font = { bold: true };
  for (const [topic, rule] of RULES) {
    help.addRow({ topic, rule });
  }
  return Buffer.from(await workbook.xlsx.writeBuffer());
}
