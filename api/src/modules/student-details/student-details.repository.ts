import { hashOpaqueToken } from '../../auth/tokens.js';
import type { Executor } from '../../lib/db.js';
import { STUDENT_IDENTITY, studentsWithGradeAndVerifier } from '../../lib/students.repository.js';

/** Everything the admin view shows about the student themself (never the password hash). */
export const findStudentProfile = (db: Executor, id: string) =>
  studentsWithGradeAndVerifier(db)
    .select([
      ...STUDENT_IDENTITY,
      'students.pendingEmail',
      'students.phone',
      'students.gender',
      'students.city',
      'students.schoolName',
      'students.gradeId',
      'grades.title as gradeTitle',
      'students.referralSource',
      'students.shortDescription',
      'students.isActive',
      'students.emailVerified',
      'students.autoEmailVerified',
      'students.registeredThroughBulk',
      'students.isPaymentMade',
      'students.codeEntered',
      'students.contestAttempts',
      'students.verificationStatus',
      'students.verificationReason',
      'students.verifiedAt',
      'staffUsers.username as verifiedByName',
      'students.termsAcceptedAt',
      'students.createdAt',
      'students.updatedAt',
    ])
    .where('students.id', '=', id)
    .executeTakeFirst();
export type StudentProfileRow = NonNullable<Awaited<ReturnType<typeof findStudentProfile>>>;

export const studentExists = async (db: Executor, id: string) =>
  (await db.selectFrom('students').select('id').where('id', '=', id).executeTakeFirst()) !== undefined;

/** Where each attempt came from, newest first: staff name, payment order or code batch. */
export const attemptGrantsOf = (db: Executor, studentId: string, limit: number) =>
  db
    .selectFrom('attemptGrants as g')
    .leftJoin('staffUsers as s', 's.id', 'g.staffId')
    .leftJoin('payments as p', 'p.id', 'g.paymentId')
    .leftJoin('accessCodes as c', 'c.id', 'g.accessCodeId')
    .leftJoin('accessCodeBatches as b', 'b.id', 'c.batchId')
    .select([
      'g.id',
      'g.source',
      'g.attempts',
      'g.reason',
      'g.createdAt',
      's.username as staffName',
      'p.orderRef',
      'b.label as batchLabel',
    ])
    .where('g.studentId', '=', studentId)
    .orderBy('g.createdAt', 'desc')
    .orderBy('g.id')
    .limit(limit)
    .execute();

export const paymentsOf = (db: Executor, studentId: string, limit: number) =>
  db
    .selectFrom('payments as p')
    .innerJoin('paymentPackages as k', 'k.id', 'p.packageId')
    .leftJoin('promoCodes as c', 'c.id', 'p.promoCodeId')
    .select([
      'p.id',
      'p.orderRef',
      'k.name as packageName',
      'p.attempts',
      'p.listPricePaisa',
      'p.discountPaisa',
      'p.amountPaisa',
      'c.code as promoCode',
      'p.status',
      'p.gateway',
      'p.createdAt',
      'p.paidAt',
    ])
    .where('p.studentId', '=', studentId)
    .orderBy('p.createdAt', 'desc')
    .limit(limit)
    .execute();

export const playCountsOf = (db: Executor, studentId: string) =>
  db
    .selectFrom('plays')
    .select(['kind', 'status', (eb) => eb.fn.countAll<number>().as('n')])
    .where('studentId', '=', studentId)
    .groupBy(['kind', 'status'])
    .execute();

export const standingsOf = (db: Executor, studentId: string) =>
  db
    .selectFrom('phaseStandings as s')
    .innerJoin('phases as p', 'p.id', 's.phaseId')
    .innerJoin('grades as g', 'g.id', 's.gradeId')
    .select([
      's.phaseId',
      'p.name as phaseName',
      'p.number as phaseNumber',
      'g.title as gradeTitle',
      's.rank',
      's.score',
      's.totalTimeMs',
      's.playId',
    ])
    .where('s.studentId', '=', studentId)
    .orderBy('p.number')
    .execute();

export async function playsOf(
  db: Executor,
  studentId: string,
  kind: 'CONTEST' | 'PRACTICE',
  page: number,
  limit: number,
) {
  const base = db.selectFrom('plays').where('plays.studentId', '=', studentId).where('plays.kind', '=', kind);
  const [rows, total] = await Promise.all([
    base
      .innerJoin('quizzes', 'quizzes.id', 'plays.quizId')
      .innerJoin('phases', 'phases.id', 'plays.phaseId')
      .select([
        'plays.id',
        'plays.kind',
        'quizzes.title as quizTitle',
        'plays.phaseId',
        'phases.name as phaseName',
        'plays.status',
        'plays.score',
        'plays.correctCount',
        'plays.questionCount',
        'plays.totalTimeMs',
        'plays.startedAt',
        'plays.finishedAt',
      ])
      .orderBy('plays.startedAt', 'desc')
      .orderBy('plays.id')
      .limit(limit)
      .offset((page - 1) * limit)
      .execute(),
    base.select((eb) => eb.fn.countAll<number>().as('count')).executeTakeFirstOrThrow(),
  ]);
  return { rows, total: Number(total.count) };
}

export const playOwner = (db: Executor, playId: string) =>
  db
    .selectFrom('plays')
    .innerJoin('students', 'students.id', 'plays.studentId')
    .innerJoin('phases', 'phases.id', 'plays.phaseId')
    .select(['students.id', 'students.studentNo', 'students.fullName', 'phases.name as phaseName'])
    .where('plays.id', '=', playId)
    .executeTakeFirst();

export const findStudentForResetLink = (db: Executor, id: string) =>
  db
    .selectFrom('students')
    .select(['id', 'email', 'fullName', 'isActive', 'language'])
    .where('id', '=', id)
    .executeTakeFirst();

/** The admin-issued link lives 24 h (a parent may read it tomorrow), not the self-service 30 min. */
export const extendTokenExpiry = (db: Executor, token: string, hours: number) =>
  db
    .updateTable('accountTokens')
    .set({ expiresAt: new Date(Date.now() + hours * 3_600_000) })
    .where('tokenHash', '=', hashOpaqueToken(token))
    .returning('expiresAt')
    .executeTakeFirstOrThrow();
