import { useCallback, useEffect, useRef, useState } from 'react';
import { isRetryable, sendWithRetry } from '../logic/submit-retry';

interface TimeUpInput {
  /** The clock reads 0 (and, in practice, no answer is shown). */
  timeUp: boolean;
  /** The child has chosen or typed something. */
  hasAnswer: boolean;
  /** Nothing to decide now: the question is loading, paused, or an answer is on its way. */
  idle: boolean;
  /** Asks the server for the time left (the clock follows it): true once its deadline has passed. */
  check: () => Promise<boolean>;
  /** Sends the current selection, empty or not. */
  send: () => void;
  /** What the screen does with a refusal (ALREADY_ANSWERED, PLAY_OVER…). */
  follow: (error: unknown) => void;
}

export interface TimeUp {
  /** At 0 with nothing chosen: the server is being asked whether its deadline has passed. */
  checking: boolean;
  /** That question cannot reach the server (it is asked again with backoff). */
  offline: boolean;
}

/**
 * What happens when the clock reaches 0: the child's selection is sent (the server decides whether
 * it came in time); with nothing chosen the client invents no answer, it asks the server and sends
 * "no answer" only once the server's deadline has passed by the server's clock (otherwise the
 * clock runs on with the server's time left). A page back in view (a phone woken up, whose
 * monotonic clock may have slept) reads the server's time again.
 */
export function useTimeUp({ timeUp, hasAnswer, idle, check, send, follow }: TimeUpInput): TimeUp {
  const [checking, setChecking] = useState(false);
  const [offline, setOffline] = useState(false);
  const latest = useRef({ check, send, follow, idle });
  latest.current = { check, send, follow, idle };
  const alive = useRef(true);
  const inFlight = useRef(false);
  const handled = useRef(false);

  useEffect(() => {
    alive.current = true;
    return () => {
      alive.current = false;
    };
  }, []);

  const confirm = useCallback(async () => {
    if (inFlight.current) {
      return;
    }
    inFlight.current = true;
    setChecking(true);
    try {
      const over = await sendWithRetry(() => latest.current.check(), {
        onRetrying: () => alive.current && setOffline(true),
        isCancelled: () => !alive.current,
      });
      if (alive.current && over) {
        latest.current.send();
      }
    } catch (failure) {
      if (alive.current) {
        latest.current.follow(failure);
      }
    } finally {
      inFlight.current = false;
      if (alive.current) {
        setChecking(false);
        setOffline(false);
      }
    }
  }, []);

  // Once per time-up: the server's answer that time is left starts the clock again.
  useEffect(() => {
    if (!timeUp) {
      handled.current = false;
      return;
    }
    if (idle || handled.current) {
      return;
    }
    handled.current = true;
    if (hasAnswer) {
      send();
    } else {
      void confirm();
    }
  }, [timeUp, idle, hasAnswer, send, confirm]);

  useEffect(() => {
    const onVisible = () => {
      if (document.visibilityState !== 'visible' || latest.current.idle || inFlight.current) {
        return;
      }
      latest.current.check().catch((failure: unknown) => {
        // No connection: the clock runs on as it is, and the next time-up asks again.
        if (alive.current && !isRetryable(failure)) {
          latest.current.follow(failure);
        }
      });
    };
    document.addEventListener('visibilitychange', onVisible);
    return () => document.removeEventListener('visibilitychange', onVisible);
  }, []);

  return { checking, offline };
}
