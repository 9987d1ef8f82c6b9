import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

/** A loopback HTTP server on a random port, for provider test doubles. */
export interface FakeServer {
  url: string;
  close(): Promise<void>;
}

/** `body` is the request as UTF-8 text; `bytes` the same request untouched (multipart uploads carry binary). */
export type Handler = (req: IncomingMessage, body: string, res: ServerResponse, bytes: Buffer) => void | Promise<void>;

export async function startFake(handler: Handler, port = 0): Promise<FakeServer> {
  const server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const bytes = Buffer.concat(chunks);
      void Promise.resolve(handler(req, bytes.toString('utf8'), res, bytes)).catch(() => sendJson(res, 500, { error: 'fake failed' }));
    });
  });
  await new Promise<void>((resolve) => server.listen(port, '127.0.0.1', resolve));
  const bound = (server.address() as AddressInfo).port;
  return {
    url: `http://127.0.0.1:${bound}`,
    close: () => new Promise<void>((resolve) => (server.closeAllConnections(), server.close(() => resolve()))),
  };
}

export function sendJson(res: ServerResponse, status: number, body: unknown, headers: Record<string, string> = {}): void {
  if (res.destroyed) return;
  res.writeHead(status, { 'content-type': 'application/json', ...headers });
  res.end(JSON.stringify(body));
}

/** Counts events in a sliding window: the fakes' way to enforce "N per second". */
export class SlidingWindow {
  private readonly times = new Map<string, number[]>();
  private readonly max: number;
  private readonly windowMs: number;
  constructor(max: number, windowMs: number) {
    this.max = max;
    this.windowMs = windowMs;
  }
  /** ms until `key` may send again; 0 if it may now. Counts nothing. */
  wait(key: string, now: number): number {
    const recent = (this.times.get(key) ?? []).filter((t) => now - t < this.windowMs);
    this.times.set(key, recent);
    return recent.length >= this.max ? recent[0]! + this.windowMs - now : 0;
  }
  record(key: string, now: number): void {
    this.times.get(key)!.push(now);
  }
}

/** Test controls shared by the fakes: fail or stall the next requests. */
export interface Faults {
  /** The next `count` requests answer this HTTP status with the provider's error body. */
  failNext(count: number, status: number): void;
  /** Every request waits this long before answering (simulates a hung gateway). */
  delayMs: number;
}

/**
 * Sends through a pacer the way the dispatcher does: take a token, send, and on a provider 429 pause for its
 * retry hint and try again. Returns when the message is accepted; counts the 429s it met.
 */
export async function sendPaced<R extends { ok: boolean; retryable?: boolean; retryAfterMs?: number }>(
  pacer: { take(to: string): Promise<void>; pause(ms: number, to?: string): void },
  to: string,
  send: () => Promise<R>,
  takenAt: number[] = [],
): Promise<{ result: R; refused: number }> {
  let refused = 0;
  for (;;) {
    await pacer.take(to);
    takenAt.push(Date.now());
    const result = await send();
    if (result.ok || !result.retryable || refused >= 3) return { result, refused };
    refused++;
    pacer.pause(result.retryAfterMs ?? 1000, to);
  }
}

/** The image type by its first bytes (PNG signature, JPEG SOI), as a provider would check an upload. */
export function imageTypeOf(bytes: Uint8Array): 'image/png' | 'image/jpeg' | undefined {
  if (bytes.length >= 8 && Buffer.from(bytes.subarray(0, 8)).equals(Buffer.from('89504e470d0a1a0a', 'hex'))) return 'image/png';
  if (bytes.length >= 3 && bytes[0] === 0xff && bytes[1] === 0xd8 && bytes[2] === 0xff) return 'image/jpeg';
  return undefined;
}
