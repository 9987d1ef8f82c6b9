import { lookup as dnsLookup } from 'node:dns/promises';
import { request as httpRequest, type IncomingHttpHeaders, type RequestOptions } from 'node:http';
import { request as httpsRequest } from 'node:https';
import { BlockList, isIP, type LookupFunction } from 'node:net';

/**
 * The one way server code fetches an address a user gave (docs/security.md "Outbound requests"): only features
 * that exist to read a user's URL use it (AI assistant knowledge URLs, review-map links); everything else never
 * fetches user input at all. Each hop resolves the host, refuses every non-public address, and connects to exactly
 * the address it checked (a DNS answer that changes between check and connect — rebinding — cannot move it).
 * Redirects are followed by hand (at most 3), each re-checked; the body and the total time are capped.
 */

export type OutboundRefusal =
  | 'badUrl' // not http(s), credentials in it, or unparsable
  | 'blockedAddress' // resolves to loopback, private, link-local, metadata, multicast, reserved …
  | 'unresolvable'
  | 'tooManyRedirects'
  | 'tooLarge'
  | 'timeout'
  | 'network';

export class OutboundFetchError extends Error {
  readonly reason: OutboundRefusal;
  constructor(reason: OutboundRefusal, detail: string) {
    super(`${reason}: ${detail}`);
    this.name = 'OutboundFetchError';
    this.reason = reason;
  }
}

export interface ResolvedAddress {
  address: string;
  family: 4 | 6;
}

export interface OutboundFetchOptions {
  /** Extra ranges an operator allows (config `outboundFetch.allow`, OUTBOUND_FETCH_ALLOW), e.g. an intranet wiki. */
  allow?: readonly string[];
  /** Body cap in bytes (default 1 MB): a longer answer is refused, not cut. */
  maxBytes?: number;
  /** Everything included: lookups, connects, redirects, the body (default 10 s). */
  timeoutMs?: number;
  /** Redirects followed (default 3). */
  maxRedirects?: number;
  headers?: Record<string, string>;
  /** GET by default; another method sends `body` and follows no redirect (a redirected write is answered as is). */
  method?: 'GET' | 'POST' | 'PATCH' | 'DELETE';
  body?: string;
  /** The resolver (default: the system's, every address of the name). */
  resolve?: (host: string) => Promise<ResolvedAddress[]>;
}

export interface OutboundResponse {
  /** The address finally read, after redirects. */
  url: string;
  status: number;
  headers: IncomingHttpHeaders;
  body: Buffer;
}

/**
 * Never public: this host, private networks, shared CGNAT space, link-local (cloud metadata 169.254.169.254 and
 * fd00:ec2::254 included), documentation and benchmark ranges, multicast, reserved, and the IPv6 forms that embed
 * an IPv4 address (mapped ::ffff:0:0/96, the old compatible ::/96, NAT64 64:ff9b::/96, 6to4 2002::/16).
 */
const BLOCKED_V4 = ['0.0.0.0/8', '10.0.0.0/8', '100.64.0.0/10', '127.0.0.0/8', '169.254.0.0/16', '172.16.0.0/12', '192.0.0.0/24', '192.0.2.0/24', '192.88.99.0/24', '192.168.0.0/16', '198.18.0.0/15', '198.51.100.0/24', '203.0.113.0/24', '224.0.0.0/4', '240.0.0.0/4'];
const BLOCKED_V6 = ['::/96', '::ffff:0:0/96', '64:ff9b::/96', '64:ff9b:1::/48', '100::/64', '2001:db8::/32', '2002::/16', 'fc00::/7', 'fe80::/10', 'fec0::/10', 'ff00::/8'];

/** A CIDR range (`10.0.0.0/8`, `fd00::/8`, a bare address = one host), or undefined when it is not one. */
export function parseCidr(text: string): { network: string; prefix: number; family: 'ipv4' | 'ipv6' } | undefined {
  const [network = '', bits, extra] = text.trim().split('/');
  const version = isIP(network);
  if (!version || extra !== undefined) return undefined;
  const max = version === 4 ? 32 : 128;
  const prefix = bits === undefined ? max : /^\d{1,3}$/.test(bits) ? Number(bits) : NaN;
  if (!(prefix >= 0 && prefix <= max)) return undefined;
  return { network, prefix, family: version === 4 ? 'ipv4' : 'ipv6' };
}

function listOf(ranges: readonly string[]): BlockList {
  const list = new BlockList();
  for (const range of ranges) {
    const cidr = parseCidr(range);
    if (!cidr) throw new Error(`not a CIDR range: ${range}`);
    list.addSubnet(cidr.network, cidr.prefix, cidr.family);
  }
  return list;
}

// One list per family: Node's BlockList checks an IPv4 address against IPv6 rules as ::ffff:a.b.c.d, so a single
// list holding ::ffff:0:0/96 would refuse every IPv4 address.
const blocked = { ipv4: listOf(BLOCKED_V4), ipv6: listOf(BLOCKED_V6) };

/** Whether an address may be connected to: public, or inside a range the operator allowed. */
export function isPublicAddress(address: string, allow: readonly string[] = []): boolean {
  const family = isIP(address) === 6 ? 'ipv6' : isIP(address) === 4 ? 'ipv4' : undefined;
  if (!family) return false;
  if (allow.length && listOf(allow).check(address, family)) return true;
  return !blocked[family].check(address, family);
}

