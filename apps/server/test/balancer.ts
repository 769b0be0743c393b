import { createServer, connect, type Server, type Socket } from 'node:net';

/**
 * A small layer-4 load balancer for tests and benchmarks: each TCP connection goes to the next
 * backend in turn (HTTP keep-alive and WebSockets stay on the instance they reached, as behind a
 * real balancer); a backend that refuses the connection is skipped for the next one, so killing an
 * instance moves new connections to the others. `stats` counts connections per backend.
 */
export class Balancer {
  private readonly server: Server;
  private next = 0;
  private readonly sockets = new Set<Socket>();
  readonly stats: number[];

  constructor(private readonly backends: number[]) {
    this.stats = backends.map(() => 0);
    this.server = createServer((client) => this.route(client, 0));
  }

  async listen(port = 0): Promise<number> {
    await new Promise<void>((resolve) => this.server.listen(port, '127.0.0.1', resolve));
    const address = this.server.address();
    if (!address || typeof address === 'string') throw new Error('balancer: no port');
    return address.port;
  }

  private route(client: Socket, tries: number): void {
    // A client may go away while its backend is being reached: never an unhandled 'error'.
    if (tries === 0) client.on('error', () => client.destroy());
    if (tries >= this.backends.length) {
      client.destroy();
      return;
    }
    const i = this.next++ % this.backends.length;
    const upstream = connect(this.backends[i]!, '127.0.0.1');
    client.pause();
    upstream.once('connect', () => {
      this.stats[i]!++;
      this.sockets.add(client);
      this.sockets.add(upstream);
      client.pipe(upstream).pipe(client);
      client.resume();
      const end = () => {
        client.destroy();
        upstream.destroy();
        this.sockets.delete(client);
        this.sockets.delete(upstream);
      };
      client.once('close', end);
      upstream.once('close', end);
      client.on('error', end);
      upstream.on('error', end);
    });
    let retried = false;
    upstream.on('error', () => {
      // Refused before connecting (the instance is down): the next backend gets the client.
      if (!this.sockets.has(upstream) && !retried) {
        retried = true;
        upstream.destroy();
        this.route(client, tries + 1);
      }
    });
  }

  async close(): Promise<void> {
    for (const s of this.sockets) s.destroy();
    await new Promise<void>((resolve) => this.server.close(() => resolve()));
  }
}
