import type { IncomingMessage } from 'node:http';
import { isIPv4, isIPv6 } from 'node:net';

/**
 * The key a per-network limit counts under: an IPv4 address as it is, an IPv6 address by its /64
 * (one household or school line gets a whole /64, so counting single addresses would count nothing).
 */
export function clientNetwork(ip: string): string {
  const mapped = /^::ffff:(\d{1,3}(?:\.\d{1,3}){3})$/i.exec(ip);
  if (mapped?.[1] !== undefined) {
    return mapped[1];
  }
  if (isIPv4(ip) || !isIPv6(ip)) {
    return ip;
  }
  const address = (ip.split('%')[0] ?? ip).toLowerCase();
  const [head = '', tail] = address.split('::');
  const groups = (part: string) => (part === '' ? [] : part.split(':'));
  // A trailing dotted IPv4 part fills two groups; only the first four groups matter here.
  const tailLength = tail === undefined ? 0 : groups(tail).length + (tail.includes('.') ? 1 : 0);
  const expanded =
    tail === undefined
      ? groups(head)
      : [...groups(head), ...Array<string>(8 - groups(head).length - tailLength).fill('0'), ...groups(tail)];
  const prefix = expanded.slice(0, 4).map((group) => Number.parseInt(group, 16).toString(16));
  return `${prefix.join(':')}::/64`;
}

/**
 * A raw request's client address as Fastify's `request.ip` gives it (for Socket.IO handshakes, which
 * never pass through Fastify): with TRUST_PROXY the first address of X-Forwarded-For, else the peer.
 */
export function requestClientIp(request: IncomingMessage, trustProxy: boolean): string {
  const header = request.headers['x-forwarded-for'];
  const forwarded = trustProxy && typeof header === 'string' ? header.split(',') : [];
  return (
    forwarded.map((part) => part.trim()).find((part) => part !== '') ?? request.socket.remoteAddress ?? ''
  );
}
