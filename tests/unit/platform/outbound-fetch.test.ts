import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fetchUserUrl, isPublicAddress, OutboundFetchError, type OutboundRefusal } from '../../../src/server/platform/http/outbound-fetch.ts';

/** A loopback server: /ok answers, /big streams 2 MB, /slow never answers, /to?u=… redirects there, /loop redirects to itself. */
let server: Server;
let base: string;
let port: number;
const hits: string[] = [];
beforeAll(async () => {
  server = createServer((req, res) => {
    hits.push(req.url ?? '');
    const url = new URL(req.url ?? '/', 'http://x');
    if (url.pathname === '/ok') return res.end('hello');
    if (url.pathname === '/big') return res.end(Buffer.alloc(2 * 1024 * 1024, 1));
    if (url.pathname === '/chunked') {
      res.write(Buffer.alloc(600, 1));
      return setTimeout(() => res.end(Buffer.alloc(600, 1)), 10);
    }
    if (url.pathname === '/slow') return;
    if (url.pathname === '/to') return res.writeHead(302, { location: url.searchParams.get('u')! }).end();
    if (url.pathname === '/loop') return res.writeHead(301, { location: `/loop?n=${Number(url.searchParams.get('n') ?? 0) + 1}` }).end();
    res.writeHead(404).end();
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  port = (server.address() as AddressInfo).port;
  base = `http://127.0.0.1:${port}`;
});
afterAll(() => new Promise<void>((resolve) => (server.closeAllConnections(), server.close(() => resolve()))));

/** Tests reach the loopback server only by allowing exactly its address, as an operator would allow a range. */
const LOOPBACK_ALLOWED = { allow: ['127.0.0.1/32'] };

async function refusal(work: Promise<unknown>): Promise<OutboundRefusal> {
  const error = await work.then(() => undefined, (e: unknown) => e);
  expect(error).toBeInstanceOf(OutboundFetchError);
  return (error as OutboundFetchError).reason;
}

describe('addresses', () => {
  it('refuses every non-public range and accepts public ones', () => {
    const refused = ['127.0.0.1', '127.8.9.10', '0.0.0.0', '10.1.2.3', '172.16.0.1', '172.31.255.255', '192.168.1.1', '100.64.0.1', '169.254.169.254', '169.254.1.1',
      '224.0.0.1', '239.255.255.250', '255.255.255.255', '::', '::1', 'fe80::1', 'fc00::1', 'fd00:ec2::254', 'ff02::1', '::ffff:127.0.0.1', '::ffff:169.254.169.254',
      '::ffff:8.8.8.8', '64:ff9b::a9fe:a9fe', '2002:7f00:1::1', 'not an ip'];
    for (const address of refused) expect(isPublicAddress(address), address).toBe(false);
    for (const address of ['8.8.8.8', '1.1.1.1', '172.32.0.1', '100.128.0.1', '2606:4700:4700::1111']) expect(isPublicAddress(address), address).toBe(true);
    expect(isPublicAddress('10.1.2.3', ['10.1.0.0/16'])).toBe(true);
    expect(isPublicAddress('10.2.0.1', ['10.1.0.0/16'])).toBe(false);
  });
});

describe('fetchUserUrl', () => {
  it('refuses a server on 127.0.0.1 by default, before connecting; an allowed range reaches it', async () => {
    hits.length = 0;
    expect(await refusal(fetchUserUrl(`${base}/ok`))).toBe('blockedAddress');
    expect(await refusal(fetchUserUrl(`http://localhost:${port}/ok`))).toBe('blockedAddress');
    expect(await refusal(fetchUserUrl(`http://[::ffff:127.0.0.1]:${port}/ok`))).toBe('blockedAddress');
    expect(await refusal(fetchUserUrl('http://169.254.169.254/latest/meta-data/'))).toBe('blockedAddress');
    expect(hits).toEqual([]);
    const res = await fetchUserUrl(`${base}/ok`, LOOPBACK_ALLOWED);
    expect(res).toMatchObject({ status: 200, url: `${base}/ok` });
    expect(res.body.toString()).toBe('hello');
  });

  it('re-checks every redirect: to loopback, to metadata, to another scheme; at most 3 hops', async () => {
    hits.length = 0;
    expect(await refusal(fetchUserUrl(`${base}/to?u=${encodeURIComponent(`http://127.0.0.2:${port}/ok`)}`, LOOPBACK_ALLOWED))).toBe('blockedAddress');
    expect(await refusal(fetchUserUrl(`${base}/to?u=${encodeURIComponent('http://169.254.169.254/latest')}`, LOOPBACK_ALLOWED))).toBe('blockedAddress');
    expect(await refusal(fetchUserUrl(`${base}/to?u=${encodeURIComponent('file:///etc/passwd')}`, LOOPBACK_ALLOWED))).toBe('badUrl');
    expect(hits.every((h) => h.startsWith('/to'))).toBe(true); // the refused targets were never requested
    const followed = await fetchUserUrl(`${base}/to?u=%2Fok`, LOOPBACK_ALLOWED);
    expect(followed).toMatchObject({ status: 200, url: `${base}/ok` });
    expect(await refusal(fetchUserUrl(`${base}/loop`, LOOPBACK_ALLOWED))).toBe('tooManyRedirects');
    expect(hits.filter((h) => h.startsWith('/loop'))).toHaveLength(4);
  });

  it('caps the body (declared or streamed) and the total time', async () => {
    expect(await refusal(fetchUserUrl(`${base}/big`, { ...LOOPBACK_ALLOWED, maxBytes: 1000 }))).toBe('tooLarge');
    expect(await refusal(fetchUserUrl(`${base}/chunked`, { ...LOOPBACK_ALLOWED, maxBytes: 1000 }))).toBe('tooLarge');
    expect((await fetchUserUrl(`${base}/chunked`, { ...LOOPBACK_ALLOWED, maxBytes: 1200 })).body.length).toBe(1200);
    const started = Date.now();
    expect(await refusal(fetchUserUrl(`${base}/slow`, { ...LOOPBACK_ALLOWED, timeoutMs: 300 }))).toBe('timeout');
    expect(Date.now() - started).toBeLessThan(2000);
    const hung = (host: string) => new Promise<never>(() => void host);
    expect(await refusal(fetchUserUrl('http://hangs.example/', { timeoutMs: 200, resolve: hung }))).toBe('timeout');
  });

  it('connects to the address it checked: a second, rebinding DNS answer is never asked for', async () => {
    let asked = 0;
    // A rebinding resolver: a harmless answer first, loopback afterwards.
    const rebinding = async () => (asked++ === 0 ? [{ address: '127.0.0.1', family: 4 as const }] : [{ address: '10.0.0.1', family: 4 as const }]);
    const res = await fetchUserUrl(`http://rebind.example:${port}/ok`, { ...LOOPBACK_ALLOWED, resolve: rebinding });
    expect(res.status).toBe(200);
    expect(asked).toBe(1);
    // One bad address among the answers refuses the host (no "pick the public one" that a later lookup could change).
    const mixed = async () => [{ address: '8.8.8.8', family: 4 as const }, { address: '127.0.0.1', family: 4 as const }];
    expect(await refusal(fetchUserUrl('http://mixed.example/', { resolve: mixed }))).toBe('blockedAddress');
  });

  it('refuses other schemes and credentials in the URL', async () => {
    for (const url of ['ftp://example.com/', 'file:///etc/passwd', 'gopher://x/', 'not a url', `http://user:pw@127.0.0.1:${port}/ok`]) {
      expect(await refusal(fetchUserUrl(url, LOOPBACK_ALLOWED)), url).toBe('badUrl');
    }
  });
});
