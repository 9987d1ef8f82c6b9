import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { KEY_BYTES } from './sealing.ts';

/** Where the sealing keys came from: the operator's SECRETS_KEY, the data directory's key file, or a file made now. */
export type KeySource = 'env' | 'file' | 'created';

export class KeySettingError extends Error {
  override name = 'KeySettingError';
}

const decode = (name: string, raw: string): Buffer => {
  const key = Buffer.from(raw.trim(), 'base64');
  if (key.length !== KEY_BYTES || !/^[A-Za-z0-9+/_-]+={0,2}$/.test(raw.trim())) {
    throw new KeySettingError(`${name} must be ${KEY_BYTES} random bytes in base64 (e.g. \`openssl rand -base64 32\`)`);
  }
  return key;
};

/**
 * SECRETS_KEY (the sealing key) and SECRETS_KEYS_OLD (comma-separated keys that still open older values). Without
 * SECRETS_KEY a key is generated once into `<dataDir>/secrets-key` (mode 0600) and read from there afterwards: a
 * local `npm start` works, and losing the data directory loses the database with it anyway.
 */
export function sealingKeys(env: Record<string, string | undefined>, dataDir: string): { keys: Buffer[]; source: KeySource; file?: string } {
  const old = (env.SECRETS_KEYS_OLD ?? '').split(',').filter((k) => k.trim()).map((k) => decode('SECRETS_KEYS_OLD', k));
  if (env.SECRETS_KEY) return { keys: [decode('SECRETS_KEY', env.SECRETS_KEY), ...old], source: 'env' };
  const file = join(dataDir, 'secrets-key');
  if (existsSync(file)) return { keys: [decode(file, readFileSync(file, 'utf8')), ...old], source: 'file', file };
  mkdirSync(dataDir, { recursive: true });
  const key = randomBytes(KEY_BYTES);
  try {
    writeFileSync(file, key.toString('base64'), { mode: 0o600, flag: 'wx' });
  } catch (error) {
    // Another process of the same data directory made it first: use that one.
    if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
    return { keys: [decode(file, readFileSync(file, 'utf8')), ...old], source: 'file', file };
  }
  return { keys: [key, ...old], source: 'created', file };
}
