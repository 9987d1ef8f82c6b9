import { readFileSync } from 'node:fs';
import { request } from 'node:http';
import { join } from 'node:path';
import { test as base, expect, type BrowserContext } from '@playwright/test';
import { loadBrand, type Brand } from '../../src/brand/load.ts';
import type { Locale } from '../../src/i18n/locales.ts';
import { messagesPath, type Namespace } from '../../src/i18n/namespaces.ts';
import { createT, type Messages } from '../../src/i18n/translate.ts';
import type { RouteDef } from '../../src/routes/types.ts';

export { expect };
export { expectNoSeriousA11yViolations } from './a11y.ts';

/** The one way specs read messages: a namespace's file for a locale, wherever it lives (src/i18n or a feature folder). */
export const messagesOf = (locale: Locale, ns: Namespace): Messages =>
  JSON.parse(readFileSync(join(import.meta.dirname, '../../src', messagesPath(locale, ns)), 'utf8')) as Messages;

/** t() over a namespace, or over one part of it (`tOf(locale, 'flows', 'editor')`). */
export const tOf = (locale: Locale, ns: Namespace, part?: string) =>
  createT(locale, part ? (messagesOf(locale, ns)[part] as Messages) : messagesOf(locale, ns));

export const tShell = (locale: Locale) => tOf(locale, 'shell');
export const tRoutes = (locale: Locale) => tOf(locale, 'routes');
/** The UI kit's texts every domain shows: list states and the pager. */
export const tUi = (locale: Locale) => tOf(locale, 'ui');

/** A concrete URL path for a route: parameters get sample values. */
export function samplePath(route: RouteDef): string {
  return route.path.replace(/:(\w+)\??/g, (_, name: string) => `sample-${name}`);
}

export interface Tokens {
  token: string;
  refreshToken: string;
}

export interface GatewayResponse {
  status: number;
  headers: Record<string, string | string[] | undefined>;
  body: string;
}

/**
 * A plain request to the local gateway as brand <id>'s host. Node cannot resolve `*.localhost` names (the
 * browser can), so it connects to the loopback address and names the host in the Host header.
 */
export function gatewayGet(baseURL: string, path: string): Promise<GatewayResponse> {
  const url = new URL(path, baseURL);
  return new Promise((resolve, reject) => {
    const req = request({ host: '127.0.0.1', port: url.port, path: url.pathname + url.search, headers: { host: url.host } }, (res) => {
      let body = '';
      res.setEncoding('utf8');
      res.on('data', (chunk: string) => (body += chunk));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body }));
    });
    req.on('error', reject);
    req.end();
  });
}

/** Signs in through the real API (the seeded demo account) and returns its tokens. */
export async function demoTokens(baseURL: string, account = { email: 'demo@cabinet.local', password: 'demo123' }): Promise<Tokens> {
  const api = new URL(baseURL);
  const response = await fetch(`http://127.0.0.1:${api.port}/api/v1/account/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(account),
  });
  if (!response.ok) throw new Error(`demo login failed: ${response.status} ${await response.text()}`);
  return (await response.json()) as Tokens;
}

/** A call of the API from node: its status and JSON body, whatever the status. */
export async function apiCall(baseURL: string, method: string, path: string, token?: string, body?: unknown) {
  const res = await fetch(`http://127.0.0.1:${new URL(baseURL).port}/api/v1${path}`, {
    method,
    headers: { ...(body ? { 'content-type': 'application/json' } : {}), ...(token ? { authorization: `Bearer ${token}` } : {}) },
    body: body ? JSON.stringify(body) : undefined,
  });
  return { status: res.status, body: (await res.json().catch(() => undefined)) as any };
}

/** A newly registered customer (password `secret1`), signed in. */
export async function newCustomer(baseURL: string, email: string) {
  const created = await apiCall(baseURL, 'POST', '/account/register', undefined, { email, password: 'secret1', confirmPassword: 'secret1', phone: '+79161234567', countryId: 1 });
  if (created.status !== 201) throw new Error(`register ${email}: ${created.status} ${JSON.stringify(created.body)}`);
  const login = await apiCall(baseURL, 'POST', '/account/login', undefined, { email, password: 'secret1' });
  return { id: created.body.id as number, token: login.body.token as string, refreshToken: login.body.refreshToken as string };
}

/** The bootstrap super-admin the e2e server is started with (playwright.config.ts). */
export const adminTokens = (baseURL: string) => demoTokens(baseURL, { email: 'staff@cabinet.local', password: 'staff-e2e-1' });

