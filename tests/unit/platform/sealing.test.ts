// Secrets at rest (docs/connections.md "Secrets"): AES-256-GCM sealing, tamper and context checks, key rotation,
// the key setting and the generated key file (mode 0600).
import { randomBytes } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { loadConfig } from '../../../src/server/platform/config.ts';
import { sealingKeys } from '../../../src/server/platform/crypto/keys.ts';
import { createSealer, keyIdOf, masked, SealError } from '../../../src/server/platform/crypto/sealing.ts';

const key = () => randomBytes(32);

describe('sealing', () => {
  it('opens what it sealed; every seal differs (random IV); the value names its key', () => {
    const k = key();
    const sealer = createSealer([k]);
    const a = sealer.seal('AC123:secret-token', 'twilio');
    const b = sealer.seal('AC123:secret-token', 'twilio');
    expect(a).not.toBe(b);
    expect(a).toMatch(new RegExp(`^v1\\.${keyIdOf(k)}\\.[\\w-]{16}\\.[\\w-]+$`));
    expect(a).not.toContain('secret');
    expect(sealer.open(a, 'twilio')).toBe('AC123:secret-token');
    expect(sealer.keyOf(a)).toBe(sealer.keyId);
  });

  it('refuses an altered value, another context, an unknown key and garbage', () => {
    const sealer = createSealer([key()]);
    const sealed = sealer.seal('{"token":"x"}', 'telegram');
    const parts = sealed.split('.');
    const body = Buffer.from(parts[3]!, 'base64url');
    body[0] ^= 1;
    expect(() => sealer.open([...parts.slice(0, 3), body.toString('base64url')].join('.'), 'telegram')).toThrow(SealError);
    expect(() => sealer.open(sealed, 'sigma')).toThrow(SealError);
    expect(() => createSealer([key()]).open(sealed, 'telegram')).toThrow(/no key/);
    for (const junk of ['', 'v1', 'v2.a.b.c', `v1.${sealer.keyId}.AA.AA`]) expect(() => sealer.open(junk, 'telegram'), junk).toThrow(SealError);
  });

  it('rotation: the new key seals, the old one still opens older values', () => {
    const old = key();
    const before = createSealer([old]).seal('kept', 'sigma');
    const rotated = createSealer([key(), old]);
    expect(rotated.open(before, 'sigma')).toBe('kept');
    expect(rotated.keyOf(rotated.seal('new', 'sigma'))).toBe(rotated.keyId);
    expect(rotated.keyId).not.toBe(keyIdOf(old));
  });

  it('keys that crossed to a worker thread (plain Uint8Arrays) still open the values', () => {
    const k = key();
    const sealed = createSealer([k]).seal('x', 'sigma');
    expect(createSealer([new Uint8Array(structuredClone(k))]).open(sealed, 'sigma')).toBe('x');
  });

  it('a key is 32 bytes', () => {
    expect(() => createSealer([randomBytes(16)])).toThrow(SealError);
    expect(() => createSealer([])).toThrow(SealError);
  });

  it('masks all but the last 4 characters, and all of a short secret', () => {
    expect(masked('abcdefgh1234')).toBe('••••1234');
    expect(masked('short')).toBe('••••');
  });
});

describe('the key setting', () => {
  it('SECRETS_KEY must be 32 bytes of base64; old keys open older values', () => {
    const dir = mkdtempSync(join(tmpdir(), 'keys-'));
    try {
      const k = key().toString('base64');
      const old = key().toString('base64');
      expect(sealingKeys({ SECRETS_KEY: k, SECRETS_KEYS_OLD: old }, dir)).toMatchObject({ source: 'env', keys: [Buffer.from(k, 'base64'), Buffer.from(old, 'base64')] });
      expect(() => loadConfig({ DATA_DIR: dir, SECRETS_KEY: 'too-short' })).toThrow(/SECRETS_KEY must be 32 random bytes in base64/);
      expect(() => loadConfig({ DATA_DIR: dir, SECRETS_KEY: k, SECRETS_KEYS_OLD: 'x' })).toThrow(/SECRETS_KEYS_OLD/);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it('without SECRETS_KEY a key file is generated once (mode 0600) and read afterwards', () => {
    const dir = mkdtempSync(join(tmpdir(), 'keys-'));
    try {
      const first = sealingKeys({}, dir);
      expect(first.source).toBe('created');
      const file = join(dir, 'secrets-key');
      expect(statSync(file).mode & 0o777).toBe(0o600);
      expect(Buffer.from(readFileSync(file, 'utf8'), 'base64')).toEqual(first.keys[0]);
      const again = sealingKeys({}, dir);
      expect(again).toMatchObject({ source: 'file', keys: first.keys });
      expect(loadConfig({ DATA_DIR: dir }).secrets.keys).toEqual(first.keys);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
