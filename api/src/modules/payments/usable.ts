import { phaseContest } from '#modules/phases';
import { takesStarts } from '../../contracts/contest-lifecycle.js';
import { QUIZ_DEFAULTS } from '../../contracts/quiz-rules.js';
import type { Executor } from '../../lib/db.js';
import { HttpError } from '../../lib/errors.js';
import * as repo from './payments.repository.js';

export const ATTEMPTS_NOT_USABLE = 'ATTEMPTS_NOT_USABLE';

const plural = (n: number, word: string) => `${n} ${word}${n === 1 ? '' : 's'}`;

export type UnusableKind = 'CONTEST_ENDED' | 'ALL_PLAYED' | 'HELD_COVER' | 'TOO_MANY';

export interface Unusable {
  kind: UnusableKind;
  /** In English, for the api's 409 and staff; the payment page words it from `kind` and the counts. */
  message: string;
  phase: string;
  /** Plays of the phase's contest still open to the student, and attempts they hold. */
  playsLeft: number;
  held: number;
}

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
): Promise<Unusable | null> {
  if (pkg.phaseId === null) {
    return null;
  }
  const contest = await phaseContest(db, pkg.phaseId, now);
  const student = await repo.findStudentPlays(db, studentId, pkg.phaseId);
  if (!contest || !student) {
    return null;
  }
  const phase = contest.name;
  const held = student.contestAttempts;
  const allowed = student.attemptsAllowed ?? QUIZ_DEFAULTS.attemptsAllowed.CONTEST;
  const playsLeft = Math.max(0, allowed - Number(student.playsUsed));
  const because = (kind: UnusableKind, message: string): Unusable => ({
    kind,
    message,
    phase,
    playsLeft,
    held,
  });
  const ahead = contest.status === 'UPCOMING' || (contest.status === 'ACTIVE' && now < contest.startsAt);
  if (!ahead && !takesStarts(contest, now)) {
    return because('CONTEST_ENDED', `${phase}'s contest has ended, so its attempts can no longer be used.`);
  }
  if (playsLeft === 0) {
    return because('ALL_PLAYED', `You have played all ${plural(allowed, 'attempt')} of ${phase}'s contest.`);
  }
  if (held >= playsLeft) {
    return because(
      'HELD_COVER',
      `The ${plural(held, 'attempt')} you hold already cover the ${plural(playsLeft, 'play')} left to you in ${phase}.`,
    );
  }
  if (held + pkg.attempts > playsLeft) {
    const more = playsLeft - held;
    return because(
      'TOO_MANY',
      `Only ${plural(more, 'more attempt')} can be used in ${phase}: this package has ${pkg.attempts}.`,
    );
  }
  return null;
}

export async function assertUsable(
  db: Executor,
  studentId: string,
  pkg: { attempts: number; phaseId: string | null },
): Promise<void> {
  const unusable = await unusableReason(db, studentId, pkg);
  if (unusable) {
    throw new HttpError(409, unusable.message, { code: ATTEMPTS_NOT_USABLE });
  }
}
