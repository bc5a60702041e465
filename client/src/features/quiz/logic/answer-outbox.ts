/**
 * A contest or practice answer waiting on the device until the server acknowledges it: one per
 * play (questions are served one after another), kept in localStorage under the student and the
 * play, so a reload or a reopened tab sends it again before anything else.
 */
export interface PendingAnswer {
  playId: string;
  questionId: string;
  /** The question's position in the play (qno). */
  qno: number;
  answers: string[];
  timeTaken: number;
  /** Device clock (ms) after which the server counts it as no answer: its deadline plus grace. */
  expiresAt: number;
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
  const { questionId, qno, answers, timeTaken, expiresAt } = value;
  if (
    value.playId !== playId ||
    typeof questionId !== 'string' ||
    !isFiniteNumber(qno) ||
    !Array.isArray(answers) ||
    !answers.every((answer) => typeof answer === 'string') ||
    !isFiniteNumber(timeTaken) ||
    !isFiniteNumber(expiresAt)
  ) {
    return null;
  }
  return { playId, questionId, qno, answers: answers as string[], timeTaken, expiresAt };
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

/** Past its deadline plus grace the server would count it as no answer: it is no longer worth keeping. */
export const isExpired = (pending: PendingAnswer, now: number) => now > pending.expiresAt;

/**
 * The body to send now: the answer itself while it can still count; once expired, an empty answer
 * that only moves the play on (the server records "no answer" either way, or reports the answer
 * it did receive when only its acknowledgement was lost).
 */
export const answersToDeliver = (pending: PendingAnswer, now: number): string[] =>
  isExpired(pending, now) ? [] : pending.answers;

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

/** While a send fails for network reasons: still hoping, or too late to count. */
export const statusWhileFailing = (pending: PendingAnswer, now: number): DeliveryStatus =>
  isExpired(pending, now) ? 'expired' : 'offline';
