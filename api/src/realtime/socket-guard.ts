import type { IncomingMessage } from 'node:http';
import { clientNetwork, requestClientIp } from '../auth/client-network.js';
import type { RoomJoinResult } from '../contracts/socket.js';
import { socketRefusals } from '../metrics/metrics.js';
import type { TypedServer, TypedSocket } from './adapter.js';
import { type Network, NetworkLimits, SocketGate } from './socket-limits.js';

export interface SocketLimitOptions {
  /** As the app's: the client's network is X-Forwarded-For's first address behind a balancer. */
  trustProxy: boolean;
  /** Connections one network may hold on this node (SOCKET_CONNECTIONS_PER_NETWORK); 0: no cap. */
  connectionsPerNetwork: number;
}

const TOO_MANY_CONNECTIONS = 'Too many connections from your network';
const BUSY = 'Too many requests: try again shortly';

/** What the limits need of an engine.io connection. */
interface EngineConnection {
  request: IncomingMessage;
  once(event: 'close', listener: () => void): unknown;
  close(): unknown;
}

/**
 * The realtime limits of one node's Socket.IO server (README: "Realtime limits"): connections per
 * network counted on the engine, so a refused handshake costs no socket; every event through its
 * socket's and its network's allowance, refused at once past them (O(1), no queue, no timer).
 */
export function socketLimits(options: SocketLimitOptions) {
  const networks = new NetworkLimits(options.connectionsPerNetwork);
  const byConnection = new WeakMap<object, Network>();
  const networkOf = (request: IncomingMessage) => clientNetwork(requestClientIp(request, options.trustProxy));
  return {
    networks,

    /** engine.io's `allowRequest`: a handshake from a network at its cap is refused (HTTP 403). */
    allowRequest(request: IncomingMessage, callback: (err: string | null | undefined, ok: boolean) => void) {
      const ok = networks.admits(networkOf(request));
      if (!ok) {
        socketRefusals.inc({ reason: 'connections' });
      }
      callback(ok ? null : TOO_MANY_CONNECTIONS, ok);
    },

    /** Counts the engine's connections per network (call once the server is attached). */
    watch(io: TypedServer) {
      io.engine.on('connection', (conn: EngineConnection) => {
        const key = networkOf(conn.request);
        const network = networks.open(key, performance.now());
        if (!network) {
          // Handshakes that passed allowRequest side by side: the cap holds all the same.
          socketRefusals.inc({ reason: 'connections' });
          conn.close();
          return;
        }
        byConnection.set(conn, network);
        conn.once('close', () => networks.close(key, network, performance.now()));
      });
    },

    /** Every event of a new socket passes its allowance first; far past it, the socket is dropped. */
    guard(socket: TypedSocket) {
      const network = byConnection.get(socket.conn);
      if (!network) {
        socket.disconnect(true);
        return;
      }
      const gate = new SocketGate(network, performance.now());
      socket.use((packet, next) => {
        const refusal = gate.take(performance.now());
        if (refusal === null) {
          next();
          return;
        }
        if (refusal.reason === 'abuse') {
          if (socket.connected) {
            socketRefusals.inc({ reason: 'abuse' });
            socket.disconnect(true);
          }
          return;
        }
        if (packet[0] === 'room:leave') {
          // Counted, never refused: it only frees, and a client has no answer to retry it on.
          next();
          return;
        }
        socketRefusals.inc({ reason: `${refusal.reason}_rate` });
        const ack: unknown = packet.at(-1);
        if (typeof ack === 'function') {
          const busy: RoomJoinResult = { ok: false, message: BUSY, retryAfterMs: refusal.retryAfterMs };
          ack(busy);
        }
      });
    },
  };
}

export type SocketLimits = ReturnType<typeof socketLimits>;
