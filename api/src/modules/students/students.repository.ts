import { sql } from 'kysely';
import type { SortDir, StudentSort } from '../../contracts/list-sort.js';
import type { Executor, Trx } from '../../lib/db.js';
import { direction } from '../../lib/list-order.repository.js';
import type { StudentFilters } from './student-filters.js';
import { applyStudentFilters } from './students-filters.repository.js';

const ROW_COLUMNS = [
  'students.id',
  'students.studentNo',
  'students.fullName',
  'students.shortDescription',
  'students.email',
  'students.city',
  'students.gradeId',
  'grades.title as gradeTitle',
  'students.emailVerified',
  'students.schoolName',
  'students.phone',
  'students.createdAt',
  'students.contestAttempts',
  'students.codeEntered',
  'students.isActive',
] as const;

function filtered(db: Executor, filters: StudentFilters) {
  return applyStudentFilters(db.selectFrom('students'), filters);
}

const SORT_COLUMN = {
  createdAt: 'students.createdAt',
  studentId: 'students.studentNo',
  fullName: 'students.fullName',
  grade: 'grades.sortOrder',
  codeEntered: 'students.codeEntered',
  contestAttempts: 'students.contestAttempts',
} as const satisfies Record<StudentSort, string>;

export interface StudentOrder {
  sort: StudentSort;
  dir: SortDir;
}

/**
 * One page in the chosen order, the student number breaking ties so pages never repeat a row
 * (newest sign-ups first by default: students_created_idx serves it).
 */
export function listStudents(
  db: Executor,
  filters: StudentFilters,
  order: StudentOrder,
  limit: number,
  offset: number,
) {
  return filtered(db, filters)
    .leftJoin('grades', 'grades.id', 'students.gradeId')
    .select(ROW_COLUMNS)
    .orderBy(SORT_COLUMN[order.sort], direction(order.dir))
    .orderBy('students.studentNo', order.dir)
    .limit(limit)
    .offset(offset)
    .execute();
}

export type StudentRow = Awaited<ReturnType<typeof listStudents>>[number];

export async function countStudents(db: Executor, filters: StudentFilters): Promise<number> {
  const row = await filtered(db, filters)
    .select((eb) => eb.fn.countAll<number>().as('count'))
    .executeTakeFirstOrThrow();
  return Number(row.count);
}

export function findStudentRow(db: Executor, id: string) {
  return db
    .selectFrom('students')
    .leftJoin('grades', 'grades.id', 'students.gradeId')
    .select(ROW_COLUMNS)
    .where('students.id', '=', id)
    .executeTakeFirst();
}

/** Plays per student and kind, cancelled ones not counted (as the contestPlayed filter). */
export function playCounts(db: Executor, ids: readonly string[]) {
  return db
    .selectFrom('plays')
    .select((eb) => [
      'plays.studentId',
      eb.fn.countAll<number>().filterWhere('plays.kind', '=', 'CONTEST').as('contest'),
      eb.fn.countAll<number>().filterWhere('plays.kind', '=', 'PRACTICE').as('practice'),
    ])
    .where('plays.studentId', 'in', ids)
    .where('plays.status', '<>', 'CANCELLED')
    .groupBy('plays.studentId')
    .execute();
}

/** When each student first paid (a payment or an access code granted attempts). */
export function firstPaidGrants(db: Executor, ids: readonly string[]) {
  return db
    .selectFrom('attemptGrants')
    .select((eb) => ['attemptGrants.studentId', eb.fn.min('attemptGrants.createdAt').as('paidAt')])
    .where('attemptGrants.studentId', 'in', ids)
    .where('attemptGrants.source', 'in', ['PAYMENT', 'CODE'])
    .groupBy('attemptGrants.studentId')
    .execute();
}

export function listGrades(db: Executor) {
  return db.selectFrom('grades').select(['id', 'title']).orderBy('sortOrder').execute();
}

/** The phase's name and whether it has been ranked (winners can then be picked from its standings). */
export function findRankedPhase(db: Executor, phaseId: string) {
  return db
    .selectFrom('phases')
    .select((eb) => [
      'phases.name',
      eb
        .exists(eb.selectFrom('phaseStandings').select(sql.lit(1).as('one')).where('phaseId', '=', phaseId))
        .as('ranked'),
    ])
    .where('phases.id', '=', phaseId)
    .executeTakeFirst();
}

