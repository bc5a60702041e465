import type { Db } from '@riyazi/db';
import type { z } from 'zod';
import { toDocumentDto } from '#modules/documents';
import { playQuizRepository as plays } from '#modules/play-quiz';
import { loadServedQuestion } from '#modules/questions';
import { listDocumentsOf } from '#modules/student-verification';
import type { PaymentStatus } from '../../contracts/payment-reports.js';
import { notFound } from '../../lib/errors.js';
import * as repo from './student-details.repository.js';
import type {
  attemptDetailResponse,
  playRowSchema,
  questionOutcome,
  quizListResponse,
  studentDetailSchema,
} from './student-details.schemas.js';

type StudentDetail = z.infer<typeof studentDetailSchema>;
type PlayRow = z.infer<typeof playRowSchema>;
type AttemptDetail = z.infer<typeof attemptDetailResponse>['data'];
type Outcome = z.infer<typeof questionOutcome>;

const HISTORY_LIMIT = 200;
const iso = (value: Date | null) => value?.toISOString() ?? null;
const pkr = (paisa: number) => paisa / 100;

function profileOf(row: repo.StudentProfileRow): StudentDetail['profile'] {
  return {
    _id: row.id,
    studentId: Number(row.studentNo),
    fullName: row.fullName,
    fatherName: row.fatherName,
    email: row.email,
    pendingEmail: row.pendingEmail,
    phone: row.phone,
    gender: row.gender,
    city: row.city,
    schoolName: row.schoolName,
    grade: row.gradeId && row.gradeTitle ? { _id: row.gradeId, title: row.gradeTitle } : null,
    referralSource: row.referralSource,
    shortDescription: row.shortDescription,
    isActive: row.isActive,
    emailVerified: row.emailVerified,
    autoEmailVerified: row.autoEmailVerified,
    registeredThroughBulk: row.registeredThroughBulk,
    isPaymentMade: row.isPaymentMade,
    codeEntered: row.codeEntered,
    termsAcceptedAt: iso(row.termsAcceptedAt),
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}

function playSummary(counts: Awaited<ReturnType<typeof repo.playCountsOf>>): StudentDetail['plays'] {
  const of = (kind: 'CONTEST' | 'PRACTICE') => {
    const n = (status: string) =>
      counts.filter((c) => c.kind === kind && c.status === status).reduce((sum, c) => sum + Number(c.n), 0);
    const finished = n('FINISHED');
    const inProgress = n('IN_PROGRESS');
    const cancelled = n('CANCELLED');
    return { total: finished + inProgress + cancelled, finished, inProgress, cancelled };
  };
  return { contest: of('CONTEST'), practice: of('PRACTICE') };
}

/** GET /student/detail/byAdmin: one student as the back office sees them (never a password hash). */
export async function studentDetail(db: Db, id: string, canOpenDocuments: boolean): Promise<StudentDetail> {
  const row = await repo.findStudentProfile(db, id);
  if (!row) {
    throw notFound('Student not found');
  }
  const [documents, grants, payments, counts, standings] = await Promise.all([
    listDocumentsOf(db, id),
    repo.attemptGrantsOf(db, id, HISTORY_LIMIT),
    repo.paymentsOf(db, id, HISTORY_LIMIT),
    repo.playCountsOf(db, id),
    repo.standingsOf(db, id),
  ]);
  return {
    profile: profileOf(row),
    verification: {
      status: row.verificationStatus,
      reason: row.verificationReason,
      verifiedAt: iso(row.verifiedAt),
      verifiedBy: row.verifiedByName,
      canOpenDocuments,
      documents: documents.map(toDocumentDto),
    },
    attempts: {
      contestAttempts: row.contestAttempts,
      grants: grants.map((g) => ({
        _id: g.id,
        source: g.source as 'PAYMENT' | 'CODE' | 'ADMIN',
        attempts: g.attempts,
        reason: g.reason,
        createdAt: g.createdAt.toISOString(),
        staffName: g.staffName,
        orderRef: g.orderRef,
        codeBatch: g.batchLabel,
      })),
    },
    payments: payments.map((p) => ({
      _id: p.id,
      orderRef: p.orderRef,
      packageName: p.packageName,
      attempts: p.attempts,
      listPricePkr: pkr(p.listPricePaisa),
      discountPkr: pkr(p.discountPaisa),
      amountPkr: pkr(p.amountPaisa),
      promoCode: p.promoCode,
      status: p.status as PaymentStatus,
      gateway: p.gateway,
      createdAt: p.createdAt.toISOString(),
      paidAt: iso(p.paidAt),
    })),
    plays: playSummary(counts),
    ranks: standings.map((s) => ({
      phaseId: s.phaseId,
      phaseName: s.phaseName,
      phaseNumber: s.phaseNumber,
      grade: s.gradeTitle,
      rank: s.rank,
      score: Number(s.score),
      totalTimeMs: s.totalTimeMs,
      playId: s.playId,
    })),
  };
}

/** GET /student/quizList: the student's plays of one kind, newest first. */
export async function studentPlays(
  db: Db,
  query: { id: string; type: 'CONTEST' | 'PRACTICE'; page: number; limit: number },
): Promise<z.infer<typeof quizListResponse>> {
  if (!(await repo.studentExists(db, query.id))) {
    throw notFound('Student not found');
  }
  const { rows, total } = await repo.playsOf(db, query.id, query.type, query.page, query.limit);
  return {
    data: rows.map(
      (r): PlayRow => ({
        _id: r.id,
        kind: r.kind,
        quizTitle: r.quizTitle,
        phase: { _id: r.phaseId, name: r.phaseName },
        status: r.status,
        score: Number(r.score),
        correctCount: r.correctCount,
        questionCount: r.questionCount,
        totalTimeMs: r.totalTimeMs,
        startedAt: r.startedAt.toISOString(),
        finishedAt: iso(r.finishedAt),
      }),
    ),
    total,
    currentPage: query.page,
    totalPages: Math.max(1, Math.ceil(total / query.limit)),
    itemsPerPage: query.limit,
  };
}

function outcomeOf(q: plays.PlayQuestionRow, playOpen: boolean): Outcome {
  if (q.outcome === null) {
    return playOpen ? 'NOT_YET' : 'NO_ANSWER';
  }
  if (q.outcome === 'NO_ANSWER') {
    return 'NO_ANSWER';
  }
  return q.isCorrect === null ? 'PENDING' : q.isCorrect ? 'CORRECT' : 'WRONG';
}

/**
 * GET /student/quizAttemptDetail: every question of a play in its fixed order, served with the
 * student's option order (so letters match what they saw), answers and hints always revealed.
 */
export async function attemptDetail(db: Db, playId: string): Promise<AttemptDetail> {
  const [play, owner] = await Promise.all([plays.findPlay(db, playId), repo.playOwner(db, playId)]);
  if (!play || !owner) {
    throw notFound('Play not found');
  }
  const rows = await plays.playQuestionsOf(db, playId);
  const playOpen = play.status === 'IN_PROGRESS';
  const questions = await Promise.all(
    rows.map(async (q) => {
      const question = await loadServedQuestion(db, q.questionId, {
        optionOrder: q.optionOrder,
        revealAnswers: true,
      });
      return question === null
        ? null
        : {
            index: q.position,
            question,
            selectedOptionIds: q.selectedOptionIds ?? [],
            answerText: q.answerText,
            outcome: outcomeOf(q, playOpen),
            timeTakenMs: q.timeTakenMs,
            score: q.score === null ? null : Number(q.score),
            servedAt: iso(q.servedAt),
            answeredAt: iso(q.answeredAt),
          };
    }),
  );
  return {
    play: {
      _id: play.id,
      kind: play.kind,
      quizTitle: play.quizTitle,
      phase: { _id: play.phaseId, name: owner.phaseName },
      status: play.status,
      score: Number(play.score),
      correctCount: play.correctCount,
      questionCount: play.questionCount,
      totalTimeMs: play.totalTimeMs,
      startedAt: play.startedAt.toISOString(),
      finishedAt: iso(play.finishedAt),
      student: { _id: owner.id, studentId: Number(owner.studentNo), fullName: owner.fullName },
    },
    questions: questions.flatMap((q) => (q === null ? [] : [q])),
  };
}
