// The gateway serves what the build precompressed (brotli first, then gzip) and answers revalidation with 304 from
// ETag / Last-Modified (issue 15 "Gateway"); stale or missing variants fall back to the plain file.
import { mkdtempSync, mkdirSync, rmSync, utimesSync, writeFileSync } from 'node:fs';
import { createServer, request, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadBrand } from '../../src/brand/load.ts';
import { gatewayHandler } from '../../src/gateway/handler.ts';
import { precompress } from '../../src/gateway/precompress.ts';

const page = `<!doctype html><title>Flows</title>${'<p>Every flow of the salon.</p>'.repeat(200)}`;
const script = `export const rows = ${JSON.stringify(Array.from({ length: 300 }, (_, i) => ({ id: i, title: `flow ${i}` })))};`;

let root: string;
let server: Server;
let port: number;

beforeAll(async () => {
  root = mkdtempSync(join(tmpdir(), 'gateway-'));
  mkdirSync(join(root, 'flows'));
  mkdirSync(join(root, '_astro'));
  writeFileSync(join(root, 'flows', 'index.html'), page);
  writeFileSync(join(root, '_astro', 'list.abc123.js'), script);
  writeFileSync(join(root, 'tiny.txt'), 'ok');
  writeFileSync(join(root, '404.html'), '<!doctype html><title>Not found</title>');
  expect(precompress(root)).toBe(2);
  const brand = loadBrand('main-ru');
  const site = { brand, root, manifest: { brand: brand.id, hosts: [], rewrites: [], redirects: [], notFound: [] } };
  server = createServer(gatewayHandler([site], brand.id));
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  port = (server.address() as AddressInfo).port;
});
afterAll(() => {
  server?.close();
  rmSync(root, { recursive: true, force: true });
});

function get(path: string, headers: Record<string, string> = {}, method = 'GET') {
  return new Promise<{ status: number; headers: Record<string, string | string[] | undefined>; body: Buffer }>((resolve, reject) => {
    const req = request({ host: '127.0.0.1', port, path, method, headers: { host: 'main-ru.localhost', ...headers } }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (c: Buffer) => chunks.push(c));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body: Buffer.concat(chunks) }));
    });
    req.on('error', reject);
    req.end();
  });
}

describe('compressed answers', () => {
  it('brotli when accepted, else gzip, else the plain bytes; each says so and varies by Accept-Encoding', async () => {
    const br = await get('/flows/', { 'accept-encoding': 'gzip, deflate, br' });
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.headers.vary).toBe('Accept-Encoding');
    expect(Number(br.headers['content-length'])).toBe(br.body.length);
    expect(br.body.length).toBeLessThan(page.length / 10);
    expect(brotliDecompressSync(br.body).toString()).toBe(page);

    const gz = await get('/_astro/list.abc123.js', { 'accept-encoding': 'gzip' });
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(gz.body).toString()).toBe(script);

    const refused = await get('/flows/', { 'accept-encoding': 'br;q=0, gzip;q=0' });
    expect(refused.headers['content-encoding']).toBeUndefined();
    expect(refused.body.toString()).toBe(page);
    expect((await get('/flows/')).body.toString()).toBe(page);
  });

  it('small files are sent as they are', async () => {
    const tiny = await get('/tiny.txt', { 'accept-encoding': 'br' });
    expect(tiny.headers['content-encoding']).toBeUndefined();
    expect(tiny.body.toString()).toBe('ok');
  });

  it('a variant older than its file is never sent', async () => {
    const file = join(root, 'flows', 'index.html');
    const later = new Date(Date.now() + 60_000);
    writeFileSync(file, page.replace('Flows', 'Flows, updated'));
    utimesSync(file, later, later);
    const res = await get('/flows/', { 'accept-encoding': 'br' });
    expect(res.headers['content-encoding']).toBeUndefined();
    expect(res.body.toString()).toContain('Flows, updated');
    writeFileSync(file, page);
    precompress(root);
  });
});

describe('revalidation', () => {
  it('ETag and Last-Modified on a page; a matching If-None-Match or If-Modified-Since answers 304 with no body', async () => {
    const first = await get('/flows/', { 'accept-encoding': 'br' });
    const etag = String(first.headers.etag);
    expect(etag).toMatch(/^"[\w-]+-br"$/);
    expect(first.headers['last-modified']).toBeTruthy();
    expect(first.headers['cache-control']).toBe('no-cache');

    const again = await get('/flows/', { 'accept-encoding': 'br', 'if-none-match': etag });
    expect(again.status).toBe(304);
    expect(again.body.length).toBe(0);
    expect(again.headers.etag).toBe(etag);

    // Another representation (plain) has its own tag: the brotli tag does not validate it.
    expect((await get('/flows/', { 'if-none-match': etag })).status).toBe(200);
    expect((await get('/flows/', { 'if-modified-since': String(first.headers['last-modified']) })).status).toBe(304);
    expect((await get('/flows/', { 'if-modified-since': 'Thu, 01 Jan 1970 00:00:00 GMT' })).status).toBe(200);
    expect((await get('/flows/', { 'if-none-match': '"other"', 'if-modified-since': String(first.headers['last-modified']) })).status).toBe(200);
  });

  it('a changed file gets a new tag; a not-found page is never 304', async () => {
    const before = String((await get('/_astro/list.abc123.js')).headers.etag);
    writeFileSync(join(root, '_astro', 'list.abc123.js'), script + '\n// changed');
    const after = await get('/_astro/list.abc123.js', { 'if-none-match': before });
    expect(after.status).toBe(200);
    expect(after.headers.etag).not.toBe(before);
    const missing = await get('/nowhere', { 'if-none-match': '*' });
    expect(missing.status).toBe(404);
    expect(missing.headers.etag).toBeUndefined();
  });

  it('HEAD gives the headers of GET and no body', async () => {
    const head = await get('/flows/', { 'accept-encoding': 'gzip' }, 'HEAD');
    expect(head.status).toBe(200);
    expect(head.headers['content-encoding']).toBe('gzip');
    expect(head.body.length).toBe(0);
  });
});
