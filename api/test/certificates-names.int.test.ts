import { Readable } from 'node:stream';
import { buffer } from 'node:stream/consumers';
import { describe, expect, it } from 'vitest';
import { pdfTextLines } from '../../test/pdf-text.js';
import { certificatesOf, runPhase, seededPhase, storage, t } from './certificates.fixtures.js';

// Names that lie (#29): a name stored before names were checked, as sign-up took it.
const LYING = '\u202e1# :knaR';

describe('a certificate of a name stored with hidden characters', () => {
  it('prints and verifies the name without its override', async () => {
    const s = await seededPhase();
    await t.db.updateTable('students').set({ fullName: LYING }).where('id', '=', s.participant.id).execute();
    await runPhase(s.phase.id);
    const cert = (await certificatesOf(s.phase.id)).find((c) => c.studentId === s.participant.id);
    if (!cert?.fileKeyEn) {
      throw new Error('no certificate drawn');
    }

    const file = await storage().get(cert.fileKeyEn);
    const lines = pdfTextLines(await buffer(file?.body ?? Readable.from([])));
    const certifies = lines.indexOf('This is to certify that');
    expect(lines[certifies + 1]).toBe('1# :knaR');

    const verified = await t.app.inject({ method: 'GET', url: `/api/certificates/verify/${cert.code}` });
    expect(verified.statusCode).toBe(200);
    expect(verified.json().data).toMatchObject({ name: '1# :knaR', kind: 'PARTICIPANT', rank: null });
    const mail = await t.db
      .selectFrom('mailMessages')
      .select('params')
      .where('toEmail', '=', s.participant.email)
      .executeTakeFirstOrThrow();
    expect(mail.params).toMatchObject({ name: '1# :knaR' });
  });
});
