import { type Db, hashPassword } from '@riyazi/db';
import { documentStore, isDocumentKey } from '#modules/documents';
import { getFlags } from '#modules/flags';
import { contestNotYet } from '#modules/phases';
import { markStudentStandingsStale, standingsOfStudents } from '#modules/rankings';
import type { Revocation } from '../../auth/revocations.js';
import { endEverySession, type SessionDeps } from '../../auth/sessions.service.js';
import { STUDENT_SORT_DEFAULT } from '../../contracts/list-sort.js';
import type { StudentListPage, StudentListRow } from '../../contracts/students.js';
import { STUDENT_MESSAGES } from '../../contracts/students.js';
import { audit } from '../../lib/audit.js';
import { conflict, notFound } from '../../lib/errors.js';
import { isPgError, PG } from '../../lib/pg-errors.js';
import type { FileStorage } from '../../lib/storage/index.js';
import type { StudentFilters } from './student-filters.js';
import * as repo from './students.repository.js';
import type { CreateStudentBody, ListStudentsQuery, UpdateStudentBody } from './students.schemas.js';

export interface StaffActor {
  id: string;
  ip: string;
}

const DUPLICATE_EMAIL = 'A student with this e-mail already exists';

/** The rows of a page with their play counts, first payment and standings: three set-based queries. */
async function toRows(db: Db, students: repo.StudentRow[]): Promise<StudentListRow[]> {
  const ids = students.map((s) => s.id);
  if (ids.length === 0) {
    return [];
  }
  const [counts, paid, standings] = await Promise.all([
    repo.playCounts(db, ids),
    repo.firstPaidGrants(db, ids),
    standingsOfStudents(db, ids),
  ]);
  const countOf = new Map(counts.map((c) => [c.studentId, c]));
  const paidAt = new Map(paid.map((p) => [p.studentId, p.paidAt]));
  return students.map((s) => {
    const played = countOf.get(s.id);
    const standing = standings.get(s.id);
    const firstPaid = paidAt.get(s.id);
    return {
      _id: s.id,
      studentId: Number(s.studentNo),
      fullName: s.fullName,
      shortDescription: s.shortDescription,
      email: s.email,
      city: s.city,
      grade: s.gradeId && s.gradeTitle ? { _id: s.gradeId, title: s.gradeTitle } : null,
      emailVerified: s.emailVerified,
      schoolName: s.schoolName,
      phone: s.phone,
      contestCount: Number(played?.contest ?? 0),
      practiceCount: Number(played?.practice ?? 0),
      createdAt: s.createdAt.toISOString(),
      contestAttempts: {
        count: s.contestAttempts,
        createdAt: firstPaid ? new Date(firstPaid).toISOString() : null,
      },
      codeEntered: s.codeEntered,
      rankAndScorePhase1: standing?.[1] ?? null,
      rankAndScorePhase2: standing?.[2] ?? null,
      rankAndScorePhase3: standing?.[3] ?? null,
      isActive: s.isActive,
    };
  });
}

/**
 * Promote is possible once the contest phase (flag contestQuizPhase) has been ranked and its
 * contest has closed (every play finished: ranks are final, as the winners service requires).
 */
async function winnerPhase(db: Db): Promise<Pick<StudentListPage, 'addWinner' | 'phaseId' | 'phaseName'>> {
  const phaseId = (await getFlags(db)).contestQuizPhase;
  const phase = phaseId ? await repo.findRankedPhase(db, phaseId) : undefined;
  if (!phaseId || !phase) {
    return { addWinner: false, phaseId: phaseId || null, phaseName: null };
  }
  const final = phase.ranked === true && (await contestNotYet(db, phaseId, 'CLOSED', 'promote')) === null;
  return { addWinner: final, phaseId, phaseName: phase.name };
}

/** Who on the page already won the list's phase, and who may (a finished contest play in it). */
async function promotionOf(db: Db, phaseId: string | null, students: repo.StudentRow[]) {
  const ids = students.map((s) => s.id);
  if (phaseId === null || ids.length === 0) {
    return { phaseWinnerIds: [], phasePlayedIds: [] };
  }
  const [winners, players] = await Promise.all([
    repo.phaseWinnersAmong(db, phaseId, ids),
    repo.phasePlayersAmong(db, phaseId, ids),
  ]);
  return {
    phaseWinnerIds: winners.map((w) => w.studentId),
    phasePlayedIds: players.map((p) => p.studentId),
  };
}

/** The page's students (one query), the total (one count) and the page's extras (set-based). */
export async function listStudents(
  db: Db,
  { page, limit, sort, dir, ...filters }: ListStudentsQuery,
): Promise<StudentListPage> {
  const [students, totalStudents, grades, winners] = await Promise.all([
    repo.listStudents(db, filters, { sort, dir }, limit, (page - 1) * limit),
    repo.countStudents(db, filters),
    repo.listGrades(db),
    winnerPhase(db),
  ]);
  return {
    data: await toRows(db, students),
    ...winners,
    ...(await promotionOf(db, winners.phaseId, students)),
    gradeList: grades.map((g) => ({ _id: g.id, title: g.title })),
    totalStudents,
    currentPage: page,
    totalPages: Math.ceil(totalStudents / limit),
    itemsPerPage: limit,
  };
}

