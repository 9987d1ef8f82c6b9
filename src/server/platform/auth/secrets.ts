import { createHash, randomBytes } from 'node:crypto';

/** Opaque random secret (refresh tokens, mailed codes, provider webhook secrets): 32 bytes, URL-safe. */
export const newSecret = (): string => randomBytes(32).toString('base64url');

/** Secrets are stored as SHA-256: they are high-entropy, so a slow hash adds nothing. */
export const sha256 = (value: string): string => createHash('sha256').update(value).digest('hex');
