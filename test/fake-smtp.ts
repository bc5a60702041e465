import type { AddressInfo } from 'node:net';
import { SMTPServer } from 'smtp-server';

export interface CapturedMail {
  from: string;
  to: string[];
  raw: string;
  /** The raw message with quoted-printable soft breaks and escapes undone, for finding links. */
  decoded: string;
}

export interface FakeSmtp {
  port: number;
  messages: CapturedMail[];
  /** When set, every message is refused with this SMTP error. */
  rejectWith: string | null;
  /**
   * While true, a message is read in full but never answered (no 250 after DATA): the sender is
   * left mid-send, and the message is not delivered. It is kept in `held`, not in `messages`.
   */
  hold: boolean;
  held: CapturedMail[];
  waitForMessage(predicate: (m: CapturedMail) => boolean, timeoutMs?: number): Promise<CapturedMail>;
  close(): Promise<void>;
}

export function decodeQuotedPrintable(raw: string): string {
  return raw
    .replace(/=\r?\n/g, '')
    .replace(/=([0-9A-F]{2})/g, (_, hex: string) => String.fromCharCode(Number.parseInt(hex, 16)));
}

/** A local SMTP relay that speaks the real protocol (AUTH PLAIN/LOGIN, no TLS) and keeps what it receives. */
export async function startFakeSmtp(credentials?: { user: string; pass: string }): Promise<FakeSmtp> {
  const messages: CapturedMail[] = [];
  const held: CapturedMail[] = [];
  const state: { rejectWith: string | null; hold: boolean } = { rejectWith: null, hold: false };
  const server = new SMTPServer({
    secure: false,
    disabledCommands: ['STARTTLS'],
    authOptional: !credentials,
    logger: false,
    onAuth(auth, _session, callback) {
      if (credentials && auth.username === credentials.user && auth.password === credentials.pass) {
        callback(null, { user: auth.username });
      } else {
        callback(new Error('Invalid username or password'));
      }
    },
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (c: Buffer) => chunks.push(c));
      stream.on('end', () => {
        if (state.rejectWith) {
          callback(Object.assign(new Error(state.rejectWith), { responseCode: 550 }));
          return;
        }
        const raw = Buffer.concat(chunks).toString('utf8');
        const mail = {
          from: session.envelope.mailFrom ? session.envelope.mailFrom.address : '',
          to: session.envelope.rcptTo.map((r) => r.address),
          raw,
          decoded: decodeQuotedPrintable(raw),
        };
        if (state.hold) {
          held.push(mail);
          return;
        }
        messages.push(mail);
        callback();
      });
    },
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.server.address() as AddressInfo;
  return {
    port,
    messages,
    get rejectWith() {
      return state.rejectWith;
    },
    set rejectWith(value: string | null) {
      state.rejectWith = value;
    },
    get hold() {
      return state.hold;
    },
    set hold(value: boolean) {
      state.hold = value;
    },
    held,
    async waitForMessage(predicate, timeoutMs = 10_000) {
      const deadline = Date.now() + timeoutMs;
      while (Date.now() < deadline) {
        const found = messages.find(predicate);
        if (found) {
          return found;
        }
        await new Promise((r) => setTimeout(r, 100));
      }
      throw new Error('no matching e-mail arrived');
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
