import { createServer } from 'node:net';

/** A loopback port free right now: for a child server that must be told its port before it starts. */
export const freePort = () =>
  new Promise<number>((done) => {
    const probe = createServer().listen(0, '127.0.0.1', () => {
      const { port } = probe.address() as { port: number };
      probe.close(() => done(port));
    });
  });
