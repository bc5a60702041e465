/**
 * What one client may ask of an api node's Socket.IO server (README: "Realtime limits"). The app's
 * own client joins a board, the champions room or a job's room, a few events on each connect and
 * page change; every figure is far above that and far below what would cost the node anything.
 */
export const SOCKET_LIMITS = {
  /** Rooms a socket may join itself (the server's own rooms for it are not counted). */
  roomsPerSocket: 32,
  /** Events one socket may send: a burst, then so many a second. */
  socket: { burst: 30, perSecond: 10 },
  /** A socket this many events past its allowance is not a browser of ours: it is disconnected. */
  socketAbuse: 300,
  /** Events one network may send over all its sockets on this node: a base… */
  network: { burst: 200, perSecond: 50 },
  /** …and this much more per open connection (a school's hundreds reconnecting at once get through). */
  networkPerConnection: { burst: 10, perSecond: 2 },
  /** The largest message a client may send (a room name, or the handshake's token, is under 1 KB). */
  maxMessageBytes: 16 * 1024,
} as const;

export type Refusal =
  | { reason: 'socket' | 'network'; retryAfterMs: number }
  /** Far past its allowance: the caller disconnects the socket. */
  | { reason: 'abuse' };

const waitMs = (missing: number, perSecond: number) => Math.ceil((missing * 1000) / perSecond);

/** One network's connections on this node, and its event allowance (which grows with them). */
export class Network {
  connections = 0;
  private tokens: number = SOCKET_LIMITS.network.burst;
  constructor(private at: number) {}

  private refill(now: number): void {
    const { network: base, networkPerConnection: per } = SOCKET_LIMITS;
    const capacity = base.burst + per.burst * this.connections;
    const perSecond = base.perSecond + per.perSecond * this.connections;
    this.tokens = Math.min(capacity, this.tokens + (Math.max(0, now - this.at) * perSecond) / 1000);
    this.at = Math.max(this.at, now);
  }

  /** A connection opened: it brings its own burst, so a crowd that connects at once can join. */
  opened(now: number): void {
    this.refill(now);
    this.connections += 1;
    this.tokens += SOCKET_LIMITS.networkPerConnection.burst;
  }

  closed(now: number): void {
    this.refill(now);
    this.connections -= 1;
    this.refill(now);
  }

  /** Takes one event from the allowance: 0, or how long until there is one again. */
  take(now: number): number {
    this.refill(now);
    if (this.tokens >= 1) {
      this.tokens -= 1;
      return 0;
    }
    const perSecond =
      SOCKET_LIMITS.network.perSecond + SOCKET_LIMITS.networkPerConnection.perSecond * this.connections;
    return waitMs(1 - this.tokens, perSecond);
  }
}

/**
 * Every network with an open connection on this node, and how many it may hold (0: no cap). Only
 * networks with a connection are kept, so it is bounded by the connections themselves.
 */
export class NetworkLimits {
  private readonly networks = new Map<string, Network>();
  constructor(private readonly maxConnections: number) {}

  admits(key: string): boolean {
    return this.maxConnections === 0 || (this.networks.get(key)?.connections ?? 0) < this.maxConnections;
  }

  /** A connection opened from `key`, or null when the network already holds its cap. */
  open(key: string, now: number): Network | null {
    if (!this.admits(key)) {
      return null;
    }
    let network = this.networks.get(key);
    if (!network) {
      network = new Network(now);
      this.networks.set(key, network);
    }
    network.opened(now);
    return network;
  }

  close(key: string, network: Network, now: number): void {
    network.closed(now);
    if (network.connections <= 0 && this.networks.get(key) === network) {
      this.networks.delete(key);
    }
  }

  /** Networks with a connection open (for tests and metrics). */
  get size(): number {
    return this.networks.size;
  }
}

/**
 * One socket's event allowance. An event past it still counts (a debt repaid at the same rate), so
 * a socket that keeps sending is soon far enough past to be disconnected; events within it must
 * also fit its network's allowance. O(1) time and memory per event, refused or not.
 */
export class SocketGate {
  private tokens: number = SOCKET_LIMITS.socket.burst;
  constructor(
    private readonly network: Network,
    private at: number,
  ) {}

  take(now: number): Refusal | null {
    const { burst, perSecond } = SOCKET_LIMITS.socket;
    this.tokens = Math.min(burst, this.tokens + (Math.max(0, now - this.at) * perSecond) / 1000) - 1;
    this.at = Math.max(this.at, now);
    if (this.tokens < -SOCKET_LIMITS.socketAbuse) {
      return { reason: 'abuse' };
    }
    if (this.tokens < 0) {
      return { reason: 'socket', retryAfterMs: waitMs(1 - this.tokens, perSecond) };
    }
    const wait = this.network.take(now);
    return wait === 0 ? null : { reason: 'network', retryAfterMs: wait };
  }
}
