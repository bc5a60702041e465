import { describe, expect, it } from 'vitest';
import { Network, NetworkLimits, SOCKET_LIMITS, SocketGate } from './socket-limits.js';

const { socket, network, networkPerConnection, socketAbuse } = SOCKET_LIMITS;

/** How many of `count` events sent at one instant get through. */
function passed(gate: SocketGate, count: number, now = 0) {
  let through = 0;
  for (let i = 0; i < count; i += 1) {
    through += gate.take(now) === null ? 1 : 0;
  }
  return through;
}

describe('a socket’s allowance', () => {
  it('lets a burst through, then its rate, and says when to try again', () => {
    const net = new Network(0);
    net.opened(0);
    const gate = new SocketGate(net, 0);
    expect(passed(gate, socket.burst)).toBe(socket.burst);
    expect(gate.take(0)).toEqual({ reason: 'socket', retryAfterMs: 200 });
    // The refused event counted: a second later the socket has one event less than its rate.
    expect(passed(gate, socket.perSecond, 1000)).toBe(socket.perSecond - 1);
  });

  it('disconnects a socket that keeps sending far past it, and forgives one that slows down', () => {
    const net = new Network(0);
    net.opened(0);
    const flood = new SocketGate(net, 0);
    const verdicts = Array.from({ length: socket.burst + socketAbuse + 1 }, () => flood.take(0));
    expect(verdicts.at(-2)).toMatchObject({ reason: 'socket' });
    expect(verdicts.at(-1)).toEqual({ reason: 'abuse' });

    const eager = new SocketGate(net, 0);
    passed(eager, socket.burst + socketAbuse);
    const debtRepaidAt = ((socketAbuse + 1) / socket.perSecond) * 1000;
    expect(eager.take(debtRepaidAt)).toBeNull();
  });
});

describe('a network’s allowance', () => {
  it('grows with its connections: a crowd that connects together can join together', () => {
    const limits = new NetworkLimits(0);
    const net = limits.open('school', 0)!;
    for (let i = 1; i < 500; i += 1) {
      limits.open('school', 0);
    }
    // 500 children, each joining three rooms at the same instant.
    const gates = Array.from({ length: 500 }, () => new SocketGate(net, 0));
    const through = gates.reduce((sum, gate) => sum + passed(gate, 3), 0);
    expect(through).toBe(1500);
  });

  it('refuses events past it however many sockets send them, and says when to try again', () => {
    const limits = new NetworkLimits(0);
    const sockets = 20;
    const net = limits.open('flat', 0)!;
    for (let i = 1; i < sockets; i += 1) {
      limits.open('flat', 0);
    }
    const gates = Array.from({ length: sockets }, () => new SocketGate(net, 0));
    // Five seconds of every socket sending at exactly its own rate.
    const refusals: ReturnType<SocketGate['take']>[] = [];
    let through = 0;
    for (let now = 0; now < 5000; now += 1000 / socket.perSecond) {
      for (const gate of gates) {
        const refusal = gate.take(now);
        through += refusal === null ? 1 : 0;
        if (refusal) {
          refusals.push(refusal);
        }
      }
    }
    const burst = network.burst + sockets * networkPerConnection.burst;
    const perSecond = network.perSecond + sockets * networkPerConnection.perSecond;
    expect(through).toBeLessThanOrEqual(burst + 5 * perSecond);
    expect(refusals.length).toBeGreaterThan(0);
    expect(refusals.every((r) => r?.reason === 'network' && r.retryAfterMs > 0)).toBe(true);
  });

  it('caps connections per network, forgets a network with none left, and keeps others apart', () => {
    const limits = new NetworkLimits(2);
    const first = limits.open('home', 0)!;
    limits.open('home', 0);
    expect(limits.admits('home')).toBe(false);
    expect(limits.open('home', 0)).toBeNull();
    expect(limits.admits('school')).toBe(true);
    limits.close('home', first, 10);
    expect(limits.admits('home')).toBe(true);
    limits.close('home', first, 10);
    expect(limits.size).toBe(0);
  });
});
