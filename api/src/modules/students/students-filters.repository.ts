import type { Database } from '@riyazi/db';
import { type Expression, expressionBuilder, type SelectQueryBuilder, type SqlBool, sql } from 'kysely';
import { escapeLike } from '../../lib/db.js';
import { pakistanDayStart } from '../../lib/time.js';
import type { StudentFilters } from './student-filters.js';

const contains = (value: string) => `%${escapeLike(value)}%`;

/**
 * The filters as one condition on the `students` table, referenced by its own name (select from
 * `students` without an alias; joins may add other tables). True when no filter is set.
 */
export function studentFilterCondition(filters: StudentFilters): Expression<SqlBool> {
  const eb = expressionBuilder<Database, 'students'>();
  const conditions: Expression<SqlBool>[] = [];
  const f = filters;

  if (f.studentId !== undefined) {
    conditions.push(eb('students.studentNo', '=', f.studentId));
  }
  for (const [column, value] of [
    ['students.fullName', f.fullName],
    ['students.fatherName', f.fatherName],
    ['students.email', f.email],
    ['students.schoolName', f.schoolName],
    ['students.shortDescription', f.shortDescription],
  ] as const) {
    if (value !== undefined) {
      conditions.push(eb(column, 'ilike', contains(value)));
    }
  }
  if (f.phone) {
    conditions.push(eb('students.phone', 'like', contains(f.phone)));
  }
  if (f.city !== undefined) {
    conditions.push(eb(eb.fn('lower', ['students.city']), '=', f.city.toLowerCase()));
  }
  if (f.referralSource !== undefined) {
    conditions.push(eb(eb.fn('lower', ['students.referralSource']), '=', f.referralSource.toLowerCase()));
  }
  if (f.gender !== undefined) {
    conditions.push(eb('students.gender', '=', f.gender));
  }
  if (f.grade !== undefined) {
    conditions.push(eb('students.gradeId', '=', f.grade));
  }
  for (const [column, value] of [
    ['students.isActive', f.isActive],
    ['students.emailVerified', f.emailVerified],
    ['students.codeEntered', f.codeEntered],
    ['students.autoEmailVerified', f.autoEmailVerified],
    ['students.registeredThroughBulk', f.registeredThroughBulk],
  ] as const) {
    if (value !== undefined) {
      conditions.push(eb(column, '=', value));
    }
  }
  if (f.documentUploaded !== undefined) {
    const hasDocument = eb.exists(
      eb
        .selectFrom('studentDocuments')
        .select(sql.lit(1).as('one'))
        .whereRef('studentDocuments.studentId', '=', 'students.id'),
    );
    conditions.push(f.documentUploaded ? hasDocument : eb.not(hasDocument));
  }
  if (f.signedUpFrom !== undefined) {
    conditions.push(eb('students.createdAt', '>=', pakistanDayStart(f.signedUpFrom)));
  }
  if (f.signedUpTo !== undefined) {
    conditions.push(eb('students.createdAt', '<', pakistanDayStart(f.signedUpTo, 1)));
  }
  if (f.contestAttemptsRemaining !== undefined) {
    conditions.push(eb('students.contestAttempts', '=', f.contestAttemptsRemaining));
  }
  for (const [kind, value] of [
    ['CONTEST', f.contestPlayed],
    ['PRACTICE', f.practicePlayed],
  ] as const) {
    if (value === undefined) {
      continue;
    }
    const plays = eb
      .selectFrom('plays')
      .whereRef('plays.studentId', '=', 'students.id')
      .where('plays.kind', '=', kind)
      .where('plays.status', '<>', 'CANCELLED');
    if (typeof value === 'boolean') {
      const any = eb.exists(plays.select(sql.lit(1).as('one')));
      conditions.push(value ? any : eb.not(any));
    } else {
      conditions.push(
        eb(
          plays.select((p) => p.fn.countAll<number>().as('n')),
          '=',
          value,
        ),
      );
    }
  }
  for (const [phaseNumber, op, value] of [
    [1, '<=', f.phase1Toppers],
    [2, '<=', f.phase2Toppers],
    [1, '=', f.phase1Rank],
    [2, '=', f.phase2Rank],
  ] as const) {
    if (value === undefined) {
      continue;
    }
    conditions.push(
      eb.exists(
        eb
          .selectFrom('phaseStandings')
          .innerJoin('phases', 'phases.id', 'phaseStandings.phaseId')
          .select(sql.lit(1).as('one'))
          .whereRef('phaseStandings.studentId', '=', 'students.id')
          .where('phases.number', '=', phaseNumber)
          .where('phaseStandings.rank', op, value),
      ),
    );
  }
  return eb.and(conditions);
}

/**
 * Narrows a select on `students` (referenced by its table name, no alias) to the filtered rows.
 * The export streams with the same condition: `applyStudentFilters(db.selectFrom('students')…, f)`.
 */
export function applyStudentFilters<DB, TB extends keyof DB, O>(
  qb: SelectQueryBuilder<DB, TB, O>,
  filters: StudentFilters,
): SelectQueryBuilder<DB, TB, O> {
  return qb.where(studentFilterCondition(filters));
}