const systemResolve = async (host: string): Promise<ResolvedAddress[]> =>
  (await dnsLookup(host, { all: true, verbatim: true })).map((a) => ({ address: a.address, family: a.family === 6 ? 6 : 4 }));

/** Fetches `url` (GET unless told) under the rules above; throws OutboundFetchError with a reason for every refusal. */
export async function fetchUserUrl(url: string, options: OutboundFetchOptions = {}): Promise<OutboundResponse> {
  const { allow = [], maxBytes = 1024 * 1024, timeoutMs = 10_000, headers = {}, resolve = systemResolve, method = 'GET', body } = options;
  const maxRedirects = method === 'GET' ? (options.maxRedirects ?? 3) : 0;
  const deadline = AbortSignal.timeout(timeoutMs);
  const timedOut = () => new OutboundFetchError('timeout', `no answer within ${timeoutMs} ms`);
  let current = url;
  for (let hop = 0; ; hop++) {
    const target = checkedUrl(current);
    const pinned = await withDeadline(pickAddress(target.hostname, allow, resolve), deadline, timedOut);
    const response = await get(target, pinned, headers, maxBytes, deadline, timedOut, method, body);
    const location = response.headers.location;
    if (method === 'GET' && response.status >= 300 && response.status < 400 && location) {
      if (hop >= maxRedirects) throw new OutboundFetchError('tooManyRedirects', `more than ${maxRedirects} redirects`);
      current = new URL(location, target).href;
      continue;
    }
    return { url: target.href, ...response };
  }
}

function checkedUrl(text: string): URL {
  let url: URL;
  try {
    url = new URL(text);
  } catch {
    throw new OutboundFetchError('badUrl', 'not an absolute URL');
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') throw new OutboundFetchError('badUrl', `scheme ${url.protocol} is not fetched`);
  if (url.username || url.password) throw new OutboundFetchError('badUrl', 'credentials in the URL are not sent');
  return url;
}

/** Resolves once and checks every answer: one non-public address refuses the host (no picking the good one). */
async function pickAddress(hostname: string, allow: readonly string[], resolve: NonNullable<OutboundFetchOptions['resolve']>): Promise<ResolvedAddress> {
  const host = hostname.replace(/^\[|\]$/g, '');
  const literal = isIP(host);
  let addresses: ResolvedAddress[];
  try {
    addresses = literal ? [{ address: host, family: literal === 6 ? 6 : 4 }] : await resolve(host);
  } catch {
    throw new OutboundFetchError('unresolvable', `${host} does not resolve`);
  }
  if (!addresses.length) throw new OutboundFetchError('unresolvable', `${host} does not resolve`);
  const refused = addresses.find((a) => !isPublicAddress(a.address, allow));
  if (refused) throw new OutboundFetchError('blockedAddress', `${host} resolves to ${refused.address}, which is not public`);
  return addresses[0]!;
}

function withDeadline<T>(work: Promise<T>, deadline: AbortSignal, timedOut: () => Error): Promise<T> {
  if (deadline.aborted) return Promise.reject(timedOut());
  return new Promise<T>((resolve, reject) => {
    const onAbort = () => reject(timedOut());
    deadline.addEventListener('abort', onAbort, { once: true });
    work.then(resolve, reject).finally(() => deadline.removeEventListener('abort', onAbort));
  });
}

/** One GET to the pinned address: the socket's lookup answers only with it; TLS still checks the host name. */
function get(target: URL, pinned: ResolvedAddress, headers: Record<string, string>, maxBytes: number, deadline: AbortSignal, timedOut: () => Error, method = 'GET', body?: string) {
  const lookup: LookupFunction = (_host, opts, callback) => {
    if ((opts as { all?: boolean }).all) (callback as (e: null, a: ResolvedAddress[]) => void)(null, [pinned]);
    else callback(null, pinned.address, pinned.family);
  };
  const request = target.protocol === 'https:' ? httpsRequest : httpRequest;
  const options: RequestOptions = { method, headers: { 'user-agent': 'cabinet-fetch', ...headers }, lookup, signal: deadline, agent: false };
  return new Promise<{ status: number; headers: IncomingHttpHeaders; body: Buffer }>((resolve, reject) => {
    const fail = (error: unknown) => reject(deadline.aborted ? timedOut() : error instanceof OutboundFetchError ? error : new OutboundFetchError('network', (error as Error).message));
    const req = request(target, options, (res) => {
      const declared = Number(res.headers['content-length']);
      if (declared > maxBytes) return req.destroy(new OutboundFetchError('tooLarge', `declares ${declared} bytes, the cap is ${maxBytes}`));
      const chunks: Buffer[] = [];
      let size = 0;
      res.on('data', (chunk: Buffer) => {
        size += chunk.length;
        if (size > maxBytes) return req.destroy(new OutboundFetchError('tooLarge', `more than ${maxBytes} bytes`));
        chunks.push(chunk);
      });
      res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body: Buffer.concat(chunks) }));
      res.on('error', fail);
    });
    req.on('error', fail);
    req.end(body);
  });
}
