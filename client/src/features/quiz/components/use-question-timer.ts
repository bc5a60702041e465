import { useCallback, useEffect, useRef, useState } from 'react';
import { useNavigate } from 'react-router-dom';
import { fetchQuestion, type ServedWithTimer, setPlayPaused } from '../../../shared/quiz/play-quiz-api';
import { reportPlayQuizError } from '../../../shared/quiz/play-quiz-errors';
import {
  type AnnouncedMark,
  monotonicNow,
  pauseTimer,
  remainingAt,
  type ServerTiming,
  serverTimeIsUp,
  type TimerState,
  timeAnnouncement,
  timerFromServer,
} from '../logic/quiz-timer';
import { serverClock } from '../logic/server-clock';

/** A served question with the page's monotonic times of its request and response. */
export type TimedQuestion = ServedWithTimer & { sentAt: number; receivedAt: number };

/** Asks the server for the question (and so its clock); the page's reading of the server's clock follows. */
export async function fetchTimedQuestion(
  playId: string,
  questionId: string,
  signal?: AbortSignal,
): Promise<TimedQuestion> {
  const sentAt = monotonicNow();
  const served = await fetchQuestion(playId, questionId, signal);
  const receivedAt = monotonicNow();
  serverClock.note(served.serverTime, sentAt, receivedAt);
  return { ...served, sentAt, receivedAt };
}

/**
 * The next question as the answer's acknowledgement carried it, waiting for its screen: its clock
 * already runs on the server, so the screen shows it instead of asking for it again. Taken once.
 */
const HAND_OVER_FRESH_MS = 10_000;
const handedOver = new Map<string, TimedQuestion>();
const handOverKey = (playId: string, questionId: string) => `${playId}|${questionId}`;

/** Keeps the next question the answer's acknowledgement carried for its screen (one per play). */
export function handOverQuestion(playId: string, served: TimedQuestion): void {
  for (const key of handedOver.keys()) {
    if (key.startsWith(`${playId}|`)) {
      handedOver.delete(key);
    }
  }
  handedOver.set(handOverKey(playId, served.question._id), served);
}

/** The question's screen: the one handed over with the last answer's acknowledgement, or asked for. */
export function servedOrFetched(
  playId: string,
  questionId: string,
  signal?: AbortSignal,
): Promise<TimedQuestion> {
  const key = handOverKey(playId, questionId);
  const served = handedOver.get(key);
  handedOver.delete(key);
  // Shown at once, or asked for again (a practice question may have been paused meanwhile elsewhere).
  if (served !== undefined && monotonicNow() - served.receivedAt < HAND_OVER_FRESH_MS) {
    return Promise.resolve(served);
  }
  return fetchTimedQuestion(playId, questionId, signal);
}

interface TimerInput {
  playId: string;
  questionId: string;
  practice: boolean;
  limitMs: number;
  /** The served question's timing and the monotonic times of its round trip; null while loading. */
  timing: (ServerTiming & { sentAt: number; receivedAt: number }) | null;
}

export interface QuestionTimer {
  /** Milliseconds left; null until the question has arrived. */
  remaining: number | null;
  paused: boolean;
  /** A pause or resume is on its way to the server. */
  switching: boolean;
  /** The last mark crossed (seconds left), for a polite live region; null before the first. */
  announcement: AnnouncedMark | null;
  pause: () => void;
  resume: () => void;
  /**
   * Asks the server for the time left and runs the clock from its answer: true when the server's
   * deadline has passed by the server's clock. A refusal (say, ALREADY_ANSWERED) is thrown.
   */
  check: () => Promise<boolean>;
}

const TICK_MS = 250;

/**
 * The on-screen clock of one question, run from the server's time left on the page's monotonic
 * clock. Practice pauses on the server, so another device finds the question paused too; the clock
 * stops here at once and follows the server's answer (a failed pause runs on, a failed resume stays paused).
 */
export function useQuestionTimer({
  playId,
  questionId,
  practice,
  limitMs,
  timing,
}: TimerInput): QuestionTimer {
  const navigate = useNavigate();
  const [state, setState] = useState<TimerState | null>(null);
  const [now, setNow] = useState(monotonicNow);
  const [switching, setSwitching] = useState(false);
  const [announcement, setAnnouncement] = useState<AnnouncedMark | null>(null);
  const previous = useRef<number | null>(null);
  const latest = useRef(state);
  latest.current = state;

  const apply = useCallback((next: TimerState) => {
    latest.current = next;
    setState(next);
    setNow(monotonicNow());
  }, []);

  useEffect(() => {
    if (timing !== null) {
      apply(timerFromServer(timing, timing.sentAt, timing.receivedAt, limitMs));
    }
  }, [timing, limitMs, apply]);

  const running = state !== null && state.remaining === null;
  useEffect(() => {
    if (!running) {
      return;
    }
    const id = window.setInterval(() => setNow(monotonicNow()), TICK_MS);
    return () => window.clearInterval(id);
  }, [running]);

  const remaining = state === null ? null : remainingAt(state, now);

  useEffect(() => {
    if (remaining === null) {
      return;
    }
    const said = previous.current === null ? null : timeAnnouncement(previous.current, remaining);
    previous.current = remaining;
    if (said !== null) {
      setAnnouncement(said);
    }
  }, [remaining]);

  const switchTo = useCallback(
    async (paused: boolean) => {
      const before = latest.current;
      if (before === null || !practice || (before.remaining !== null) === paused) {
        return;
      }
      if (paused) {
        apply(pauseTimer(before, monotonicNow()));
      }
      setSwitching(true);
      try {
        const sentAt = monotonicNow();
        const clock = await setPlayPaused(playId, paused);
        const receivedAt = monotonicNow();
        serverClock.note(clock.serverTime, sentAt, receivedAt);
        apply(timerFromServer(clock, sentAt, receivedAt, limitMs));
      } catch (failure) {
        // Not paused on the server: the clock runs on as it did (a failed resume stays paused).
        if (paused) {
          apply(before);
        }
        reportPlayQuizError(failure, navigate);
      } finally {
        setSwitching(false);
      }
    },
    [practice, playId, limitMs, apply, navigate],
  );

  const check = useCallback(async () => {
    const served = await fetchTimedQuestion(playId, questionId);
    apply(timerFromServer(served, served.sentAt, served.receivedAt, limitMs));
    return serverTimeIsUp(served);
  }, [playId, questionId, limitMs, apply]);

  return {
    remaining,
    paused: state !== null && state.remaining !== null,
    switching,
    announcement,
    pause: useCallback(() => void switchTo(true), [switchTo]),
    resume: useCallback(() => void switchTo(false), [switchTo]),
    check,
  };
}
