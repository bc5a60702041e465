import { monotonicNow } from './quiz-timer';

/**
 * The server's clock as this page reads it: the server's time at its last response plus the
 * monotonic time since (the middle of that round trip), never the device's own clock. Unknown
 * (null) until a response of this page carried the server's time: after a reload, until the
 * question is served again.
 */
export interface ServerClock {
  note: (serverTime: string, sentAt: number, receivedAt: number) => void;
  now: (at?: number) => number | null;
}

export function createServerClock(monotonic: () => number = monotonicNow): ServerClock {
  let base: { server: number; at: number } | null = null;
  return {
    note(serverTime, sentAt, receivedAt) {
      const server = Date.parse(serverTime);
      if (Number.isFinite(server)) {
        base = { server, at: (sentAt + receivedAt) / 2 };
      }
    },
    now(at = monotonic()) {
      return base === null ? null : base.server + (at - base.at);
    },
  };
}

/** This page's reading of the server's clock (the quiz screens note every served clock here). */
export const serverClock = createServerClock();
