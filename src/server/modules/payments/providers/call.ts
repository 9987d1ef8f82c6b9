import { BlockList, isIP } from 'node:net';
import { isDownAnswer, providerCall } from '../../connections/provider-call.ts';
import type { ProviderFailure } from './types.ts';

// The providers' HTTP calls go through the connections' providerCall (15 s timeout; 429, 5xx, network and timeout
// are `down`; nothing logged). What is left per provider is reading its answers.

export type Answer = { status: number; body: unknown };

/** One call; `down` as the interface's failure, 401/403 as `keyRefused`, 404 as `notFound`, the rest to the caller. */
export async function call(url: string, init: Parameters<typeof providerCall>[1]): Promise<Answer | ProviderFailure> {
  const a = await providerCall(url, init);
  if (isDownAnswer(a)) return { ok: false, kind: 'down', reason: a.down };
  if (a.status === 401 || a.status === 403) return { ok: false, kind: 'keyRefused', status: a.status };
  if (a.status === 404) return { ok: false, kind: 'notFound' };
  return a;
}

export const isFailure = (a: Answer | ProviderFailure): a is ProviderFailure => 'ok' in a && a.ok === false;

/** String values of a provider's metadata object (anything else is left out). */
export function stringsOf(raw: unknown): Record<string, string> {
  const out: Record<string, string> = {};
  if (raw && typeof raw === 'object' && !Array.isArray(raw)) for (const [k, v] of Object.entries(raw)) if (typeof v === 'string') out[k] = v;
  return out;
}

export const text = (v: unknown): string | undefined => (typeof v === 'string' && v ? v : undefined);

/** Whether `address` lies in one of the CIDR ranges; an IPv4 address seen as IPv6 (`::ffff:a.b.c.d`) counts as IPv4. */
export function addressIn(address: string, ranges: readonly string[]): boolean {
  const plain = address.replace(/^::ffff:(?=\d+\.\d+\.\d+\.\d+$)/i, '');
  const family = isIP(plain) === 4 ? 'ipv4' : isIP(plain) === 6 ? 'ipv6' : undefined;
  if (!family) return false;
  const list = new BlockList();
  for (const range of ranges) {
    const [network = '', bits] = range.split('/');
    const version = isIP(network);
    if (!version) continue;
    list.addSubnet(network, bits === undefined ? (version === 4 ? 32 : 128) : Number(bits), version === 4 ? 'ipv4' : 'ipv6');
  }
  return list.check(plain, family);
}
