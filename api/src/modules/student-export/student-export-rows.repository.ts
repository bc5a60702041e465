import type { Db } from '@riyazi/db';
import { sql } from 'kysely';
import type { StudentFilters } from '#modules/students';
import { applyStudentFilters } from '#modules/students';
import { STUDENT_IDENTITY, studentsWithGrade } from '../../lib/students.repository.js';

export async function countExportRows(db: Db, filters: StudentFilters): Promise<number> {
  const row = await applyStudentFilters(
    db.selectFrom('students').select((eb) => eb.fn.countAll<number>().as('n')),
    filters,
  ).executeTakeFirstOrThrow();
  return Number(row.n);
}

/**
 * The next `limit` filtered students after student number `after` (keyset paging: constant cost
 * per page however deep), with their play counts and first paid grant.
 */
export function findExportPage(db: Db, filters: StudentFilters, after: number, limit: number) {
  const playCount = (kind: 'CONTEST' | 'PRACTICE') =>
    sql<number>`(SELECT count(*) FROM plays p
      WHERE p.student_id = students.id AND p.kind = ${kind} AND p.status <> 'CANCELLED')`;
  return applyStudentFilters(
    studentsWithGrade(db)
      .select([
        ...STUDENT_IDENTITY,
        'students.phone',
        'students.gender',
        'grades.title as grade',
        'students.city',
        'students.schoolName',
        'students.shortDescription',
        'students.referralSource',
        'students.codeEntered',
        'students.isPaymentMade',
        'students.contestAttempts',
        'students.emailVerified',
        'students.isActive',
        'students.createdAt',
      ])
      .select([
        playCount('CONTEST').as('contestPlays'),
        playCount('PRACTICE').as('practicePlays'),
        sql<Date | null>`(SELECT min(g.created_at) FROM attempt_grants g
          WHERE g.student_id = students.id AND g.source IN ('PAYMENT', 'CODE'))`.as('firstPaidAt'),
      ])
      .where('students.studentNo', '>', after)
      .orderBy('students.studentNo')
      .limit(limit),
    filters,
  ).execute();
}

export type ExportStudentRow = Awaited<ReturnType<typeof findExportPage>>[number];
