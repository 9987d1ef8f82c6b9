import { createHash, randomBytes, timingSafeEqual } from 'node:crypto';

/** Opaque random secret (refresh tokens, mailed codes, provider webhook secrets): 32 bytes, URL-safe. */
export const newSecret = (): string => randomBytes(32).toString('base64url');

/** Secrets are stored as SHA-256: they are high-entropy, so a slow hash adds nothing. */
/** Whether a secret someone sent equals ours, in time that does not tell how much of it matched. */
export const sameSecret = (a: string, b: string): boolean => a.length === b.length && timingSafeEqual(Buffer.from(a), Buffer.from(b));

export const sha256 = (value: string): string => createHash('sha256').update(value).digest('hex');
