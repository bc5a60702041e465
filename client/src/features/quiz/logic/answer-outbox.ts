import { ANSWER_GRACE_MS } from '@riyazi/api/contracts';

/**
 * A contest or practice answer waiting on the device until the server acknowledges it: one per
 * play (questions are served one after another), kept in localStorage under the student and the
 * play, so a reload or a reopened tab sends it again before anything else. It is always sent as
 * the child gave it: the server alone decides whether it came in time.
 */
export interface PendingAnswer {
  playId: string;
  questionId: string;
  /** The question's position in the play (qno). */
  qno: number;
  answers: string[];
  timeTaken: number;
  /**
   * The question's deadline on the server's clock (epoch ms), to say on the screen when the answer
   * can no longer count; null when it never expires (practice) or is not known.
   */
  deadline: number | null;
}

/** Where the child's answer is, as the screen says it. */
export type DeliveryStatus = 'idle' | 'sending' | 'offline' | 'saved' | 'expired';

type OutboxStorage = Pick<Storage, 'getItem' | 'setItem' | 'removeItem'>;

const KEY_PREFIX = 'riyazi-quiz-outbox';

export const outboxKey = (studentId: number | string, playId: string) =>
  `${KEY_PREFIX}:${studentId}:${playId}`;

const isFiniteNumber = (value: unknown): value is number =>
  typeof value === 'number' && Number.isFinite(value);

function parsePending(raw: unknown, playId: string): PendingAnswer | null {
  if (typeof raw !== 'object' || raw === null) {
    return null;
  }
  const value = raw as Record<string, unknown>;
  const { questionId, qno, answers, timeTaken, deadline } = value;
  if (
    value.playId !== playId ||
    typeof questionId !== 'string' ||
    !isFiniteNumber(qno) ||
    !Array.isArray(answers) ||
    !answers.every((answer) => typeof answer === 'string') ||
    !isFiniteNumber(timeTaken) ||
    !(deadline === undefined || deadline === null || isFiniteNumber(deadline))
  ) {
    return null;
  }
  // An answer an earlier version stored (with a device-clock expiry) is still sent; the server judges it.
  return { playId, questionId, qno, answers: answers as string[], timeTaken, deadline: deadline ?? null };
}

export function readPending(storage: OutboxStorage, studentId: number | string, playId: string) {
  try {
    return parsePending(JSON.parse(storage.getItem(outboxKey(studentId, playId)) ?? 'null'), playId);
  } catch {
    return null;
  }
}

export function writePending(storage: OutboxStorage, studentId: number | string, pending: PendingAnswer) {
  try {
    storage.setItem(outboxKey(studentId, pending.playId), JSON.stringify(pending));
  } catch {
    // Storage full or blocked: the answer is still resent while this tab stays open.
  }
}

export function clearPending(storage: OutboxStorage, studentId: number | string, playId: string) {
  try {
    storage.removeItem(outboxKey(studentId, playId));
  } catch {
    // Blocked storage held nothing.
  }
}

/**
 * Past its deadline plus grace by the server's clock (as this page reads it: `serverNow`, null when
 * unknown) the server records "no answer" whatever arrives. Only what the screen says depends on it.
 */
export const isExpired = (pending: PendingAnswer, serverNow: number | null) =>
  pending.deadline !== null && serverNow !== null && serverNow > pending.deadline + ANSWER_GRACE_MS;

/** What the screen says once the server has acknowledged: an answer that counted is "Saved". */
export function statusAfterAck(
  outcome: 'ANSWERED' | 'NO_ANSWER',
  pending: PendingAnswer,
): Extract<DeliveryStatus, 'idle' | 'saved' | 'expired'> {
  if (outcome === 'ANSWERED') {
    return 'saved';
  }
  return pending.answers.length > 0 ? 'expired' : 'idle';
}

/** While a send fails for network reasons: still hoping, or too late to count by the server's clock. */
export const statusWhileFailing = (pending: PendingAnswer, serverNow: number | null): DeliveryStatus =>
  isExpired(pending, serverNow) ? 'expired' : 'offline';
