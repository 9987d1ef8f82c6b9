/**
 * The local gateway's static half: serves dist/<brand>/ by Host header and applies each brand's route manifest
 * (redirects, rewrites of parameterised routes, per-locale not-found with status 404), as the CDN would.
 */
import { createHash } from 'node:crypto';
import { createReadStream, existsSync, readFileSync, statSync } from 'node:fs';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { extname, join, normalize } from 'node:path';
import type { Brand } from '../brand/schema.ts';
import { matchPattern } from '../routes/match.ts';
import type { RouteManifest } from '../routes/manifest.ts';
import { COMPRESSIBLE } from './precompress.ts';

const TYPES: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.json': 'application/json; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.jpg': 'image/jpeg',
  '.ico': 'image/x-icon',
  '.txt': 'text/plain; charset=utf-8',
  '.woff2': 'font/woff2',
  '.webmanifest': 'application/manifest+json',
};

export interface Site {
  brand: Brand;
  root: string;
  manifest: RouteManifest;
}

/** The sites that have been built; brands without output are left out (and reported by the caller). */
export function loadSites(distDir: string, brands: Brand[]): Site[] {
  return brands.flatMap((brand) => {
    const root = join(distDir, brand.id);
    const manifestFile = join(root, 'routes.json');
    if (!existsSync(manifestFile)) return [];
    return [{ brand, root, manifest: JSON.parse(readFileSync(manifestFile, 'utf8')) as RouteManifest }];
  });
}

/** `<id>.localhost` serves brand <id>, a production host serves its brand, anything else the default brand. */
export function siteForHost(sites: Site[], hostHeader: string | undefined, defaultBrandId: string): Site | undefined {
  const host = (hostHeader ?? '').toLowerCase().replace(/:\d+$/, '');
  const id = host.endsWith('.localhost') ? host.slice(0, -'.localhost'.length) : undefined;
  return (
    sites.find((s) => s.brand.id === id) ??
    sites.find((s) => s.brand.hosts.includes(host)) ??
    sites.find((s) => s.brand.id === defaultBrandId)
  );
}

function fileIn(root: string, urlPath: string): string | undefined {
  const candidate = normalize(join(root, urlPath));
  if (!candidate.startsWith(root)) return undefined;
  for (const file of [candidate, join(candidate, 'index.html'), candidate + '.html']) {
    if (existsSync(file) && statSync(file).isFile()) return file;
  }
  return undefined;
}

/** The precompressed variant the client accepts (brotli first), when the build wrote one that is not stale. */
function variantFor(req: IncomingMessage, file: string, modified: number): { path: string; encoding: 'br' | 'gzip'; size: number } | undefined {
  if (!COMPRESSIBLE.has(extname(file))) return undefined;
  const accepted = acceptedEncodings(req.headers['accept-encoding']);
  for (const [encoding, suffix] of [['br', '.br'], ['gzip', '.gz']] as const) {
    if (!accepted.has(encoding)) continue;
    const path = file + suffix;
    const stat = statSync(path, { throwIfNoEntry: false });
    if (stat && stat.mtimeMs >= modified) return { path, encoding, size: stat.size };
  }
  return undefined;
}

/** Encodings named in Accept-Encoding without q=0. */
function acceptedEncodings(header: string | string[] | undefined): Set<string> {
  const value = Array.isArray(header) ? header.join(',') : (header ?? '');
  return new Set(
    value
      .split(',')
      .map((part) => part.trim().split(';'))
      .filter(([, q]) => !q || !/^\s*q=0(\.0*)?\s*$/.test(q))
      .map(([name]) => name!.toLowerCase()),
  );
}

/** Strong validator of a file's bytes (cached while its size and mtime stay), one per encoding as HTTP requires. */
const tags = new Map<string, { key: string; tag: string }>();
function etagOf(file: string, size: number, modified: number): string {
  const key = `${size}:${modified}`;
  const cached = tags.get(file);
  if (cached?.key === key) return cached.tag;
  const tag = createHash('sha256').update(readFileSync(file)).digest('base64url').slice(0, 22);
  tags.set(file, { key, tag });
  return tag;
}

/** A conditional GET whose validators still match: If-None-Match wins over If-Modified-Since (RFC 9110). */
function notModified(req: IncomingMessage, etag: string, modified: number): boolean {
  const match = req.headers['if-none-match'];
  if (match) return match.split(',').some((t) => t.trim() === '*' || t.trim().replace(/^W\//, '') === etag);
  const since = Date.parse(req.headers['if-modified-since'] ?? '');
  return !Number.isNaN(since) && Math.floor(modified / 1000) * 1000 <= since;
}

function send(req: IncomingMessage, res: ServerResponse, file: string, status = 200): void {
  const type = TYPES[extname(file)] ?? 'application/octet-stream';
  const immutable = file.includes('/_astro/');
  const stat = statSync(file);
  const variant = variantFor(req, file, stat.mtimeMs);
  const body = variant?.path ?? file;
  // Only a 200 carries validators (a not-found page is never revalidated), so only then is the file hashed.
  const etag = status === 200 ? `"${etagOf(file, stat.size, stat.mtimeMs)}${variant ? `-${variant.encoding}` : ''}"` : '';
  const headers: Record<string, string | number> = {
    'content-type': type,
    'cache-control': immutable ? 'public, max-age=31536000, immutable' : 'no-cache',
    'x-content-type-options': 'nosniff',
    ...(COMPRESSIBLE.has(extname(file)) ? { vary: 'Accept-Encoding' } : {}),
    ...(status === 200 ? { etag, 'last-modified': new Date(stat.mtimeMs).toUTCString() } : {}),
  };
  if (status === 200 && notModified(req, etag, stat.mtimeMs)) {
    res.writeHead(304, headers).end();
    return;
  }
  if (variant) headers['content-encoding'] = variant.encoding;
  const length = variant?.size ?? stat.size;
  headers['content-length'] = length;
  res.writeHead(status, headers);
  if (req.method === 'HEAD' || length === 0) res.end();
  // Never more than the length announced: a file rewritten meanwhile (a deploy) would otherwise put its extra bytes
  // on the keep-alive connection, where the client reads them as the next answer.
  else createReadStream(body, { start: 0, end: length - 1 }).pipe(res);
}

export function serveSite(site: Site, req: IncomingMessage, res: ServerResponse): void {
  if (req.method !== 'GET' && req.method !== 'HEAD') {
    res.writeHead(405, { allow: 'GET, HEAD' }).end();
    return;
  }
  const url = new URL(req.url ?? '/', 'http://gateway');
  let path: string;
  try {
    path = decodeURIComponent(url.pathname);
  } catch {
    path = '/404';
  }
  const bare = path.length > 1 ? path.replace(/\/+$/, '') : path;
  const redirect = site.manifest.redirects.find((r) => r.from === path || r.from.replace(/\/+$/, '') === bare);
  if (redirect) {
    res.writeHead(redirect.status, { location: redirect.to + url.search }).end();
    return;
  }
  const direct = fileIn(site.root, path);
  if (direct) return send(req, res, direct);
  const rewrite = site.manifest.rewrites.find((r) => matchPattern(r.from, path));
  const rewritten = rewrite && fileIn(site.root, rewrite.to);
  if (rewritten) return send(req, res, rewritten);
  const notFound = site.manifest.notFound.find((n) => path.startsWith(n.prefix) || path + '/' === n.prefix);
  const page = (notFound && fileIn(site.root, notFound.page)) ?? fileIn(site.root, '/404.html');
  if (page) return send(req, res, page, 404);
  res.writeHead(404, { 'content-type': 'text/plain' }).end('Not found');
}
