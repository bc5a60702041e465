// A Socket.IO client of the few things the app uses (events both ways, acknowledgements, a token in
// the handshake, reconnecting), over WebSocket only: Engine.IO protocol 4 and Socket.IO protocol 5 on
// the default namespace, in about 1.5 KB where socket.io-client costs 12 KB on a phone's first load.
// Text packets only (no binary attachments): every event of the app is JSON.
//
//   Engine.IO: 0 open {sid, pingInterval, pingTimeout} · 1 close · 2 ping → 3 pong · 4 message
//   Socket.IO (inside a message): 0 connect [auth] · 1 disconnect · 2 event [id] [name, …args]
//   · 3 ack id [args] · 4 connect error {message}

// biome-ignore lint/suspicious/noExplicitAny: the shape of socket.io's event maps
type EventsMap<T> = Record<keyof T, (...args: any[]) => void>;
type Reason = 'io server disconnect' | 'io client disconnect' | 'transport close';

interface Reserved {
  connect: () => void;
  connect_error: (error: Error) => void;
  disconnect: (reason: Reason) => void;
}

export interface LiveSocketOptions {
  /** The api's origin, or undefined for the page's own. */
  url?: string;
  path: string;
  /** Asked before every (re)connect: what the handshake carries (a token). */
  auth: (callback: (data: Record<string, unknown>) => void) => void;
  /** First retry delay after a lost connection, doubled up to `maxDelay` (with jitter). */
  delay?: number;
  maxDelay?: number;
}

type Handler = (...args: never[]) => void;

function socketUrl(url: string | undefined, path: string): string {
  const base = new URL(url ?? window.location.href);
  base.protocol = base.protocol === 'https:' ? 'wss:' : 'ws:';
  base.pathname = `${path.replace(/\/$/, '')}/`;
  base.search = '?EIO=4&transport=websocket';
  base.hash = '';
  return base.toString();
}

export class LiveSocket<Listen extends EventsMap<Listen>, Emit extends EventsMap<Emit>> {
  /** Connected to the namespace: events flow both ways. */
  connected = false;
  /** Trying to stay connected (false after disconnect() or a refused handshake). */
  active = false;
  /** The manager's events, as socket.io-client's `socket.io`: `reconnect` after a connection came back. */
  readonly io = { on: (event: 'reconnect', handler: () => void) => this.listen(`io:${event}`, handler) };

  private ws: WebSocket | null = null;
  private readonly handlers = new Map<string, Set<Handler>>();
  private readonly acks = new Map<number, Handler>();
  private nextAck = 0;
  private attempts = 0;
  /** The connection was lost and is being retried: `reconnect` when it comes back. */
  private reconnecting = false;
  private silence = 0;
  private retryTimer: ReturnType<typeof setTimeout> | undefined;
  private silenceTimer: ReturnType<typeof setTimeout> | undefined;

  constructor(private readonly options: LiveSocketOptions) {
    this.connect();
  }

  on<E extends keyof Listen | keyof Reserved>(
    event: E,
    handler: E extends keyof Reserved ? Reserved[E] : Listen[E & keyof Listen],
  ): this {
    this.listen(String(event), handler);
    return this;
  }

  off<E extends keyof Listen>(event: E, handler: Listen[E]): this {
    this.handlers.get(String(event))?.delete(handler);
    return this;
  }

  /** An event to the server; a function as last argument is called with the server's acknowledgement. */
  emit<E extends keyof Emit>(event: E, ...args: Parameters<Emit[E]>): this {
    if (!this.connected) {
      return this; // like a volatile event: rooms are (re)joined on every connect anyway
    }
    const values: unknown[] = [...args];
    const last = values[values.length - 1];
    let id = '';
    if (typeof last === 'function') {
      const ackId = this.nextAck++;
      this.acks.set(ackId, last as Handler);
      values.pop();
      id = String(ackId);
    }
    this.send(`42${id}${JSON.stringify([event, ...values])}`);
    return this;
  }