/** Which of these students already won the phase. */
export function phaseWinnersAmong(db: Executor, phaseId: string, ids: readonly string[]) {
  return db
    .selectFrom('phaseWinners')
    .select('studentId')
    .distinct()
    .where('phaseId', '=', phaseId)
    .where('studentId', 'in', ids)
    .execute();
}

/** Which of these students finished a contest play (not disqualified) of the phase in the grade they are in now. */
export function phasePlayersAmong(db: Executor, phaseId: string, ids: readonly string[]) {
  return db
    .selectFrom('plays')
    .innerJoin('students', 'students.id', 'plays.studentId')
    .select('plays.studentId')
    .distinct()
    .where('plays.phaseId', '=', phaseId)
    .where('plays.kind', '=', 'CONTEST')
    .where('plays.status', '=', 'FINISHED')
    .where('plays.disqualifiedAt', 'is', null)
    .whereRef('plays.gradeId', '=', 'students.gradeId')
    .where('plays.studentId', 'in', ids)
    .execute();
}

export function insertStudent(
  trx: Trx,
  values: { fullName: string; email: string; passwordHash: string; isActive: boolean },
) {
  return trx
    .insertInto('students')
    .values({ ...values, emailVerified: true, autoEmailVerified: true })
    .returning('id')
    .executeTakeFirstOrThrow();
}

export function lockStudent(trx: Trx, id: string) {
  return trx
    .selectFrom('students')
    .select(['id', 'fullName', 'email', 'isActive'])
    .where('id', '=', id)
    .forUpdate()
    .executeTakeFirst();
}

export function lockStudentAttempts(trx: Trx, id: string) {
  return trx
    .selectFrom('students')
    .select('contestAttempts')
    .where('id', '=', id)
    .forUpdate()
    .executeTakeFirst();
}

export function updateStudent(
  trx: Trx,
  id: string,
  changes: { fullName?: string; email?: string; isActive?: boolean; passwordHash?: string },
) {
  return trx
    .updateTable('students')
    .set({
      ...changes,
      ...(changes.passwordHash === undefined ? {} : { passwordChangedAt: new Date() }),
      updatedAt: new Date(),
    })
    .where('id', '=', id)
    .execute();
}

/** Whether anything that must be kept (plays, payments or redeemed codes, winners) points at the student. */
export async function hasHistory(trx: Executor, id: string): Promise<boolean> {
  const row = await trx
    .selectNoFrom((eb) => [
      eb
        .or([
          eb.exists(eb.selectFrom('plays').select(sql.lit(1).as('one')).where('plays.studentId', '=', id)),
          eb.exists(
            eb.selectFrom('payments').select(sql.lit(1).as('one')).where('payments.studentId', '=', id),
          ),
          eb.exists(
            eb
              .selectFrom('attemptGrants')
              .select(sql.lit(1).as('one'))
              .where('attemptGrants.studentId', '=', id)
              .where('attemptGrants.source', 'in', ['PAYMENT', 'CODE']),
          ),
          eb.exists(
            eb
              .selectFrom('phaseWinners')
              .select(sql.lit(1).as('one'))
              .where('phaseWinners.studentId', '=', id),
          ),
        ])
        .as('kept'),
    ])
    .executeTakeFirstOrThrow();
  return row.kept === true;
}

export function deleteStudent(trx: Trx, id: string) {
  return trx.deleteFrom('students').where('id', '=', id).executeTakeFirst();
}

/** The stored file keys of the student's documents, with the rows removed. */
export async function removeDocuments(trx: Trx, id: string): Promise<string[]> {
  const rows = await trx
    .deleteFrom('studentDocuments')
    .where('studentId', '=', id)
    .returning('storageKey')
    .execute();
  return rows.map((r) => r.storageKey);
}

export function anonymiseStudent(trx: Trx, id: string) {
  return trx
    .updateTable('students')
    .set({
      fullName: 'Deleted student',
      email: `deleted-${id}@invalid`,
      pendingEmail: null,
      phone: null,
      fatherName: null,
      schoolName: null,
      isActive: false,
      updatedAt: new Date(),
    })
    .where('id', '=', id)
    .execute();
}

export function deleteAccountTokens(trx: Trx, id: string) {
  return trx.deleteFrom('accountTokens').where('studentId', '=', id).execute();
}
