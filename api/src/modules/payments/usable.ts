import { phaseContest } from '#modules/phases';
import { takesStarts } from '../../contracts/contest-lifecycle.js';
import { QUIZ_DEFAULTS } from '../../contracts/quiz-rules.js';
import type { Executor } from '../../lib/db.js';
import { HttpError } from '../../lib/errors.js';
import * as repo from './payments.repository.js';

export const ATTEMPTS_NOT_USABLE = 'ATTEMPTS_NOT_USABLE';

const plural = (n: number, word: string) => `${n} ${word}${n === 1 ? '' : 's'}`;

/**
 * Why a package's attempts could not all be used by this student in its phase, or null when they
 * can. A package naming no phase is for any later contest and always usable. Otherwise its phase's
 * contest must still be ahead or taking starts (the lifecycle, not the bare status), and the plays
 * left to the student there (the grade's contest quiz's attemptsAllowed, or the default when it has
 * none yet, minus their plays of it that were not cancelled, as the start rule counts them) must
 * cover the attempts they already hold plus the package's.
 */
export async function unusableReason(
  db: Executor,
  studentId: string,
  pkg: { attempts: number; phaseId: string | null },
  now = new Date(),
): Promise<string | null> {
  if (pkg.phaseId === null) {
    return null;
  }
  const contest = await phaseContest(db, pkg.phaseId, now);
  if (!contest) {
    return null;
  }
  const ahead = contest.status === 'UPCOMING' || (contest.status === 'ACTIVE' && now < contest.startsAt);
  if (!ahead && !takesStarts(contest, now)) {
    return `${contest.name}'s contest has ended, so its attempts can no longer be used.`;
  }
  const student = await repo.findStudentPlays(db, studentId, pkg.phaseId);
  if (!student) {
    return null;
  }
  const allowed = student.attemptsAllowed ?? QUIZ_DEFAULTS.attemptsAllowed.CONTEST;
  const left = Math.max(0, allowed - Number(student.playsUsed));
  if (left === 0) {
    return `You have played all ${plural(allowed, 'attempt')} of ${contest.name}'s contest.`;
  }
  if (student.contestAttempts >= left) {
    return `The ${plural(student.contestAttempts, 'attempt')} you hold already cover the ${plural(left, 'play')} left to you in ${contest.name}.`;
  }
  if (student.contestAttempts + pkg.attempts > left) {
    const more = left - student.contestAttempts;
    return `Only ${plural(more, 'more attempt')} can be used in ${contest.name}: this package has ${pkg.attempts}.`;
  }
  return null;
}

export async function assertUsable(
  db: Executor,
  studentId: string,
  pkg: { attempts: number; phaseId: string | null },
): Promise<void> {
  const reason = await unusableReason(db, studentId, pkg);
  if (reason) {
    throw new HttpError(409, reason, { code: ATTEMPTS_NOT_USABLE });
  }
}
