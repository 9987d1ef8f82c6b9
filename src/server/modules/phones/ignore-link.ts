import { createHmac, timingSafeEqual } from 'node:crypto';
import type { Db } from '../../platform/db/open.ts';
import { userIdByGuid } from '../account/store.ts';

// The public ignore link /il/{encUserGuid}: the user's guid (32 hex) followed by an HMAC of it under the server
// secret (22 base64url chars, 128 bits). Knowing a guid is not enough to forge a link; nothing is stored, so the
// link is stable for the life of the secret (rotating JWT_SECRET changes every link).
const MAC_LENGTH = 22;

// `purpose` keeps tokens of different links apart (a webhook URL token is no ignore link).
const macOf = (secret: string, guidHex: string, purpose: string) => createHmac('sha256', secret).update(`${purpose}:${guidHex}`).digest('base64url').slice(0, MAC_LENGTH);

export function ignoreLinkToken(secret: string, userGuid: string, purpose = 'ignore-link'): string {
  const hex = userGuid.replace(/-/g, '').toLowerCase();
  return `${hex}${macOf(secret, hex, purpose)}`;
}

/** The user id a token belongs to, or undefined for a malformed, forged or orphaned token. */
export async function userOfIgnoreLink(db: Db, secret: string, token: string, purpose = 'ignore-link'): Promise<number | undefined> {
  const match = /^([0-9a-f]{32})([\w-]{22})$/.exec(token);
  if (!match) return undefined;
  const [, hex, mac] = match as unknown as [string, string, string];
  const expected = Buffer.from(macOf(secret, hex, purpose));
  if (!timingSafeEqual(expected, Buffer.from(mac))) return undefined;
  const guid = `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
  return userIdByGuid(db, guid);
}
