import { connect, createServer, type Server, type Socket } from 'node:net';
import { once } from 'node:events';

/**
 * A TCP relay to the PostgreSQL server on a port of its own: the test starts it late (PostgreSQL
 * not up yet) and cuts its connections (PostgreSQL gone while the server runs).
 */
export function relay(port: number, target: URL) {
  const sockets = new Set<Socket>();
  let server: Server | null = null;
  return {
    async start() {
      server = createServer((inbound) => {
        const outbound = connect(Number(target.port || 5432), target.hostname);
        for (const socket of [inbound, outbound]) {
          sockets.add(socket);
          socket.on('close', () => sockets.delete(socket));
          socket.on('error', () => undefined);
        }
        inbound.pipe(outbound).pipe(inbound);
      });
      server.listen(port, '127.0.0.1');
      await once(server, 'listening');
    },
    /** Every connection through the relay ends at once, as when PostgreSQL stops. */
    cut() {
      for (const socket of sockets) socket.destroy();
    },
    async stop() {
      this.cut();
      if (server) await new Promise((resolve) => server!.close(resolve));
    },
  };
}
