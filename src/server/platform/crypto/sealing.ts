import { createCipheriv, createDecipheriv, createHash, randomBytes } from 'node:crypto';

/**
 * Secrets at rest (docs/connections.md "Secrets"): AES-256-GCM with a 96-bit random IV per value. A sealed value is
 * `v1.<key id>.<iv>.<ciphertext+tag>` (base64url), the key id being the first 8 hex of the key's SHA-256, so a value
 * names the key that opens it and the operator can rotate: the new key seals, the old ones still open.
 * `context` (e.g. `twilio`) is bound as additional data: a value copied into another kind's place does not open.
 */
export interface Sealer {
  /** The key id new values are sealed with. */
  readonly keyId: string;
  seal(plain: string, context: string): string;
  /** The plain text; throws SealError when no key of ours opens it or it was altered. */
  open(sealed: string, context: string): string;
  /** The key id a sealed value names (to find values still under an old key). */
  keyOf(sealed: string): string | undefined;
}

export class SealError extends Error {
  override name = 'SealError';
}

export const KEY_BYTES = 32;
const IV_BYTES = 12;
const TAG_BYTES = 16;

export const keyIdOf = (key: Buffer): string => createHash('sha256').update(key).digest('hex').slice(0, 8);

/** `keys[0]` seals; every key opens the values that name it. */
export function createSealer(given: readonly Uint8Array[]): Sealer {
  // Buffers become plain Uint8Arrays when the config crosses to the engine's threads (structured clone).
  const keys = given.map((k) => Buffer.from(k));
  if (!keys.length || keys.some((k) => k.length !== KEY_BYTES)) throw new SealError(`a sealing key is ${KEY_BYTES} bytes`);
  const byId = new Map(keys.map((k) => [keyIdOf(k), k] as const));
  const current = keyIdOf(keys[0]!);
  return {
    keyId: current,
    seal(plain, context) {
      const iv = randomBytes(IV_BYTES);
      const cipher = createCipheriv('aes-256-gcm', byId.get(current)!, iv);
      cipher.setAAD(Buffer.from(context));
      const body = Buffer.concat([cipher.update(plain, 'utf8'), cipher.final(), cipher.getAuthTag()]);
      return `v1.${current}.${iv.toString('base64url')}.${body.toString('base64url')}`;
    },
    open(sealed, context) {
      const [version, id, iv, body] = sealed.split('.');
      const key = id ? byId.get(id) : undefined;
      if (version !== 'v1' || !key || !iv || !body) throw new SealError(key || version !== 'v1' ? 'not a sealed value' : `no key ${id}`);
      const bytes = Buffer.from(body, 'base64url');
      if (bytes.length < TAG_BYTES) throw new SealError('not a sealed value');
      try {
        const decipher = createDecipheriv('aes-256-gcm', key, Buffer.from(iv, 'base64url'));
        decipher.setAAD(Buffer.from(context));
        decipher.setAuthTag(bytes.subarray(bytes.length - TAG_BYTES));
        return Buffer.concat([decipher.update(bytes.subarray(0, bytes.length - TAG_BYTES)), decipher.final()]).toString('utf8');
      } catch {
        throw new SealError('the value was altered or sealed for another context');
      }
    },
    keyOf(sealed) {
      const [version, id] = sealed.split('.');
      return version === 'v1' ? id : undefined;
    },
  };
}

/** What a screen may show of a secret: its last 4 characters (none of a value shorter than 8). */
export const masked = (secret: string): string => `••••${secret.length >= 8 ? secret.slice(-4) : ''}`;

const sealers = new WeakMap<readonly Uint8Array[], Sealer>();

/** The one sealer of a configuration's keys (`config.secrets.keys`). */
export function sealerFor(keys: readonly Uint8Array[]): Sealer {
  let sealer = sealers.get(keys);
  if (!sealer) sealers.set(keys, (sealer = createSealer(keys)));
  return sealer;
}