/** Stores tokens and a language choice before any page script runs, as a returning user's browser would. */
export async function prepareStorage(context: BrowserContext, options: { tokens?: Tokens; locale?: Locale }) {
  await context.addInitScript((o) => {
    if (sessionStorage.getItem('e2e-prepared')) return;
    sessionStorage.setItem('e2e-prepared', '1');
    if (o.tokens) {
      localStorage.setItem('token', o.tokens.token);
      localStorage.setItem('refreshToken', o.tokens.refreshToken);
    }
    if (o.locale) localStorage.setItem('locale', o.locale);
  }, options);
}

/** Worker fixture: the project's brand, parsed from brands/<project>.json. Worker-scoped, so a spec can skip a
 * brand with `test.skip(({ brand }) => …)` before any browser context is opened. */
export const test = base.extend<{}, { brand: Brand }>({
  brand: [
    async ({}, use, workerInfo) => {
      await use(loadBrand(workerInfo.project.name));
    },
    { scope: 'worker' },
  ],
});

/** Mail the API sent to an address, newest first, read from the SMTP sink's folder (waits up to 10 s). */
export async function mailTo(address: string, atLeast = 1): Promise<{ subject: string; text: string }[]> {
  const { readdirSync, readFileSync: read } = await import('node:fs');
  const { E2E_MAIL_DIR } = await import('./ports.ts');
  for (let i = 0; i < 100; i++) {
    const mails = readdirSync(E2E_MAIL_DIR)
      .sort()
      .reverse()
      .map((f) => JSON.parse(read(join(E2E_MAIL_DIR, f), 'utf8')) as { to: string[]; subject: string; text: string })
      .filter((m) => m.to.includes(address));
    if (mails.length >= atLeast) return mails;
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error(`no mail to ${address}`);
}

/** The first link in a mail whose path contains `path`, on the page's host. */
export function linkIn(text: string, path: string): string {
  const match = new RegExp(`https?://[^\\s]*${path.replace(/[.*+?^${}()|[\]\\/]/g, '\\$&')}[^\\s]*`).exec(text);
  if (!match) throw new Error(`no ${path} link in mail:\n${text}`);
  const url = new URL(match[0]);
  return url.pathname + url.search;
}

let counter = 0;
export const uniqueEmail = (tag: string) => `${tag}-${Date.now().toString(36)}-${process.pid}-${++counter}@example.com`;

export const tAccount = (locale: Locale) => tOf(locale, 'account');
/** The quick start's texts as its page ships them: the onboarding namespace plus the account texts it reuses. */
export const tOnboarding = (locale: Locale) => createT(locale, { ...messagesOf(locale, 'account'), ...messagesOf(locale, 'onboarding') });

/** Waits until every island on the page is hydrated (Astro drops the `ssr` attribute then): typing into a
 * server-rendered form before that would be overwritten by the island's state. */
export const hydrated = (page: import('@playwright/test').Page) =>
  page.waitForFunction(() => [...document.querySelectorAll('astro-island')].every((island) => !island.hasAttribute('ssr')));

/**
 * Asserts what a person sees, not what the DOM holds: the element is inside the viewport (wholly) and the topmost
 * element at its centre is the element or one of its descendants (nothing covers it). Retries like expect().
 */
export async function expectOnScreen(locator: import('@playwright/test').Locator, options: { timeout?: number } = {}): Promise<void> {
  await expect(locator).toBeVisible(options);
  await expect
    .poll(
      () =>
        locator.evaluate((el) => {
          const box = el.getBoundingClientRect();
          const { innerWidth: w, innerHeight: h } = window;
          if (box.width === 0 || box.height === 0) return `empty box`;
          if (box.left < 0 || box.top < 0 || box.right > w + 0.5 || box.bottom > h + 0.5) {
            return `outside the ${w}×${h} viewport: ${Math.round(box.left)},${Math.round(box.top)} – ${Math.round(box.right)},${Math.round(box.bottom)}`;
          }
          const top = document.elementFromPoint(box.left + box.width / 2, box.top + box.height / 2);
          if (!top || !(el === top || el.contains(top))) return `covered by ${top?.outerHTML.slice(0, 120) ?? 'nothing'}`;
          return 'on screen';
        }),
      { message: 'the element is inside the viewport and not covered', ...options },
    )
    .toBe('on screen');
}
