import type { ServerToClientEvents } from '@riyazi/api/contracts';
import type { RealtimeSocket } from './realtime';

type Handler<E extends keyof ServerToClientEvents> = ServerToClientEvents[E];

interface Subscription {
  room: string;
  event: keyof ServerToClientEvents;
  handler: (payload: never) => void;
  /** Called after every (re)join: the room may have changed while we were away, resync over REST. */
  onJoined: () => void;
}

let socket: RealtimeSocket | null = null;
const subscriptions = new Set<Subscription>();

/**
 * Live updates travel over a WebSocket only; a school network that blocks WebSockets (or a phone
 * between signals) still sees boards and progress move: while the socket is down, every room is
 * resynced over REST this often.
 */
export const OFFLINE_RESYNC_MS = 30_000;
let resyncTimer: ReturnType<typeof setInterval> | null = null;

function resyncWhileDisconnected(): void {
  if (socket?.connected) {
    return;
  }
  for (const subscription of subscriptions) {
    subscription.onJoined();
  }
}

function keepResyncTimer(): void {
  if (subscriptions.size > 0 && resyncTimer === null) {
    resyncTimer = setInterval(resyncWhileDisconnected, OFFLINE_RESYNC_MS);
  } else if (subscriptions.size === 0 && resyncTimer !== null) {
    clearInterval(resyncTimer);
    resyncTimer = null;
  }
}

/** Spread over this much on top of the server's wait, so a crowd refused together does not return together. */
export const RETRY_JITTER_MS = 2000;

function join(target: RealtimeSocket, subscription: Subscription) {
  target.emit('room:join', subscription.room, (result) => {
    if (result.ok) {
      subscription.onJoined();
    } else if (result.retryAfterMs !== undefined) {
      // The node was busy with our network's events (a whole school reconnecting): ask again.
      setTimeout(
        () => {
          if (subscriptions.has(subscription) && socket === target && target.connected) {
            join(target, subscription);
          }
        },
        result.retryAfterMs + Math.random() * RETRY_JITTER_MS,
      );
    }
  });
}

/** The app's socket, once connected (see app/realtime-sync.ts); rooms asked for earlier join now. */
export function attachRealtimeSocket(next: RealtimeSocket): void {
  socket = next;
  // A reconnect (or a re-authentication) starts a fresh server-side session: join every room again.
  next.on('connect', () => {
    for (const subscription of subscriptions) {
      join(next, subscription);
    }
  });
  for (const subscription of subscriptions) {
    next.on(subscription.event, subscription.handler as never);
    if (next.connected) {
      join(next, subscription);
    }
  }
}

/**
 * Listens to one event of a room while mounted. `onJoined` runs after each successful join
 * (including after a reconnect), so the caller refetches the room's state and never shows a stale
 * board. Returns the unsubscribe function.
 */
export function subscribeRoom<E extends keyof ServerToClientEvents>(
  room: string,
  event: E,
  handler: Handler<E>,
  onJoined: () => void,
): () => void {
  const subscription: Subscription = { room, event, handler: handler as (payload: never) => void, onJoined };
  subscriptions.add(subscription);
  keepResyncTimer();
  if (socket) {
    socket.on(event, handler as never);
    if (socket.connected) {
      join(socket, subscription);
    }
  }
  return () => {
    subscriptions.delete(subscription);
    keepResyncTimer();
    if (socket) {
      socket.off(event, handler as never);
      if (![...subscriptions].some((s) => s.room === room)) {
        socket.emit('room:leave', room);
      }
    }
  };
}
