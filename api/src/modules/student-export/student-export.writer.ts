import { createWriteStream } from 'node:fs';
import { mkdir, rename, rm } from 'node:fs/promises';
import path from 'node:path';
import { pipeline } from 'node:stream/promises';
import type { Db } from '@riyazi/db';
import { standingsOfStudents } from '../rankings/rankings.service.js';
import type { StudentFilters } from '../students/student-filters.js';
import { studentCsvHead, studentCsvLine } from './student-export.csv.js';
import { partFileOf } from './student-export.files.js';
import { countExportRows, findExportPage } from './student-export-rows.repository.js';

const PAGE_SIZE = 1000;
const NO_STANDINGS = { 1: null, 2: null, 3: null } as const;

export interface ExportProgress {
  total: number;
  processed: number;
}

export interface ExportHooks {
  onTotal?(total: number): Promise<void>;
  /** Called after each page; the caller decides how often to publish. */
  onPage?(progress: ExportProgress): Promise<void>;
}

/**
 * Writes the filtered students to `file` a page at a time (constant memory whatever the count):
 * into a temporary file first, renamed at the end, so `file` is either complete or absent.
 */
export async function writeStudentCsv(
  db: Db,
  filters: StudentFilters,
  file: string,
  hooks: ExportHooks = {},
): Promise<{ rows: number; bytes: number }> {
  await mkdir(path.dirname(file), { recursive: true });
  const total = await countExportRows(db, filters);
  await hooks.onTotal?.(total);
  const part = partFileOf(file);
  const out = createWriteStream(part, { encoding: 'utf8', mode: 0o600 });
  let rows = 0;
  async function* chunks() {
    yield studentCsvHead();
    let after = 0;
    for (;;) {
      const page = await findExportPage(db, filters, after, PAGE_SIZE);
      if (page.length === 0) {
        return;
      }
      const standings = await standingsOfStudents(
        db,
        page.map((r) => r.id),
      );
      yield page.map((row) => studentCsvLine(row, standings.get(row.id) ?? NO_STANDINGS)).join('');
      rows += page.length;
      after = Number(page[page.length - 1]?.studentNo ?? after);
      await hooks.onPage?.({ total: Math.max(total, rows), processed: rows });
      if (page.length < PAGE_SIZE) {
        return;
      }
    }
  }
  try {
    // pipeline() waits for the disk (backpressure) and closes the file on any error.
    await pipeline(chunks(), out);
    await rename(part, file);
  } catch (err) {
    await rm(part, { force: true });
    throw err;
  }
  return { rows, bytes: out.bytesWritten };
}
