/**
 * The question timer of spec §4, stored per play and question as { endTime, remaining }, and
 * always bounded by the server's deadline (DESIGN "Quiz timing"): a reload never gives more time.
 * Practice may pause, on the server (POST /play-quiz/pause): every device finds the question
 * paused with the same time left, and resuming moves the server's deadline on by the pause.
 */
export interface TimerState {
  /** Local clock (ms) at which the time runs out while running. */
  endTime: number;
  /** Time left while paused; null while running. */
  remaining: number | null;
}

/** The server's clock of a question: as served, or as a pause or resume left it. */
export interface ServerTiming {
  deadline: string;
  serverTime: string;
  remainingMs: number;
  /** Practice: paused (on any device) with this much left; null while running. */
  pausedRemainingMs: number | null;
}

const KEY_PREFIX = 'riyazi-quiz-timer';

export const timerKey = (playId: string, questionId: string) => `${KEY_PREFIX}:${playId}:${questionId}`;

/**
 * How far the server's clock is ahead of the device's (ms; negative when behind). The server
 * stamped `serverTime` somewhere between sending and receipt: the midpoint halves the error.
 */
export function clockOffsetMs(serverTime: string, sentAt: number, receivedAt: number): number | null {
  const server = Date.parse(serverTime);
  return Number.isFinite(server) ? server - (sentAt + receivedAt) / 2 : null;
}

/**
 * The server's deadline on the device's clock: a phone whose clock is minutes off still shows the
 * right seconds. Never before receipt; without a readable server time, `remainingMs` from receipt.
 */
export function localDeadline(
  timing: Omit<ServerTiming, 'pausedRemainingMs'>,
  sentAt: number,
  receivedAt: number,
): number {
  const offset = clockOffsetMs(timing.serverTime, sentAt, receivedAt);
  const deadline = Date.parse(timing.deadline);
  if (offset === null || !Number.isFinite(deadline)) {
    return receivedAt + Math.max(0, timing.remainingMs);
  }
  return Math.max(receivedAt, deadline - offset);
}

/**
 * The clock as the server has it, on this device: paused with the server's time left, or running
 * to the server's deadline (never more than the question's time from now).
 */
export function timerFromServer(
  timing: ServerTiming,
  sentAt: number,
  receivedAt: number,
  limitMs: number,
): TimerState {
  if (timing.pausedRemainingMs !== null) {
    const remaining = Math.max(0, Math.min(timing.pausedRemainingMs, limitMs));
    return { endTime: receivedAt + remaining, remaining };
  }
  return {
    endTime: Math.min(localDeadline(timing, sentAt, receivedAt), receivedAt + limitMs),
    remaining: null,
  };
}

export interface RestoreInput {
  stored: TimerState | null;
  /** The served question's clock (timerFromServer). */
  server: TimerState;
  practice: boolean;
}

/**
 * Reload rules of spec §4, with the server as the judge: an end time that has passed means 0 (the
 * answer is sent). A contest keeps the earlier of its stored end and the server's deadline. A
 * practice question is paused or running as the server says, whichever device paused it.
 */
export function restoreTimer({ stored, server, practice }: RestoreInput): TimerState {
  if (practice || stored === null || server.remaining !== null) {
    return server;
  }
  return { endTime: Math.min(stored.endTime, server.endTime), remaining: null };
}

export function remainingAt(state: TimerState, now: number): number {
  return Math.max(0, state.remaining ?? state.endTime - now);
}

/** Stops the clock on this device at once, while the server is told. */
export function pauseTimer(state: TimerState, now: number): TimerState {
  if (state.remaining !== null) {
    return state;
  }
  return { ...state, remaining: remainingAt(state, now) };
}

/** Spec §7: timeTaken is the question's time minus what remains. */
export const timeTakenMs = (limitMs: number, remaining: number) =>
  Math.min(limitMs, Math.max(0, Math.round(limitMs - remaining)));

/** mm:ss, rounding up so 0:00 shows only when the time is really up. */
export function formatClock(ms: number): string {
  const seconds = Math.max(0, Math.ceil(ms / 1000));
  return `${Math.floor(seconds / 60)}:${String(seconds % 60).padStart(2, '0')}`;
}

/** The marks (seconds left) a screen reader hears as the time runs down; not every second. */
export const ANNOUNCED_MARKS = [60, 30, 10] as const;
export type AnnouncedMark = (typeof ANNOUNCED_MARKS)[number];

/** The mark crossed between two readings of the clock (aria-live polite), or null between marks. */
export function timeAnnouncement(previousMs: number, currentMs: number): AnnouncedMark | null {
  for (const mark of ANNOUNCED_MARKS) {
    const markMs = mark * 1000;
    if (previousMs > markMs && currentMs <= markMs && currentMs > 0) {
      return mark;
    }
  }
  return null;
}

type TimerStorage = Pick<Storage, 'getItem' | 'setItem' | 'removeItem' | 'key' | 'length'>;

const isNumber = (value: unknown): value is number => typeof value === 'number' && Number.isFinite(value);

export function readTimer(storage: TimerStorage, playId: string, questionId: string): TimerState | null {
  try {
    const raw: unknown = JSON.parse(storage.getItem(timerKey(playId, questionId)) ?? 'null');
    if (typeof raw !== 'object' || raw === null) {
      return null;
    }
    const { endTime, remaining } = raw as Record<string, unknown>;
    if (!isNumber(endTime) || !(remaining === null || isNumber(remaining))) {
      return null;
    }
    return { endTime, remaining };
  } catch {
    return null;
  }
}

export function writeTimer(storage: TimerStorage, playId: string, questionId: string, state: TimerState) {
  try {
    storage.setItem(timerKey(playId, questionId), JSON.stringify(state));
  } catch {
    // Storage full or blocked: the server's deadline still holds.
  }
}

/** Spec §4: after the last question, or a stop, the stored timers of that play go. */
export function clearPlayTimers(storage: TimerStorage, playId: string) {
  const prefix = `${KEY_PREFIX}:${playId}:`;
  const keys: string[] = [];
  for (let i = 0; i < storage.length; i += 1) {
    const key = storage.key(i);
    if (key?.startsWith(prefix)) {
      keys.push(key);
    }
  }
  for (const key of keys) {
    storage.removeItem(key);
  }
}
