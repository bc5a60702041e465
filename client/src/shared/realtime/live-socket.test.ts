import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { LiveSocket } from './live-socket';

/** A WebSocket the test plays the server of: what the client sent, and `serve()` to answer. */
class FakeWebSocket {
  static OPEN = 1;
  static all: FakeWebSocket[] = [];
  readyState = 0;
  sent: string[] = [];
  onmessage: ((event: { data: unknown }) => void) | null = null;
  onclose: (() => void) | null = null;
  constructor(readonly url: string) {
    FakeWebSocket.all.push(this);
  }
  send(data: string) {
    this.sent.push(data);
  }
  close() {
    if (this.readyState !== 3) {
      this.readyState = 3;
      this.onclose?.();
    }
  }
  serve(data: string) {
    this.readyState = 1;
    this.onmessage?.({ data });
  }
}

interface Listen {
  'flags:updated': (event: { flags: unknown }) => void;
}
interface Emit {
  'room:join': (room: string, ack: (result: { ok: boolean }) => void) => void;
}

const OPEN = '0{"sid":"e1","upgrades":[],"pingInterval":25000,"pingTimeout":20000,"maxPayload":1000000}';
const latest = () => FakeWebSocket.all[FakeWebSocket.all.length - 1]!;

function connect(token: string | null = 't1') {
  const socket = new LiveSocket<Listen, Emit>({
    url: 'https://riyazi.example/',
    path: '/socket.io',
    auth: (callback) => callback(token === null ? {} : { token }),
  });
  return socket;
}

beforeEach(() => {
  FakeWebSocket.all = [];
  vi.stubGlobal('WebSocket', FakeWebSocket);
  vi.useFakeTimers();
});
afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

describe('LiveSocket', () => {
  it('opens a WebSocket to the Socket.IO path and connects with its token', () => {
    const socket = connect();
    const onConnect = vi.fn();
    socket.on('connect', onConnect);
    const ws = latest();
    expect(ws.url).toBe('wss://riyazi.example/socket.io/?EIO=4&transport=websocket');
    ws.serve(OPEN);
    expect(ws.sent).toEqual(['40{"token":"t1"}']);
    expect(socket.connected).toBe(false);
    ws.serve('40{"sid":"s1"}');
    expect(socket.connected).toBe(true);
    expect(onConnect).toHaveBeenCalledTimes(1);
  });

  it('answers pings, delivers events and acknowledgements', () => {
    const socket = connect();
    const ws = latest();
    ws.serve(OPEN);
    ws.serve('40{"sid":"s1"}');
    ws.serve('2');
    expect(ws.sent.at(-1)).toBe('3');

    const onFlags = vi.fn();
    socket.on('flags:updated', onFlags);
    ws.serve('42["flags:updated",{"flags":{"a":true}},"offset-1"]');
    expect(onFlags).toHaveBeenCalledWith({ flags: { a: true } }, 'offset-1');
    socket.off('flags:updated', onFlags);
    ws.serve('42["flags:updated",{"flags":{}}]');
    expect(onFlags).toHaveBeenCalledTimes(1);

    const ack = vi.fn();
    socket.emit('room:join', 'champions', ack);
    expect(ws.sent.at(-1)).toBe('420["room:join","champions"]');
    ws.serve('430[{"ok":true}]');
    expect(ack).toHaveBeenCalledWith({ ok: true });
  });

  it('reports a refused handshake and does not retry it by itself', () => {
    const socket = connect();
    const onError = vi.fn();
    socket.on('connect_error', onError);
    latest().serve(OPEN);
    latest().serve('44{"message":"invalid token"}');
    expect(onError).toHaveBeenCalledWith(new Error('invalid token'));
    expect(socket.active).toBe(false);
    vi.advanceTimersByTime(60_000);
    expect(FakeWebSocket.all).toHaveLength(1);
  });

  it('reconnects after a lost connection and says so; a server disconnect is not retried', () => {
    const socket = connect();
    const onDisconnect = vi.fn();
    const onReconnect = vi.fn();
    socket.on('disconnect', onDisconnect);
    socket.io.on('reconnect', onReconnect);
    latest().serve(OPEN);
    latest().serve('40{"sid":"s1"}');

    latest().close();
    expect(onDisconnect).toHaveBeenLastCalledWith('transport close');
    expect(socket.connected).toBe(false);
    vi.advanceTimersByTime(5_000);
    expect(FakeWebSocket.all).toHaveLength(2);
    latest().serve(OPEN);
    latest().serve('40{"sid":"s2"}');
    expect(onReconnect).toHaveBeenCalledTimes(1);

    latest().serve('41');
    expect(onDisconnect).toHaveBeenLastCalledWith('io server disconnect');
    vi.advanceTimersByTime(60_000);
    expect(FakeWebSocket.all).toHaveLength(2);
  });

  it('closes a connection that stopped pinging, and retries', () => {
    connect();
    latest().serve(OPEN);
    latest().serve('40{"sid":"s1"}');
    vi.advanceTimersByTime(45_001);
    expect(latest().readyState).toBe(3);
    vi.advanceTimersByTime(5_000);
    expect(FakeWebSocket.all).toHaveLength(2);
  });
});
