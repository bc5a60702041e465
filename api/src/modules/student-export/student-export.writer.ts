import { Readable } from 'node:stream';
import type { Db } from '@riyazi/db';
import { standingsOfStudents } from '#modules/rankings';
import type { StudentFilters } from '#modules/students';
import type { FileStorage } from '../../lib/storage/index.js';
import { studentCsvHead, studentCsvLine } from './student-export.csv.js';
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
 * Streams the filtered students to `key` a page at a time (constant memory whatever the count);
 * the storage's put is all or nothing, so the export is either complete or absent.
 */
export async function writeStudentCsv(
  db: Db,
  filters: StudentFilters,
  target: { storage: FileStorage; key: string },
  hooks: ExportHooks = {},
): Promise<{ rows: number; bytes: number }> {
  const total = await countExportRows(db, filters);
  await hooks.onTotal?.(total);
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
  // The next page is read only when the storage has taken the last one (backpressure).
  const { size } = await target.storage.put(target.key, Readable.from(chunks()), {
    contentType: 'text/csv; charset=utf-8',
  });
  return { rows, bytes: size };
}