const STUDENT_DEFAULT_ORDER = { sort: STUDENT_SORT_DEFAULT.by, dir: STUDENT_SORT_DEFAULT.dir };

/** The list's rows and total only (the load test times exactly what a page costs). */
export async function listStudentRows(db: Db, filters: StudentFilters, page: number, limit: number) {
  const [students, total] = await Promise.all([
    repo.listStudents(db, filters, STUDENT_DEFAULT_ORDER, limit, (page - 1) * limit),
    repo.countStudents(db, filters),
  ]);
  return { rows: await toRows(db, students), total };
}

async function studentRow(db: Db, id: string): Promise<StudentListRow> {
  const row = await repo.findStudentRow(db, id);
  if (!row) {
    throw notFound('Student not found');
  }
  const [dto] = await toRows(db, [row]);
  return dto as StudentListRow;
}

const duplicateEmail = (error: unknown) =>
  isPgError(error, PG.uniqueViolation) ? conflict(DUPLICATE_EMAIL) : error;

export async function createStudent(db: Db, actor: StaffActor, body: CreateStudentBody) {
  const passwordHash = await hashPassword(body.password);
  const id = await db.transaction().execute(async (trx) => {
    const { fullName, email, isActive } = body;
    const created = await repo
      .insertStudent(trx, { fullName, email, passwordHash, isActive })
      .catch((error) => {
        throw duplicateEmail(error);
      });
    await audit(trx, actor, 'student.create', 'student', created.id, { fullName, email, isActive });
    return created.id;
  });
  return { message: STUDENT_MESSAGES.added, data: await studentRow(db, id) };
}

/** The edit form and the status switch; deactivating or a new password ends the student's sessions. */
export async function updateStudent(
  { db, revocations }: SessionDeps,
  actor: StaffActor,
  id: string,
  body: UpdateStudentBody,
) {
  const passwordHash = body.password === undefined ? undefined : await hashPassword(body.password);
  const revocation = await db.transaction().execute(async (trx): Promise<Revocation | null> => {
    const before = await repo.lockStudent(trx, id);
    if (!before) {
      throw notFound('Student not found');
    }
    const { fullName, email, isActive } = body;
    await repo.updateStudent(trx, id, { fullName, email, isActive, passwordHash }).catch((error) => {
      throw duplicateEmail(error);
    });
    const endsSessions = passwordHash !== undefined || (isActive === false && before.isActive);
    const changed: Record<string, { from: unknown; to: unknown }> = {};
    for (const [key, to] of Object.entries({ fullName, email, isActive })) {
      const from = before[key as keyof typeof before];
      if (to !== undefined && to !== from) {
        changed[key] = { from, to };
      }
    }
    await audit(trx, actor, 'student.update', 'student', id, {
      ...changed,
      ...(passwordHash === undefined ? {} : { passwordChanged: true }),
    });
    return endsSessions ? endEverySession(trx, 'student', id) : null;
  });
  if (revocation) {
    await revocations.announce(revocation);
  }
  const onlyStatus = body.fullName === undefined && body.email === undefined && passwordHash === undefined;
  const message = onlyStatus ? STUDENT_MESSAGES.statusUpdated : STUDENT_MESSAGES.updated;
  return { message, data: await studentRow(db, id) };
}

/**
 * Deletes a student without history; one with plays, payments or wins is kept for the results and
 * the accounts, but deactivated and anonymised (documents removed, sessions ended).
 */
export async function deleteStudent(
  { db, revocations }: SessionDeps,
  actor: StaffActor,
  id: string,
  storage: FileStorage,
) {
  const { anonymised, storageKeys, revocation } = await db.transaction().execute(async (trx) => {
    const before = await repo.lockStudent(trx, id);
    if (!before) {
      throw notFound('Student not found');
    }
    const keep = await repo.hasHistory(trx, id);
    const keys = await repo.removeDocuments(trx, id);
    // Before a delete too: its sessions go with the row, but other nodes must hear of them.
    const ended = await endEverySession(trx, 'student', id);
    if (keep) {
      await repo.anonymiseStudent(trx, id);
      await markStudentStandingsStale(trx, id);
      await repo.deleteAccountTokens(trx, id);
    } else {
      await repo.deleteStudent(trx, id);
    }
    await audit(trx, actor, keep ? 'student.anonymise' : 'student.delete', 'student', id, {
      fullName: before.fullName,
      email: before.email,
      documentsRemoved: keys.length,
    });
    return { anonymised: keep, storageKeys: keys, revocation: ended };
  });
  await revocations.announce(revocation);
  await removeDocumentFiles(storage, storageKeys);
  return { message: anonymised ? STUDENT_MESSAGES.anonymised : STUDENT_MESSAGES.deleted, anonymised };
}

/** After the commit: a file left behind by a crash is harmless, a row pointing at no file is not. */
async function removeDocumentFiles(storage: FileStorage, keys: string[]): Promise<void> {
  const documents = documentStore(storage);
  await Promise.all(keys.filter(isDocumentKey).map((key) => documents.remove(key)));
}
