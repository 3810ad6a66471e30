import net, { type AddressInfo, type Server, type Socket } from 'node:net';

/**
 * How the proxy fails:
 * - `refuse`: as if PostgreSQL (or its host) stopped: every open connection is cut and new ones
 *   are refused (the port is closed).
 * - `blackhole`: as if the network went silent: the port still accepts, but nothing is passed on
 *   either way, so a client waits for an answer that never comes.
 */
export type CutMode = 'refuse' | 'blackhole';

export interface TcpProxy {
  /** The proxy's port on 127.0.0.1. */
  port: number;
  /** `target` (e.g. a postgres:// URL) with its host and port replaced by the proxy's. */
  via(target: string): string;
  /** Connections passed through since the start (a new one per accepted client). */
  readonly connections: number;
  cut(mode?: CutMode): Promise<void>;
  /** Passes traffic again (new connections reach the target; black-holed ones are dropped). */
  restore(): Promise<void>;
  close(): Promise<void>;
}

/**
 * A small TCP proxy on 127.0.0.1 in front of `host:port` (PostgreSQL in the fault tests), to stop
 * and restore the database for one server without touching the real database server, which other
 * suites use at the same time.
 */
export async function startTcpProxy(target: { host: string; port: number }): Promise<TcpProxy> {
  let state: 'open' | CutMode = 'open';
  let connections = 0;
  const pairs = new Set<[Socket, Socket]>();
  const held = new Set<Socket>();

  const onConnection = (client: Socket) => {
    client.on('error', () => {});
    if (state === 'blackhole') {
      // Accepted, then silence: the client's bytes are read and dropped.
      held.add(client);
      client.on('data', () => {});
      client.on('close', () => held.delete(client));
      return;
    }
    if (state === 'refuse') {
      client.destroy();
      return;
    }
    connections += 1;
    const upstream = net.connect(target.port, target.host);
    upstream.on('error', () => client.destroy());
    client.on('error', () => upstream.destroy());
    const pair: [Socket, Socket] = [client, upstream];
    pairs.add(pair);
    const drop = () => {
      pairs.delete(pair);
      client.destroy();
      upstream.destroy();
    };
    client.on('close', drop);
    upstream.on('close', drop);
    client.pipe(upstream);
    upstream.pipe(client);
  };

  let server: Server = net.createServer(onConnection);
  await listen(server, 0);
  const port = (server.address() as AddressInfo).port;

  const closeServer = () => new Promise<void>((resolve) => server.close(() => resolve()));

  return {
    port,
    get connections() {
      return connections;
    },
    via(url) {
      const u = new URL(url);
      u.hostname = '127.0.0.1';
      u.port = String(port);
      return u.toString();
    },
    async cut(mode = 'refuse') {
      if (mode === 'refuse') {
        state = 'refuse';
        const closed = closeServer();
        for (const [client, upstream] of pairs) {
          client.destroy();
          upstream.destroy();
        }
        pairs.clear();
        for (const socket of held) socket.destroy();
        held.clear();
        await closed;
      } else {
        state = 'blackhole';
        // Open connections go silent too: what either side sends is read and dropped.
        for (const [client, upstream] of pairs) {
          client.unpipe(upstream);
          upstream.unpipe(client);
          client.removeAllListeners('data');
          upstream.removeAllListeners('data');
          client.on('data', () => {});
          upstream.on('data', () => {});
        }
      }
    },
    async restore() {
      if (state === 'refuse') {
        // The same port again, so the server under test finds its database where it was.
        server = net.createServer(onConnection);
        await listen(server, port);
      } else if (state === 'blackhole') {
        // The connections that went silent lost bytes: they cannot carry on, as after a real
        // network fault that outlived TCP's patience.
        for (const [client, upstream] of pairs) {
          client.destroy();
          upstream.destroy();
        }
        pairs.clear();
        for (const socket of held) socket.destroy();
        held.clear();
      }
      state = 'open';
    },
    async close() {
      for (const [client, upstream] of pairs) {
        client.destroy();
        upstream.destroy();
      }
      for (const socket of held) socket.destroy();
      if (server.listening) await closeServer();
    },
  };
}

/** Listens on 127.0.0.1:port; retries a port just freed that the system still holds. */
async function listen(server: Server, port: number): Promise<void> {
  for (let attempt = 0; ; attempt++) {
    try {
      await new Promise<void>((resolve, reject) => {
        server.once('error', reject);
        server.listen(port, '127.0.0.1', () => {
          server.off('error', reject);
          resolve();
        });
      });
      return;
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code !== 'EADDRINUSE' || attempt >= 50) throw err;
      await new Promise((r) => setTimeout(r, 100));
    }
  }
}
