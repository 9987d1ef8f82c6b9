import type { ServerConfig } from '../../platform/config.ts';
import { isDownAnswer, providerCall } from './provider-call.ts';

// 360dialog's Partner API (hub.360dialog.io/api/v2; docs/connections.md "The connect callback"): a Bearer token from
// `POST /token { username, password }`, then `POST /partners/{partner_id}/channels/{channel_id}/api_keys`, which
// creates the channel's messaging API key once the client has shared the API-key permission with the partner.

type Partner = NonNullable<ServerConfig['dialog360Partner']>;
type Down = { down: string };

/** 360dialog's ids (partner, client, channel) are short letter-and-digit strings; anything else never reaches it. */
export const DIALOG360_ID = /^[A-Za-z0-9_-]{1,100}$/;

/** Without an `expires_in` in the answer a token is kept this long (shorter than any lifetime seen documented). */
const DEFAULT_TOKEN_SECONDS = 3600;
/** A token is renewed this long before it expires, so a call never starts with one about to lapse. */
const MARGIN_MS = 60_000;

export type ChannelKey = { apiKey: string } | 'partnerRefused' | 'noPermission' | Down;

const str = (v: unknown) => (typeof v === 'string' && v ? v : undefined);

/** One partner account's calls; the Bearer token is cached per server until shortly before it expires. */
export function wabaPartner(partner: Partner, now: () => number) {
  let cached: { token: string; until: number } | undefined;

  async function token(): Promise<string | 'partnerRefused' | Down> {
    if (cached && cached.until > now()) return cached.token;
    const a = await providerCall(`${partner.hubUrl}/token`, { json: { username: partner.username, password: partner.password } });
    if (isDownAnswer(a)) return a;
    if (a.status === 400 || a.status === 401 || a.status === 403) return 'partnerRefused';
    const body = (a.body ?? {}) as { access_token?: unknown; token?: unknown; expires_in?: unknown };
    const value = str(body.access_token) ?? str(body.token);
    if (a.status !== 200 || !value) return { down: `unexpected token answer ${a.status}` };
    const seconds = typeof body.expires_in === 'number' && body.expires_in > 0 ? body.expires_in : DEFAULT_TOKEN_SECONDS;
    cached = { token: value, until: now() + seconds * 1000 - MARGIN_MS };
    return value;
  }

  return {
    /**
     * Creates the channel's API key. A token refused mid-way (revoked, expired early) is dropped and asked once
     * more; the partner's own login refused is `partnerRefused`; 360dialog's other 4xx (no such channel, permission
     * not shared) is `noPermission`.
     */
    async channelKey(channelId: string): Promise<ChannelKey> {
      for (let attempt = 0; attempt < 2; attempt++) {
        const bearer = await token();
        if (typeof bearer !== 'string') return bearer;
        const url = `${partner.hubUrl}/partners/${encodeURIComponent(partner.partnerId)}/channels/${encodeURIComponent(channelId)}/api_keys`;
        const a = await providerCall(url, { headers: { authorization: `Bearer ${bearer}` }, json: {} });
        if (isDownAnswer(a)) return a;
        if (a.status === 401) {
          cached = undefined;
          continue;
        }
        if (a.status >= 400) return 'noPermission';
        const apiKey = str((a.body as { api_key?: unknown } | undefined)?.api_key);
        return apiKey ? { apiKey } : { down: `unexpected api key answer ${a.status}` };
      }
      return 'partnerRefused';
    },
  };
}
