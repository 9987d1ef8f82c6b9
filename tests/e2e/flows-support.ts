// Helpers of the flows and templates specs: the API from node, a customer with the base booking tariff, texts.
import { adminTokens, type Tokens, tOf } from './support.ts';
import type { Locale } from '../../src/i18n/locales.ts';

export const tFlows = (locale: Locale) => tOf(locale, 'flows');
export const tTemplates = (locale: Locale) => tOf(locale, 'flows', 'templates');

export async function api(baseURL: string, method: string, path: string, token?: string, body?: unknown) {
  const res = await fetch(`http://127.0.0.1:${new URL(baseURL).port}/api/v1${path}`, {
    method,
    headers: { ...(body ? { 'content-type': 'application/json' } : {}), ...(token ? { authorization: `Bearer ${token}` } : {}) },
    body: body ? JSON.stringify(body) : undefined,
  });
  const json = (await res.json().catch(() => undefined)) as any;
  if (res.status >= 400) throw new Error(`${method} ${path}: ${res.status} ${JSON.stringify(json)}`);
  return json;
}

/**
 * Sign-up starts the §9 trial (a free payment period opening every quick-start kind, docs/home.md); specs that test
 * one tariff or the payment reminders end it first (staff mark it failed).
 */
export async function endTrial(baseURL: string, userId: number, staffToken: string): Promise<void> {
  const pays = (await api(baseURL, 'GET', `/Admin/Users/${userId}/Pays`, staffToken)) as { pays?: { id: number; reason: string | null }[] };
  for (const p of (pays.pays ?? []).filter((p) => p.reason === 'trial')) await api(baseURL, 'PATCH', `/Admin/Users/${userId}/Pays/${p.id}`, staffToken, { success: false });
}

/** A fresh customer with the base booking tariff, so booking flows are available and birthday ones are not. */
export async function customer(baseURL: string, tag: string): Promise<Tokens> {
  const email = `flows-${tag}-${Date.now()}-${process.pid}@example.com`;
  await api(baseURL, 'POST', '/account/register', undefined, { email, password: 'secret1', confirmPassword: 'secret1', phone: '+79161234567' });
  const tokens = (await api(baseURL, 'POST', '/account/login', undefined, { email, password: 'secret1' })) as Tokens;
  const me = await api(baseURL, 'GET', '/Account/CurrentUser', tokens.token);
  const staff = await adminTokens(baseURL);
  const now = Math.floor(Date.now() / 1000);
  await endTrial(baseURL, me.id, staff.token);
  await api(baseURL, 'POST', `/Admin/Users/${me.id}/Pays`, staff.token, { tariff: 0, dateBeginUnixTime: now - 86_400, dateEndUnixTime: now + 30 * 86_400 });
  return tokens;
}
