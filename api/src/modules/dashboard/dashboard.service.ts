import type { Db } from '@riyazi/db';
import { countFailures } from '#modules/payment-reports';
import { activeContestPhase } from '#modules/phases';
import type { Dashboard, DashboardPhase } from '../../contracts/dashboard.js';
import { QUEUE_NAMES } from '../../contracts/jobs.js';
import { hasPermission, type Permission } from '../../contracts/permissions.js';
import { pakistanDay, pakistanDayStart } from '../../lib/time.js';
import type { Queues } from '../../queue/queues.js';
import * as repo from './dashboard.repository.js';

/**
 * Which permission shows each tile. The plays and the contest phase go with reading quizzes (the
 * contest is made of them); the figures of a tile are as private as the list its link opens.
 */
export const TILE_PERMISSIONS = {
  students: { module: 'student', action: 'read' },
  verification: { module: 'studentVerification', action: 'read' },
  payments: { module: 'paymentTransactions', action: 'read' },
  failedPayments: { module: 'paymentFailure', action: 'read' },
  contest: { module: 'quiz', action: 'read' },
  queues: { module: 'queues', action: 'read' },
} as const satisfies Record<string, Permission>;

type Tile = keyof typeof TILE_PERMISSIONS;

export interface DashboardViewer {
  permissions: Parameters<typeof hasPermission>[0];
  isSuperAdmin: boolean;
}

const rupees = (paisa: number) => paisa / 100;

/** Live figures while children play: the contest takes starts, or its last plays are finishing. */
const isRunning = (phase: DashboardPhase) =>
  phase.contest.stage === 'OPEN' || phase.contest.stage === 'CLOSING';

async function queueTotals(queues: Queues) {
  const counts = await Promise.all(
    QUEUE_NAMES.map((name) => queues[name].getJobCounts('waiting', 'active', 'delayed', 'failed')),
  );
  const sum = (state: string) => counts.reduce((total, c) => total + (c[state] ?? 0), 0);
  return { waiting: sum('waiting'), active: sum('active'), delayed: sum('delayed'), failed: sum('failed') };
}

/** The tiles this viewer may see, each read now; the others are left out. */
export async function buildDashboard(
  { db, queues }: { db: Db; queues: Queues },
  viewer: DashboardViewer,
  now = new Date(),
): Promise<Dashboard> {
  const may = (tile: Tile) => hasPermission(viewer.permissions, viewer.isSuperAdmin, TILE_PERMISSIONS[tile]);
  const today = pakistanDay(now);
  const day = { from: pakistanDayStart(today), to: pakistanDayStart(today, 1) };
  const phase = await activeContestPhase(db, now);
  const phaseWindow = phase ? { from: new Date(phase.startsAt), to: new Date(phase.endsAt) } : null;

  const [students, pending, paidToday, paidPhase, failedToday, grades, queueCounts] = await Promise.all([
    may('students') ? repo.studentCounts(db, day) : null,
    may('verification') ? repo.pendingVerificationCount(db) : null,
    may('payments') ? repo.paidPayments(db, day) : null,
    may('payments') && phaseWindow ? repo.paidPayments(db, phaseWindow) : null,
    may('failedPayments') ? countFailures(db, { from: today, to: today }) : null,
    may('contest') && phase ? repo.contestPlaysByGrade(db, phase._id) : [],
    may('queues') ? queueTotals(queues) : null,
  ]);

  return {
    generatedAt: now.toISOString(),
    today,
    contestRunning: phase !== null && isRunning(phase),
    ...(students ? { students } : {}),
    ...(pending !== null ? { verification: { pending } } : {}),
    ...(paidToday
      ? {
          payments: {
            today: { count: paidToday.count, amount: rupees(paidToday.paisa) },
            phase: paidPhase ? { count: paidPhase.count, amount: rupees(paidPhase.paisa) } : null,
          },
        }
      : {}),
    ...(failedToday !== null ? { failedPayments: { today: failedToday } } : {}),
    ...(may('contest') ? { contest: { phase, grades } } : {}),
    ...(queueCounts ? { queues: queueCounts } : {}),
  };
}
