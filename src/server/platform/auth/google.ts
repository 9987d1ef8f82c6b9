import { createLocalJWKSet, createRemoteJWKSet, jwtVerify, type JWTVerifyGetKey } from 'jose';
import type { ServerConfig } from '../config.ts';

export interface GoogleIdentity {
  email: string;
  name: string | undefined;
}

const GOOGLE_ISSUERS = ['https://accounts.google.com', 'accounts.google.com'];
const keySets = new Map<string, JWTVerifyGetKey>();

function keySet(config: ServerConfig): JWTVerifyGetKey {
  if (config.googleJwks) return createLocalJWKSet(config.googleJwks);
  let set = keySets.get(config.googleJwksUrl);
  if (!set) {
    // jose caches the fetched keys and refetches on an unknown kid (Google rotates keys).
    set = createRemoteJWKSet(new URL(config.googleJwksUrl));
    keySets.set(config.googleJwksUrl, set);
  }
  return set;
}

/** Verifies a Google ID token (signature, issuer, audience, expiry) and returns its verified email. */
export async function verifyGoogleIdToken(config: ServerConfig, idToken: string): Promise<GoogleIdentity> {
  if (!config.googleClientId) throw new Error('Google sign-in is not configured (GOOGLE_CLIENT_ID)');
  const { payload } = await jwtVerify(idToken, keySet(config), {
    issuer: GOOGLE_ISSUERS,
    audience: config.googleClientId,
    currentDate: new Date(config.now()),
  });
  if (typeof payload.email !== 'string' || payload.email_verified !== true) {
    throw new Error('The Google account has no verified email');
  }
  return { email: payload.email, name: typeof payload.name === 'string' ? payload.name : undefined };
}
