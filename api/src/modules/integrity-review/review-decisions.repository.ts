import type { ReviewDecision } from '../../contracts/integrity-review.js';
import type { Executor, Trx } from '../../lib/db.js';

/** The play under decision, locked, with what the e-mail and the effects need. */
export function lockPlay(trx: Trx, id: string) {
  return trx
    .selectFrom('plays as p')
    .innerJoin('phases as ph', 'ph.id', 'p.phaseId')
    .innerJoin('grades as g', 'g.id', 'p.gradeId')
    .select([
      'p.id',
      'p.kind',
      'p.studentId',
      'p.phaseId',
      'p.gradeId',
      'p.finishedAt',
      'p.disqualifiedAt',
      'ph.name as phaseName',
      'ph.number as phaseNumber',
      'g.title as gradeTitle',
    ])
    .where('p.id', '=', id)
    .forUpdate('p')
    .executeTakeFirst();
}

export const findDecision = async (trx: Executor, playId: string) =>
  (await trx.selectFrom('playReviews').select('decision').where('playId', '=', playId).executeTakeFirst())
    ?.decision ?? null;

export function upsertReview(
  trx: Trx,
  review: {
    playId: string;
    decision: ReviewDecision;
    reason: string;
    decidedBy: string;
    decidedAt: Date;
    studentNotifiedAt: Date | null;
  },
) {
  const { playId, ...changes } = review;
  return trx
    .insertInto('playReviews')
    .values(review)
    .onConflict((oc) => oc.column('playId').doUpdateSet(changes))
    .execute();
}

export function setDisqualifiedAt(trx: Trx, playId: string, at: Date | null) {
  return trx.updateTable('plays').set({ disqualifiedAt: at }).where('id', '=', playId).execute();
}

/** Removes the student's winner place in the play's phase and grade; answers it, if there was one. */
export function deleteWinner(trx: Trx, play: { phaseId: string; gradeId: string; studentId: string }) {
  return trx
    .deleteFrom('phaseWinners')
    .where('phaseId', '=', play.phaseId)
    .where('gradeId', '=', play.gradeId)
    .where('studentId', '=', play.studentId)
    .returning(['id', 'position', 'method'])
    .executeTakeFirst();
}

/** Withdraws the student's recorded qualification for the phase after `phaseNumber`, if any. */
export function deleteNextPhaseQualification(trx: Trx, phaseNumber: number, studentId: string) {
  return trx
    .deleteFrom('phaseQualifications')
    .where('studentId', '=', studentId)
    .where('phaseId', 'in', (eb) =>
      eb
        .selectFrom('phases')
        .select('id')
        .where('number', '=', phaseNumber + 1),
    )
    .returning(['phaseId', 'rank'])
    .executeTakeFirst();
}

export const findStudentContact = (db: Executor, id: string) =>
  db.selectFrom('students').select(['fullName', 'email', 'language']).where('id', '=', id).executeTakeFirst();
