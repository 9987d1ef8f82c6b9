import type { Sealer } from '../../platform/crypto/sealing.ts';

// The sealed credentials of each kind (docs/connections.md "Secrets"); the kind is the sealing context, so one
// kind's value never opens as another's.
export interface Credentials {
  /** `webhookSecret`: the secret_token Telegram sends with this bot's updates. */
  telegram: { token: string; webhookSecret: string };
  twilio: { accountSid: string; authToken: string; from: string };
  sigma: { login: string; password: string; sender: string };
  /**
   * 360dialog's D360-API-KEY of one WhatsApp Business number; `webhookSecret`: the X-Cabinet-Token 360dialog sends
   * with its webhook calls (absent on accounts added before the webhook, and when no https origin could take it);
   * `wabaId`: the WhatsApp Business account the key lists templates of (absent when it listed none), so a replaced key
   * is checked to be the same account's.
   */
  waba: { apiKey: string; webhookSecret?: string; wabaId?: string };
  /** A booking system's user token (`Authorization: Bearer <partner>, User <userToken>`); none for a marketplace install. */
  yclients: { userToken?: string };
  altegio: { userToken?: string };
  /** iikoCloud's apiLogin; `webhookSecret`: the authToken iiko sends with its webhook calls. */
  iiko: { apiLogin: string; webhookSecret?: string };
  /** amoCRM OAuth tokens (the refresh token is single-use: rotated atomically under the row's lock). */
  amo: { subdomain: string; accessToken: string; refreshToken: string; expiresAt: number; webhookSecret?: string };
  /**
   * Chatwoot: the instance origin, account id, the user's api_access_token, the API inbox made for the cabinet;
   * `webhookSecret` is in its webhook URL, `signingSecret` the inbox's own `secret` (Chatwoot ≥ 4.13 signs with it).
   */
  chatwoot: { baseUrl: string; accountId: number; apiAccessToken: string; inboxId?: number; webhookSecret?: string; signingSecret?: string };
}
export type SealedKind = keyof Credentials;

export const sealCredentials = <K extends SealedKind>(sealer: Sealer, kind: K, value: Credentials[K]): string => sealer.seal(JSON.stringify(value), kind);

export const openCredentials = <K extends SealedKind>(sealer: Sealer, kind: K, sealed: string): Credentials[K] => JSON.parse(sealer.open(sealed, kind)) as Credentials[K];
