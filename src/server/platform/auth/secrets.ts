import { createHash, randomBytes, timingSafeEqual } from 'node:crypto';

/** Opaque random secret (refresh tokens, mailed codes, provider webhook secrets): 32 bytes, URL-safe. */
export const newSecret = (): string => randomBytes(32).toString('base64url');

/** Secrets are stored as SHA-256: they are high-entropy, so a slow hash adds nothing. */
/**
 * Whether a secret someone sent equals ours, in time that does not tell how much of it matched. Compared as SHA-256
 * digests: always 32 bytes each, whatever the input's characters (a header's non-ASCII byte once made the byte
 * lengths differ where the string lengths matched, and `timingSafeEqual` threw).
 */
export const sameSecret = (a: string, b: string): boolean => timingSafeEqual(createHash('sha256').update(a).digest(), createHash('sha256').update(b).digest());

export const sha256 = (value: string): string => createHash('sha256').update(value).digest('hex');
