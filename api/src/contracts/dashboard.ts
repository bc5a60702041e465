import type { ContestStateDto } from './contest-lifecycle.js';

/**
 * GET /api/admin/dashboard: the back office's first page. Each tile is present only when the
 * caller may see it (the server leaves the others out); "today" is the Pakistan day.
 */
export interface DashboardPhase {
  _id: string;
  name: string;
  number: number;
  startsAt: string;
  endsAt: string;
  status: 'UPCOMING' | 'ACTIVE' | 'CLOSED';
  /** Its contest lifecycle: the one state every part reads (contest-lifecycle.ts). */
  contest: ContestStateDto;
}

export interface DashboardGradePlays {
  gradeId: string;
  grade: string;
  running: number;
  finished: number;
}

export interface Dashboard {
  /** ISO time the figures were read. */
  generatedAt: string;
  /** The Pakistan day the "today" figures count (YYYY-MM-DD). */
  today: string;
  /** Whether children are playing the contest now (OPEN or CLOSING): the client then refreshes every few seconds. */
  contestRunning: boolean;
  /** student read */
  students?: { total: number; newToday: number; verified: number };
  /** studentVerification read */
  verification?: { pending: number };
  /** paymentTransactions read; amounts in rupees (PKR), PAID payments by the day they were made. */
  payments?: {
    today: { count: number; amount: number };
    phase: { count: number; amount: number } | null;
  };
  /** paymentFailure read: payments that failed or expired today. */
  failedPayments?: { today: number };
  /** quiz read: the contest phase, its dates and its contest plays per grade. */
  contest?: { phase: DashboardPhase | null; grades: DashboardGradePlays[] };
  /** queues read */
  queues?: { waiting: number; active: number; delayed: number; failed: number };
}
