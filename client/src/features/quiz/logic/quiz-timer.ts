/**
 * The question timer (DESIGN "Quiz timing"): the server's time left, counted down on this page's
 * monotonic clock (`performance.now()`), never on the device's wall clock, so a phone clock that
 * jumps (either way) changes nothing. Nothing of it is stored on the device: a reload asks the
 * server again (GET question returns the time left from its deadline). Practice may pause, on the
 * server (POST /play-quiz/pause): every device finds the question paused with the same time left.
 */
export interface TimerState {
  /** Monotonic time (ms, `performance.now()`) at which the time runs out while running. */
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

/** This page's monotonic clock: unlike Date.now(), a change of the device's time does not move it. */
export const monotonicNow = (): number => performance.now();

/**
 * The clock as the server has it, on this page's monotonic clock (`sentAt`, `receivedAt`): paused
 * with the server's time left, or running out the server's time left, counted from the middle of
 * the round trip (the server read its clock somewhere in it) and never more than the question's time.
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
  const left = Math.max(0, Math.min(timing.remainingMs, limitMs));
  return { endTime: Math.max(receivedAt, (sentAt + receivedAt) / 2 + left), remaining: null };
}

/** The server says the question's time is over by its own clock (a paused practice question never is). */
export const serverTimeIsUp = (timing: ServerTiming): boolean =>
  timing.pausedRemainingMs === null && timing.remainingMs <= 0;

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

type TimerStorage = Pick<Storage, 'removeItem' | 'key' | 'length'>;

const KEY_PREFIX = 'riyazi-quiz-timer';

/**
 * Spec §4: after the last question, or a stop, the play's stored timers go. Nothing stores them
 * any more (a device's clock cannot be trusted across a reload); this clears what earlier versions left.
 */
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
