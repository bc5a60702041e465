import { type AddressInfo, createServer, type Server, type Socket } from 'node:net';

const servers: Server[] = [];
const sockets: Socket[] = [];

/**
 * For unit tests of connection failures: a TCP port on 127.0.0.1. `silent` accepts and never
 * answers (a server that hangs); otherwise nothing listens there. Close them with closeTestPorts.
 */
export async function testPort(silent: boolean): Promise<number> {
  const server = createServer((socket) => sockets.push(socket));
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  if (silent) {
    servers.push(server);
  } else {
    await new Promise((resolve) => server.close(resolve));
  }
  return port;
}

/** Ends every socket and silent server testPort opened. */
export async function closeTestPorts(): Promise<void> {
  for (const socket of sockets.splice(0)) {
    socket.destroy();
  }
  await Promise.all(servers.splice(0).map((s) => new Promise((resolve) => s.close(resolve))));
}
