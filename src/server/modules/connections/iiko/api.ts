import { sha256 } from '../../../platform/auth/secrets.ts';
import { isDownAnswer, providerCall } from '../provider-call.ts';

// iikoCloud API (iikoTransport), docs/iiko.md. Facts from the SDK generated from iiko's OpenAPI description
// (GitHub UserVanya/Iikocloud-py-sdk, research-19.md §2): POST /api/1/access_token {apiLogin} → {token} (1 h), then
// `Authorization: Bearer <token>`; errors `{correlationId, errorDescription, error?}`; "not found" is often a 400.

/** What a call came to: iiko's answer, `rejected` (the apiLogin is refused), or `down` (408/429/5xx/unreachable). */
export type IikoResult<T> = { ok: T } | 'rejected' | { refused: string } | { down: string };

/** Tokens live 1 h at iiko; we reuse one for 50 min per apiLogin and fetch a new one on a 401. */
const TOKEN_MS = 50 * 60_000;
const tokens = new Map<string, { token: string; until: number }>();

export interface IikoOrganizationInfo {
  id: string;
  name: string;
}
export interface IikoTerminal {
  id: string;
  name: string;
}
export interface IikoWebhookSettings {
  webHooksUri: string | null;
}

const errorText = (body: unknown): string => {
  const b = body as { errorDescription?: unknown; message?: unknown } | undefined;
  return String(b?.errorDescription ?? b?.message ?? 'refused').slice(0, 200);
};

export function iikoApi(apiUrl: string, now: () => number) {
  const key = (apiLogin: string) => sha256(`${apiUrl} ${apiLogin}`);

  async function accessToken(apiLogin: string, fresh = false): Promise<IikoResult<string>> {
    const cached = tokens.get(key(apiLogin));
    if (!fresh && cached && cached.until > now()) return { ok: cached.token };
    const a = await providerCall(`${apiUrl}/api/1/access_token`, { json: { apiLogin } });
    if (isDownAnswer(a)) return a;
    if (a.status === 408) return { down: 'iiko timeout' };
    const token = (a.body as { token?: unknown } | undefined)?.token;
    if (a.status === 200 && typeof token === 'string' && token) {
      tokens.set(key(apiLogin), { token, until: now() + TOKEN_MS });
      return { ok: token };
    }
    if (a.status === 400 || a.status === 401 || a.status === 403) return 'rejected';
    return { down: `unexpected answer ${a.status}` };
  }

  /** One authorized call; a 401 (token expired early, or revoked) is retried once with a new token. */
  async function call(apiLogin: string, path: string, json: unknown): Promise<IikoResult<unknown>> {
    for (const fresh of [false, true]) {
      const t = await accessToken(apiLogin, fresh);
      if (t === 'rejected' || !('ok' in t)) return t;
      const a = await providerCall(`${apiUrl}${path}`, { json, headers: { authorization: `Bearer ${t.ok}` } });
      if (isDownAnswer(a)) return a;
      if (a.status === 401 && !fresh) continue;
      if (a.status === 401) return 'rejected';
      if (a.status === 408) return { down: 'iiko timeout' };
      if (a.status === 200) return { ok: a.body };
      if (a.status >= 400 && a.status < 500) return { refused: errorText(a.body) };
      return { down: `unexpected answer ${a.status}` };
    }
    return 'rejected';
  }

  const map = <A, B>(r: IikoResult<A>, f: (a: A) => B): IikoResult<B> => (typeof r === 'object' && 'ok' in r ? { ok: f(r.ok) } : r);
  const named = (list: unknown): { id: string; name: string }[] =>
    (Array.isArray(list) ? list : []).filter((o) => typeof o?.id === 'string').map((o) => ({ id: o.id as string, name: typeof o.name === 'string' && o.name ? o.name : o.id }));

  return {
    /** Checks the apiLogin by asking for a token (always a fresh one). */
    check: async (apiLogin: string) => map(await accessToken(apiLogin, true), () => true),
    organizations: async (apiLogin: string): Promise<IikoResult<IikoOrganizationInfo[]>> =>
      map(await call(apiLogin, '/api/1/organizations', { returnAdditionalInfo: false, includeDisabled: false }), (b) => named((b as { organizations?: unknown })?.organizations)),
    /** Every terminal group, the ones not granted to this login too (iiko hides those without includeDisabled). */
    terminalGroups: async (apiLogin: string, organizationId: string): Promise<IikoResult<IikoTerminal[]>> =>
      map(await call(apiLogin, '/api/1/terminal_groups', { organizationIds: [organizationId], includeDisabled: true }), (b) => {
        // An answer in another shape is read as no groups (never a 5xx), as `named` reads a list that is not one.
        const groups = (b as { terminalGroups?: unknown })?.terminalGroups;
        return (Array.isArray(groups) ? (groups as ({ items?: unknown } | null)[]) : []).flatMap((g) => named(g?.items));
      }),
    webhookSettings: async (apiLogin: string, organizationId: string): Promise<IikoResult<IikoWebhookSettings>> =>
      map(await call(apiLogin, '/api/1/webhooks/settings', { organizationId }), (b) => {
        const uri = (b as { webHooksUri?: unknown })?.webHooksUri;
        return { webHooksUri: typeof uri === 'string' && uri ? uri : null };
      }),
    /** Registers our address for delivery orders only (we read nothing else), with our secret as authToken. */
    registerWebhook: async (apiLogin: string, organizationId: string, uri: string, authToken: string): Promise<IikoResult<true>> =>
      map(
        await call(apiLogin, '/api/1/webhooks/update_settings', {
          organizationId,
          webHooksUri: uri,
          authToken,
          webHooksFilter: { deliveryOrderFilter: { orderStatuses: ['Unconfirmed', 'WaitCooking', 'ReadyForCooking', 'CookingStarted', 'CookingCompleted', 'Waiting', 'OnWay', 'Delivered', 'Closed', 'Cancelled'], errors: false } },
        }),
        () => true as const,
      ),
  };
}
