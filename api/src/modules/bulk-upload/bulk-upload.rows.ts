import { PAKISTAN_CITIES } from '../../contracts/accounts/cities.js';
import {
  emailField,
  type Gender,
  normalizePakistaniMobile,
  REFERRAL_SOURCES,
} from '../../contracts/accounts/schemas.js';
import {
  BULK_UPLOAD_EXAMPLE_EMAIL,
  type BulkRowStatus,
  type BulkUploadColumn,
} from '../../contracts/bulk-upload.js';
import { nameProblem, tidyName } from '../../contracts/person-name.js';
import type { SheetRow } from './bulk-upload.parse.js';

/** One file row as it will be saved: values normalised, problems named by column. */
export interface StoredRow {
  row: number;
  student: {
    fullName: string;
    fatherName: string | null;
    email: string;
    phone: string | null;
    gender: Gender | null;
    gradeId: string | null;
    city: string | null;
    schoolName: string | null;
    referralSource: string | null;
    shortDescription: string | null;
  };
  errors: Record<string, string>;
  status: BulkRowStatus;
}

/** A checked row with its cells as read, for the preview; only the StoredRow part is kept. */
export interface CheckedRow extends StoredRow {
  fields: Record<BulkUploadColumn, string>;
}

const key = (value: string) => value.trim().replace(/\s+/g, ' ').toLowerCase();
const CITY_BY_KEY = new Map(PAKISTAN_CITIES.map((c) => [key(c), c]));
const REFERRAL_BY_KEY = new Map<string, string>(REFERRAL_SOURCES.map((r) => [key(r), r]));
const GENDER_BY_KEY: Record<string, Gender> = {
  male: 'MALE',
  m: 'MALE',
  boy: 'MALE',
  female: 'FEMALE',
  f: 'FEMALE',
  girl: 'FEMALE',
  other: 'OTHER',
  'rather not to say': 'OTHER',
  'rather not say': 'OTHER',
};

function limited(
  value: string,
  max: number,
  column: BulkUploadColumn,
  errors: Record<string, string>,
): string | null {
  if (value === '') {
    return null;
  }
  if (value.length > max) {
    errors[column] = `must be at most ${max} characters`;
  }
  return value;
}

/** A name cell under sign-up's rule (contracts/person-name.ts); an empty optional one is null. */
function nameCell(
  value: string,
  max: number,
  column: BulkUploadColumn,
  errors: Record<string, string>,
  required = false,
): string | null {
  if (value.trim() === '' && !required) {
    return null;
  }
  const problem = nameProblem(value);
  const name = tidyName(value);
  if (problem) {
    errors[column] = problem;
  } else if (name.length > max) {
    errors[column] = `must be at most ${max} characters`;
  }
  return name;
}

/** Checks one row against the sign-up rules; grades are matched by title (case-insensitive). */
export function checkRow(sheetRow: SheetRow, gradeIdByTitle: Map<string, string>): CheckedRow {
  const { cells } = sheetRow;
  const errors: Record<string, string> = {};

  const fullName = nameCell(cells.fullName, 120, 'fullName', errors, true) ?? '';

  const email = emailField.safeParse(cells.email);
  if (!email.success) {
    errors.email = email.error.issues[0]?.message ?? 'must be a valid e-mail address';
  } else if (email.data === BULK_UPLOAD_EXAMPLE_EMAIL) {
    errors.email = "is the template's example row: replace it with your own students";
  }

  let phone: string | null = null;
  if (cells.phone !== '') {
    phone = normalizePakistaniMobile(cells.phone);
    if (!phone) {
      errors.phone = 'must be a Pakistani mobile number like 03001234567';
    }
  }

  let gender: Gender | null = null;
  if (cells.gender !== '') {
    gender = GENDER_BY_KEY[key(cells.gender)] ?? null;
    if (!gender) {
      errors.gender = 'must be Male, Female or Other';
    }
  }

  let gradeId: string | null = null;
  if (cells.grade === '') {
    errors.grade = 'is required';
  } else {
    gradeId = gradeIdByTitle.get(key(cells.grade)) ?? null;
    if (!gradeId) {
      errors.grade = `no grade named "${cells.grade}"`;
    }
  }

  let city: string | null = null;
  if (cells.city !== '') {
    city = CITY_BY_KEY.get(key(cells.city)) ?? null;
    if (!city) {
      errors.city = 'must be a city from the list';
    }
  }

  let referralSource: string | null = 'School';
  if (cells.referralSource !== '') {
    referralSource = REFERRAL_BY_KEY.get(key(cells.referralSource)) ?? null;
    if (!referralSource) {
      errors.referralSource = `must be one of: ${REFERRAL_SOURCES.join(', ')}`;
    }
  }

  return {
    row: sheetRow.row,
    fields: cells,
    student: {
      fullName,
      fatherName: nameCell(cells.fatherName, 120, 'fatherName', errors),
      email: email.success ? email.data : cells.email,
      phone,
      gender,
      gradeId,
      city,
      schoolName: nameCell(cells.schoolName, 160, 'schoolName', errors),
      referralSource,
      shortDescription: limited(cells.batchId, 120, 'batchId', errors),
    },
    errors,
    status: Object.keys(errors).length > 0 ? 'invalid' : 'valid',
  };
}

/** A second row with the same e-mail is an error; the first one stays. */
export function markDuplicates(rows: StoredRow[]): void {
  const firstRow = new Map<string, number>();
  for (const row of rows) {
    if (row.errors.email) {
      continue;
    }
    const first = firstRow.get(row.student.email);
    if (first === undefined) {
      firstRow.set(row.student.email, row.row);
    } else {
      row.errors.email = `same e-mail as row ${first}`;
      row.status = 'invalid';
    }
  }
}

/** Rows whose e-mail already has an account are skipped by the run, not errors. */
export function markRegistered(rows: StoredRow[], registered: Set<string>): void {
  for (const row of rows) {
    if (row.status === 'valid' && registered.has(row.student.email)) {
      row.status = 'alreadyRegistered';
    }
  }
}

export { key as nameKey };
