import { createSigner } from 'fast-jwt';
import { describe, expect, it } from 'vitest';
import { signAccessToken, verifyAccessToken } from '../../../src/server/platform/auth/access-token.ts';
import type { ServerConfig } from '../../../src/server/platform/config.ts';

const SECRET = 'k'.repeat(40);
const b64 = (o: object) => Buffer.from(JSON.stringify(o)).toString('base64url');

describe('access tokens', () => {
  let now = 1_800_000_000_000;
  const config = { jwtSecret: SECRET, now: () => now, accessTokenTtlSeconds: 60 } as ServerConfig;
  const forge = (payload: Record<string, unknown>, key = SECRET, iss = 'cabinet') => createSigner({ key, iss, noTimestamp: true })(payload);

  it('verifies what it signed until the configured clock passes the expiry', async () => {
    const token = await signAccessToken(config, { userId: 5, role: 'admin' });
    expect(await verifyAccessToken(config, token)).toEqual({ userId: 5, role: 'admin' });
    now += 59_000;
    expect(await verifyAccessToken(config, token)).toEqual({ userId: 5, role: 'admin' });
    now += 1_000;
    expect(await verifyAccessToken(config, token)).toBeUndefined();
  });

  it('refuses unsigned, foreign, expiry-less and malformed tokens', async () => {
    const exp = Math.floor(now / 1000) + 60;
    const claims = { sub: '5', role: 'user', exp };
    expect(await verifyAccessToken(config, `${b64({ alg: 'none', typ: 'JWT' })}.${b64({ ...claims, iss: 'cabinet' })}.`)).toBeUndefined();
    expect(await verifyAccessToken(config, forge(claims, 'x'.repeat(40)))).toBeUndefined();
    expect(await verifyAccessToken(config, forge(claims, SECRET, 'elsewhere'))).toBeUndefined();
    expect(await verifyAccessToken(config, forge({ sub: '5', role: 'user' }))).toBeUndefined();
    expect(await verifyAccessToken(config, forge({ ...claims, role: 'owner' }))).toBeUndefined();
    expect(await verifyAccessToken(config, forge({ ...claims, sub: '2147483648' }))).toBeUndefined();
    for (const junk of ['', 'a.b.c', '...', 'x'.repeat(5000)]) expect(await verifyAccessToken(config, junk)).toBeUndefined();
    expect(await verifyAccessToken(config, forge(claims))).toEqual({ userId: 5, role: 'user' });
  });
});
