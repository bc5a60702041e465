import { useEffect, useState } from 'react';

/** Whole seconds left until `until` (epoch ms), never negative. */
export function secondsLeft(until: number | null, now: number): number {
  return until === null ? 0 : Math.max(0, Math.ceil((until - now) / 1000));
}

/** A countdown that a button waits out, e.g. after the server said 'asked too often'. */
export function useCooldown() {
  const [until, setUntil] = useState<number | null>(null);
  const [now, setNow] = useState(() => Date.now());
  const left = secondsLeft(until, now);

  useEffect(() => {
    if (until === null) {
      return;
    }
    const timer = window.setInterval(() => {
      const time = Date.now();
      setNow(time);
      if (time >= until) {
        setUntil(null);
      }
    }, 1000);
    return () => window.clearInterval(timer);
  }, [until]);

  return {
    secondsLeft: left,
    start(seconds: number) {
      const time = Date.now();
      setNow(time);
      setUntil(time + seconds * 1000);
    },
  };
}
