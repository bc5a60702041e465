import { useCallback, useEffect, useRef, useState } from 'react';
import {
  type AnnouncedMark,
  localDeadline,
  pauseTimer,
  readTimer,
  remainingAt,
  restoreTimer,
  resumeTimer,
  type ServerTiming,
  type TimerState,
  timeAnnouncement,
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
  /** The last mark crossed (seconds left), for a polite live region; null before the first. */
  announcement: AnnouncedMark | null;
  pause: () => void;
  resume: () => void;
}

const TICK_MS = 250;

/** The on-screen clock of one question: restored by the reload rules, persisted on every change. */
export function useQuestionTimer({
  playId,
  questionId,
  practice,
  limitMs,
  timing,
}: TimerInput): QuestionTimer {
  const [state, setState] = useState<TimerState | null>(null);
  const [now, setNow] = useState(() => Date.now());
  const [announcement, setAnnouncement] = useState<AnnouncedMark | null>(null);
  const previous = useRef<number | null>(null);

  useEffect(() => {
    if (timing === null) {
      return;
    }
    const at = Date.now();
    const restored = restoreTimer({
      stored: readTimer(window.localStorage, playId, questionId),
      serverEnd: localDeadline(timing, timing.sentAt, timing.receivedAt),
      now: at,
      practice,
      limitMs,
    });
    writeTimer(window.localStorage, playId, questionId, restored);
    setState(restored);
    setNow(at);
  }, [timing, playId, questionId, practice, limitMs]);

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

  const latest = useRef(state);
  latest.current = state;
  const update = useCallback(
    (change: (current: TimerState, at: number) => TimerState) => {
      const current = latest.current;
      if (current === null || !practice) {
        return;
      }
      const at = Date.now();
      const next = change(current, at);
      writeTimer(window.localStorage, playId, questionId, next);
      latest.current = next;
      setState(next);
      setNow(at);
    },
    [playId, questionId, practice],
  );

  return {
    remaining,
    paused: state !== null && state.remaining !== null,
    announcement,
    pause: useCallback(() => update(pauseTimer), [update]),
    resume: useCallback(() => update(resumeTimer), [update]),
  };
}
