// What one loopback socket write costs on this machine, against an empty event-loop turn: the
// floor under every HTTP, PostgreSQL and Redis round trip of contest-day.ts.
//
//   npx tsx loadtest/src/socket-cost.ts

import type { AddressInfo } from 'node:net';
import net from 'node:net';

const ROUNDS = 20_000;
const turn = () => new Promise<void>((resolve) => setImmediate(resolve));

const server = net.createServer((socket) => socket.resume());
await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
const client = net.connect((server.address() as AddressInfo).port, '127.0.0.1');
await new Promise<void>((resolve) => client.once('connect', () => resolve()));
const payload = Buffer.alloc(100);

let start = process.hrtime.bigint();
for (let i = 0; i < ROUNDS; i += 1) {
  client.write(payload);
  await turn();
}
const withWrite = Number(process.hrtime.bigint() - start) / 1000 / ROUNDS;
start = process.hrtime.bigint();
for (let i = 0; i < ROUNDS; i += 1) {
  await turn();
}
const bare = Number(process.hrtime.bigint() - start) / 1000 / ROUNDS;
console.log(
  `loopback write + turn ${withWrite.toFixed(1)} µs, bare turn ${bare.toFixed(1)} µs: a write costs ~${(withWrite - bare).toFixed(1)} µs`,
);
client.destroy();
server.close();
