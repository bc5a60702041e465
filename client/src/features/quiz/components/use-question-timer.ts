import { useCallback, useEffect, useRef, useState } from 'react';
import { useNavigate } from 'react-router-dom';
import { setPlayPaused } from '../../../shared/quiz/play-quiz-api';
import { reportPlayQuizError } from '../../../shared/quiz/play-quiz-errors';
import {
  type AnnouncedMark,
  pauseTimer,
  readTimer,
  remainingAt,
  restoreTimer,
  type ServerTiming,
  type TimerState,
  timeAnnouncement,
  timerFromServer,
  writeTimer,
} from '../logic/quiz-timer';

interface TimerInput {
  playId: string;
  questionId: string;
  practice: boolean;
  limitMs: number;
  /** The served question's timing and the local time it arrived; null while loading. */
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
}

const TICK_MS = 250;

/**
 * The on-screen clock of one question: restored by the reload rules, persisted on every change.
 * Practice pauses on the server, so another device finds the question paused too; the clock stops
 * here at once and follows the server's answer (a failed pause runs on, a failed resume stays paused).
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
  const [now, setNow] = useState(() => Date.now());
  const [switching, setSwitching] = useState(false);
  const [announcement, setAnnouncement] = useState<AnnouncedMark | null>(null);
  const previous = useRef<number | null>(null);
  const latest = useRef(state);
  latest.current = state;

  const apply = useCallback(
    (next: TimerState) => {
      writeTimer(window.localStorage, playId, questionId, next);
      latest.current = next;
      setState(next);
      setNow(Date.now());
    },
    [playId, questionId],
  );

  useEffect(() => {
    if (timing === null) {
      return;
    }
    apply(
      restoreTimer({
        stored: readTimer(window.localStorage, playId, questionId),
        server: timerFromServer(timing, timing.sentAt, timing.receivedAt, limitMs),
        practice,
      }),
    );
  }, [timing, playId, questionId, practice, limitMs, apply]);

  const running = state !== null && state.remaining === null;
  useEffect(() => {
    if (!running) {
      return;
    }
    const id = window.setInterval(() => setNow(Date.now()), TICK_MS);
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
        apply(pauseTimer(before, Date.now()));
      }
      setSwitching(true);
      try {
        const sentAt = Date.now();
        const clock = await setPlayPaused(playId, paused);
        apply(timerFromServer(clock, sentAt, Date.now(), limitMs));
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

  return {
    remaining,
    paused: state !== null && state.remaining !== null,
    switching,
    announcement,
    pause: useCallback(() => void switchTo(true), [switchTo]),
    resume: useCallback(() => void switchTo(false), [switchTo]),
  };
}