  connect(): this {
    clearTimeout(this.retryTimer);
    if (this.ws) {
      return this;
    }
    this.active = true;
    const ws = new WebSocket(socketUrl(this.options.url, this.options.path));
    this.ws = ws;
    ws.onmessage = (message) => {
      if (typeof message.data === 'string') {
        this.receive(message.data);
      }
    };
    ws.onclose = () => {
      if (this.ws === ws) {
        this.lost();
      }
    };
    return this;
  }

  disconnect(): this {
    this.reconnecting = false;
    const wasConnected = this.connected;
    if (wasConnected) {
      this.send('41');
    }
    this.active = false;
    this.drop();
    if (wasConnected) {
      this.fire('disconnect', 'io client disconnect');
    }
    return this;
  }

  close(): this {
    return this.disconnect();
  }

  private listen(event: string, handler: Handler): void {
    let set = this.handlers.get(event);
    if (!set) {
      set = new Set();
      this.handlers.set(event, set);
    }
    set.add(handler);
  }

  private fire(event: string, ...args: unknown[]): void {
    for (const handler of [...(this.handlers.get(event) ?? [])]) {
      (handler as (...a: unknown[]) => void)(...args);
    }
  }

  private send(packet: string): void {
    if (this.ws?.readyState === WebSocket.OPEN) {
      this.ws.send(packet);
    }
  }

  /** No ping within the server's interval and timeout: the connection is gone without a close. */
  private expectPing(): void {
    clearTimeout(this.silenceTimer);
    this.silenceTimer = setTimeout(() => this.ws?.close(), this.silence);
  }

  private receive(data: string): void {
    const type = data[0];
    if (type === '0') {
      const open = JSON.parse(data.slice(1)) as { pingInterval: number; pingTimeout: number };
      this.silence = open.pingInterval + open.pingTimeout;
      this.expectPing();
      this.options.auth((auth) => this.send(`40${JSON.stringify(auth)}`));
    } else if (type === '2') {
      this.expectPing();
      this.send('3');
    } else if (type === '1') {
      this.ws?.close();
    } else if (type === '4') {
      this.packet(data.slice(1));
    }
  }

  private packet(data: string): void {
    const type = data[0];
    const body = data.slice(1);
    if (type === '0') {
      this.connected = true;
      this.attempts = 0;
      this.fire('connect');
      if (this.reconnecting) {
        this.reconnecting = false;
        this.fire('io:reconnect');
      }
    } else if (type === '4') {
      // Refused by a middleware (e.g. an expired token): not retried, as socket.io-client does.
      this.active = false;
      this.drop();
      const { message } = JSON.parse(body || '{}') as { message?: string };
      this.fire('connect_error', new Error(message ?? 'refused'));
    } else if (type === '1') {
      this.active = false;
      this.drop();
      this.fire('disconnect', 'io server disconnect');
    } else if (type === '2' || type === '3') {
      const start = body.indexOf('[');
      const id = body.slice(0, start);
      const args = JSON.parse(body.slice(start)) as unknown[];
      if (type === '3') {
        const ack = this.acks.get(Number(id));
        this.acks.delete(Number(id));
        (ack as ((...a: unknown[]) => void) | undefined)?.(...args);
      } else {
        this.fire(String(args[0]), ...args.slice(1));
      }
    }
  }

  /** Closes the transport without retrying. */
  private drop(): void {
    const ws = this.ws;
    this.ws = null;
    this.connected = false;
    this.acks.clear();
    clearTimeout(this.silenceTimer);
    clearTimeout(this.retryTimer);
    ws?.close();
  }

  /** The transport closed or never opened: try again later while active. */
  private lost(): void {
    const wasConnected = this.connected;
    const active = this.active;
    this.drop();
    this.active = active;
    if (wasConnected) {
      this.fire('disconnect', 'transport close');
    } else if (active) {
      this.fire('connect_error', new Error('unreachable'));
    }
    if (this.active) {
      this.reconnecting = true;
      const { delay = 1000, maxDelay = 5000 } = this.options;
      const wait = Math.min(delay * 2 ** this.attempts++, maxDelay) * (0.5 + Math.random() / 2);
      this.retryTimer = setTimeout(() => this.connect(), wait);
    }
  }
}
