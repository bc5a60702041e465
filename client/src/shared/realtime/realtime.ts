import type { ClientToServerEvents, FlagsUpdatedEvent, ServerToClientEvents } from '@riyazi/api/contracts';
import { env } from '../../config/env';
import { LiveSocket } from './live-socket';

export type RealtimeSocket = LiveSocket<ServerToClientEvents, ClientToServerEvents>;

export interface RealtimeOptions {
  /** Read on every (re)connect so a login or a refreshed token is picked up. */
  getToken: () => string | null;
  onFlagsUpdated: (event: FlagsUpdatedEvent) => void;
  /** The socket may have missed events while it was away: resync over REST. */
  onReconnect: () => void;
}

export interface RealtimeConnection {
  socket: RealtimeSocket;
  /** Reconnect with the current token (after a login or logout). */
  reauthenticate: () => void;
  close: () => void;
}

/** Connects when the browser is idle (see app/realtime-sync.ts), with the app's own small client. */
export async function connectRealtime(options: RealtimeOptions): Promise<RealtimeConnection> {
  // After the server refuses a token (e.g. expired), stay connected as a guest: public events still flow.
  let asGuest = false;
  const socket: RealtimeSocket = new LiveSocket({
    url: env.apiBase === '' ? undefined : env.apiBase,
    path: '/socket.io',
    auth: (callback) => {
      const token = asGuest ? null : options.getToken();
      callback(token === null ? {} : { token });
    },
  });
  socket.on('flags:updated', options.onFlagsUpdated);
  socket.on('connect_error', () => {
    // Not active means the server refused us in a middleware and will not be retried by itself.
    if (!socket.active && !asGuest) {
      asGuest = true;
      socket.connect();
    }
  });
  socket.on('disconnect', (reason) => {
    // The server drops the connections of a session that ended (logout, new password, deactivation)
    // and socket.io does not retry that by itself: come back, as a guest if the token is refused.
    if (reason === 'io server disconnect') {
      socket.connect();
    }
  });
  socket.io.on('reconnect', options.onReconnect);
  return {
    socket,
    reauthenticate: () => {
      asGuest = false;
      socket.disconnect();
      socket.connect();
    },
    close: () => {
      socket.close();
    },
  };
}
