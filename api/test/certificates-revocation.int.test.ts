import { describe, expect, it } from 'vitest';
import { signedInStaff } from '../../test/helpers.js';
import { makeIntegritySignal } from '../../test/integrity-factories.js';
import { certificatesOf, runPhase, seededPhase, t } from './certificates.fixtures.js';

const bearer = (token: string) => ({ authorization: `Bearer ${token}` });
const verify = async (code: string) =>
  (await t.app.inject({ method: 'GET', url: `/api/certificates/verify/${code}` })).json().data;

async function issued() {
  const s = await seededPhase();
  await runPhase(s.phase.id);
  const admin = await signedInStaff(t);
  return { ...s, admin };
}

const held = async (phaseId: string, studentId: string) =>
  await t.db
    .selectFrom('certificates')
    .select(['id', 'code', 'kind', 'revokedAt', 'revokedReason', 'revokedBy'])
    .where('phaseId', '=', phaseId)
    .where('studentId', '=', studentId)
    .orderBy('issuedAt')
    .execute();

/** The student's contest play of the phase, flagged so it can be reviewed. */
async function playOf(phaseId: string, studentId: string) {
  const play = await t.db
    .selectFrom('plays')
    .select('id')
    .where('phaseId', '=', phaseId)
    .where('studentId', '=', studentId)
    .where('kind', '=', 'CONTEST')
    .executeTakeFirstOrThrow();
  await makeIntegritySignal(t.db, play.id, 'FAST_CORRECT', 0.9);
  return play;
}

const decide = (token: string, playId: string, decision: 'DISQUALIFY' | 'CLEAR') =>
  t.app.inject({
    method: 'POST',
    url: `/api/admin/integrity/play/decide/?id=${playId}`,
    headers: bearer(token),
    payload: { decision, reason: 'Copied answers' },
  });

const automaticRevokes = () =>
  t.db
    .selectFrom('auditLog')
    .select(['actorId', 'targetId', 'details'])
    .where('action', '=', 'certificate.revoke')
    .execute();

describe('certificates revoked with the ground they stand on', () => {
  it('a disqualification revokes the winner certificate in the same decision, audited; the public check says revoked', async () => {
    const s = await issued();
    const [cert] = await held(s.phase.id, s.winner.id);
    const play = await playOf(s.phase.id, s.winner.id);
    const res = await decide(s.admin.token, play.id, 'DISQUALIFY');
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().message).toContain('1 certificate was revoked.');
    const [after] = await held(s.phase.id, s.winner.id);
    expect(after).toMatchObject({
      kind: 'WINNER',
      revokedReason: 'Revoked automatically: the contest play was disqualified.',
      revokedBy: null,
    });
    const disqualifiedAt = await t.db
      .selectFrom('plays')
      .select('disqualifiedAt')
      .where('id', '=', play.id)
      .executeTakeFirstOrThrow();
    // One transaction: now() is the transaction's start, so the revocation is not later than the decision.
    expect(disqualifiedAt.disqualifiedAt).not.toBeNull();
    expect(after?.revokedAt?.getTime()).toBeLessThanOrEqual(disqualifiedAt.disqualifiedAt?.getTime() ?? 0);
    expect((await verify(cert?.code ?? '')).revokedAt).toBe(after?.revokedAt?.toISOString());
    expect(await automaticRevokes()).toEqual([
      {
        actorId: s.admin.id,
        targetId: cert?.id,
        details: expect.objectContaining({ automatic: true, cause: 'disqualification', code: cert?.code }),
      },
    ]);
    const decision = await t.db
      .selectFrom('auditLog')
      .select('details')
      .where('action', '=', 'integrity.review')
      .executeTakeFirstOrThrow();
    expect(decision.details).toMatchObject({ decision: 'DISQUALIFY', certificatesRevoked: [cert?.code] });
  });

  it('a disqualified participant whose only play it was loses the participation certificate; a clear revokes nothing', async () => {
    const s = await issued();
    const qualifierPlay = await playOf(s.phase.id, s.qualifier.id);
    expect((await decide(s.admin.token, qualifierPlay.id, 'CLEAR')).statusCode).toBe(200);
    expect((await held(s.phase.id, s.qualifier.id))[0]?.revokedAt).toBeNull();
    const play = await playOf(s.phase.id, s.participant.id);
    expect((await decide(s.admin.token, play.id, 'DISQUALIFY')).statusCode).toBe(200);
    const [cert] = await held(s.phase.id, s.participant.id);
    expect(cert).toMatchObject({ kind: 'PARTICIPANT', revokedBy: null });
    expect(cert?.revokedAt).not.toBeNull();
    expect((await automaticRevokes()).map((a) => a.targetId)).toEqual([cert?.id]);
  });

  it('removing a winner revokes the winner certificate with it; the next run issues what is still earned', async () => {
    const s = await issued();
    const [cert] = await held(s.phase.id, s.winner.id);
    const winner = await t.db
      .selectFrom('phaseWinners')
      .select('id')
      .where('studentId', '=', s.winner.id)
      .executeTakeFirstOrThrow();
    const res = await t.app.inject({
      method: 'DELETE',
      url: `/api/phaseWinner/delete/?id=${winner.id}`,
      headers: bearer(s.admin.token),
      payload: { password: s.admin.password },
    });
    expect(res.statusCode).toBeLessThan(300);
    const [revoked] = await held(s.phase.id, s.winner.id);
    expect(revoked).toMatchObject({
      id: cert?.id,
      revokedReason: 'Revoked automatically: the winner place was removed.',
    });
    expect((await verify(cert?.code ?? '')).revokedAt).not.toBeNull();
    const [audit] = await automaticRevokes();
    expect(audit?.details).toMatchObject({ automatic: true, cause: 'winnerRemoved' });
    const removal = await t.db
      .selectFrom('auditLog')
      .select('details')
      .where('action', '=', 'phaseWinner.delete')
      .executeTakeFirstOrThrow();
    expect(removal.details).toMatchObject({ certificatesRevoked: [cert?.code] });
    // Still told they qualified for phase 2: the run now gives the qualification certificate.
    expect(await runPhase(s.phase.id)).toMatchObject({ issued: 1 });
    const kinds = (await held(s.phase.id, s.winner.id)).map((c) => [c.kind, c.revokedAt === null]);
    expect(kinds).toEqual([
      ['WINNER', false],
      ['QUALIFIER', true],
    ]);
  });

  it('a certificate staff revoked is not issued again by the next run', async () => {
    const s = await issued();
    const [cert] = await held(s.phase.id, s.participant.id);
    const res = await t.app.inject({
      method: 'POST',
      url: `/api/admin/certificates/${cert?.id}/revoke`,
      headers: bearer(s.admin.token),
      payload: { reason: 'Entered under a false name' },
    });
    expect(res.statusCode).toBe(200);
    expect(await runPhase(s.phase.id)).toMatchObject({ issued: 0 });
    expect((await certificatesOf(s.phase.id)).length).toBe(3);
  });
});
