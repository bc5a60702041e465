import { revokeUnearnedCertificates } from '#modules/certificates';
import { queueMail } from '#modules/mail';
import { dropFromFrozenBoard, recomputeStandings } from '#modules/rankings';
import type { ReviewDecisionResult } from '../../contracts/integrity-review.js';
import type { Actor } from '../../lib/actors.js';
import { audit } from '../../lib/audit.js';
import { conflict, notFound } from '../../lib/errors.js';
import { announceCacheChanges } from '../../lib/node-caches.js';
import { pakistanTime } from '../../lib/time.js';
import {
  type DispatchDeps,
  dispatchAfterCommit,
  insertOutboxEvent,
  type OutboxEvent,
} from '../../queue/outbox.js';
import type { DecisionBody } from './integrity-review.schemas.js';
import { playEvidence, REVIEW_ACTION } from './integrity-review.service.js';
import * as repo from './review-decisions.repository.js';

const MESSAGES = {
  CLEAR: 'Play cleared.',
  WARN: 'Warning recorded.',
  DISQUALIFY: 'Play disqualified: it leaves the rankings, winners and qualification.',
} as const;

/**
 * Records a decision on a flagged contest play (one review per play, replaced by a later one) and
 * audits it. DISQUALIFY sets plays.disqualified_at, removes the student's winner place in the
 * phase and grade and any qualification recorded for the next phase, and takes the student off the
 * phase's frozen board if it is frozen, and revokes the certificates no longer earned; any other decision lifts a disqualification. Either way the
 * board is re-ranked now (the student's best remaining play counts) and pushed again by the ranking
 * worker (standings.stale).
 */
export async function decideReview(
  deps: DispatchDeps,
  actor: Actor,
  playId: string,
  body: DecisionBody,
): Promise<ReviewDecisionResult> {
  const { db } = deps;
  const outcome = await db.transaction().execute(async (trx) => {
    const play = await repo.lockPlay(trx, playId);
    if (!play) {
      throw notFound('Play not found');
    }
    if (play.kind !== 'CONTEST') {
      throw conflict('Only contest plays are reviewed.');
    }
    const previous = await repo.findDecision(trx, playId);
    const now = new Date();
    const disqualify = body.decision === 'DISQUALIFY';
    const wasDisqualified = play.disqualifiedAt !== null;
    const events: OutboxEvent[] = [];
    const student = await repo.findStudentContact(trx, play.studentId);
    const notify = body.notifyStudent && body.decision !== 'CLEAR' && student !== undefined;
    await repo.upsertReview(trx, {
      playId,
      decision: body.decision,
      reason: body.reason,
      decidedBy: actor.id,
      decidedAt: now,
      studentNotifiedAt: notify ? now : null,
    });
    let winnerRemoved: { position: number | null; method: string } | null = null;
    let qualificationWithdrawn: string | null = null;
    let offFrozenBoard = false;
    let certificatesRevoked: string[] = [];
    if (disqualify !== wasDisqualified) {
      await repo.setDisqualifiedAt(trx, playId, disqualify ? now : null);
      events.push(
        await insertOutboxEvent(trx, 'standings.stale', { phaseId: play.phaseId, gradeId: play.gradeId }),
      );
    }
    if (disqualify && !wasDisqualified) {
      const winner = await repo.deleteWinner(trx, play);
      if (winner) {
        winnerRemoved = { position: winner.position, method: winner.method };
        events.push(await insertOutboxEvent(trx, 'champions.updated', { updatedAt: now.toISOString() }));
      }
      qualificationWithdrawn =
        (await repo.deleteNextPhaseQualification(trx, play.phaseNumber, play.studentId))?.phaseId ?? null;
      offFrozenBoard = await dropFromFrozenBoard(trx, play.phaseId, play.gradeId, play.studentId);
      certificatesRevoked = await revokeUnearnedCertificates(trx, actor, {
        studentId: play.studentId,
        phaseId: play.phaseId,
        cause: 'disqualification',
      });
    }
    if (notify && student && body.decision !== 'CLEAR') {
      const mail = await queueMail(trx, 'integrityDecision', student.email, {
        name: student.fullName,
        decision: body.decision,
        phaseTitle: play.phaseName,
        gradeTitle: play.gradeTitle,
        finishedAt: play.finishedAt ? pakistanTime(play.finishedAt) : '',
        language: student.language,
      });
      events.push(mail.event);
    }
    await audit(trx, actor, REVIEW_ACTION, 'play', playId, {
      decision: body.decision,
      previous,
      reason: body.reason,
      notifyStudent: notify,
      studentId: play.studentId,
      phaseId: play.phaseId,
      gradeId: play.gradeId,
      disqualified: disqualify,
      ...(disqualify !== wasDisqualified ? { disqualificationChanged: true } : {}),
      ...(winnerRemoved ? { winnerRemoved } : {}),
      ...(qualificationWithdrawn ? { qualificationWithdrawn } : {}),
      ...(offFrozenBoard ? { offFrozenBoard } : {}),
      ...(certificatesRevoked.length > 0 ? { certificatesRevoked } : {}),
    });
    return { play, events, rerank: disqualify !== wasDisqualified, winnerRemoved, certificatesRevoked };
  });
  if (outcome.rerank) {
    await rerank(deps, outcome.play.phaseId, outcome.play.gradeId);
  }
  await dispatchAfterCommit(deps, outcome.events);
  const removed = outcome.winnerRemoved ? ' The student’s winner place in this phase was removed.' : '';
  const n = outcome.certificatesRevoked.length;
  const revoked = n > 0 ? ` ${n} certificate${n === 1 ? ' was' : 's were'} revoked.` : '';
  return { message: `${MESSAGES[body.decision]}${removed}${revoked}`, data: await playEvidence(db, playId) };
}

/** The board now, so the answer and the next read agree; the worker re-ranks and pushes it again. */
async function rerank(deps: DispatchDeps, phaseId: string, gradeId: string) {
  try {
    await recomputeStandings(deps.db, phaseId, gradeId);
    await announceCacheChanges(deps.db, [
      { cache: 'leaderboards', key: phaseId },
      { cache: 'champions', key: null },
    ]);
  } catch (err) {
    deps.log.warn({ err, phaseId, gradeId }, 're-ranking after a review failed; the ranking worker will');
  }
}
