import type { Db } from '@riyazi/db';
import { grantAttempts } from '#modules/payments';
import { audit } from '../../lib/audit.js';
import { HttpError, notFound } from '../../lib/errors.js';
import * as repo from './students.repository.js';
import type { GrantAttemptsBody } from './students.schemas.js';
import type { StaffActor } from './students.service.js';

/** POST /contestAttempts/create: an admin grants (or takes back) attempts, with a reason; audited. */
export async function grantContestAttempts(
  db: Db,
  actor: StaffActor,
  input: GrantAttemptsBody,
): Promise<{ contestAttempts: number }> {
  return db.transaction().execute(async (trx) => {
    const student = await repo.lockStudentAttempts(trx, input.studentId);
    if (!student) {
      throw notFound('Student not found');
    }
    const next = student.contestAttempts + input.attempts;
    if (next < 0) {
      throw new HttpError(400, `attempts: the student has only ${student.contestAttempts} to take away`, {
        errors: { attempts: `the student has only ${student.contestAttempts} to take away` },
      });
    }
    await grantAttempts(trx, {
      studentId: input.studentId,
      attempts: input.attempts,
      source: 'ADMIN',
      staffId: actor.id,
      reason: input.reason,
    });
    await audit(trx, actor, 'student.grantAttempts', 'student', input.studentId, {
      from: student.contestAttempts,
      to: next,
      reason: input.reason,
    });
    return { contestAttempts: next };
  });
}
