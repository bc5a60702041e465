import Fastify from 'fastify';
import { describe, expect, it } from 'vitest';
import { clientNetwork, requestClientIp } from './client-network.js';

describe('clientNetwork', () => {
  it('keeps an IPv4 address, also when written as IPv4-mapped IPv6', () => {
    expect(clientNetwork('203.0.113.7')).toBe('203.0.113.7');
    expect(clientNetwork('::ffff:203.0.113.7')).toBe('203.0.113.7');
  });

  it('counts IPv6 addresses of one /64 as one network, however they are written', () => {
    const network = '2001:db8:0:1::/64';
    expect(clientNetwork('2001:db8:0:1::1')).toBe(network);
    expect(clientNetwork('2001:0DB8:0000:0001:abcd:ef01:2345:6789')).toBe(network);
    expect(clientNetwork('2001:db8:0:1:ffff::')).toBe(network);
    expect(clientNetwork('2001:db8:0:2::1')).not.toBe(network);
  });

  it('expands a compressed prefix and ignores a zone', () => {
    expect(clientNetwork('2001:db8::1')).toBe('2001:db8:0:0::/64');
    expect(clientNetwork('::1')).toBe('0:0:0:0::/64');
    expect(clientNetwork('fe80::1%eth0')).toBe('fe80:0:0:0::/64');
    expect(clientNetwork('64:ff9b::198.51.100.1')).toBe('64:ff9b:0:0::/64');
  });

  it('leaves anything else as it came', () => {
    expect(clientNetwork('unknown')).toBe('unknown');
  });
});

describe('requestClientIp', () => {
  const headers = ['', '198.51.100.4', ' 198.51.100.4 , 10.0.0.1', ', ,198.51.100.4,10.0.0.1', '  ,  '];

  it('finds the address Fastify calls request.ip, with and without TRUST_PROXY', async () => {
    for (const trustProxy of [true, false]) {
      const app = Fastify({ trustProxy });
      app.get('/', async (request) => ({ ip: request.ip, ours: requestClientIp(request.raw, trustProxy) }));
      for (const header of headers) {
        const res = await app.inject({ url: '/', headers: header ? { 'x-forwarded-for': header } : {} });
        const { ip, ours } = res.json<{ ip: string; ours: string }>();
        expect(ours, `${trustProxy} ${header}`).toBe(ip);
      }
      await app.close();
    }
  });
});
