import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SignJWT } from 'jose';
import { startServer, type TestServer } from '../harness.ts';

const JWT_SECRET = 'tokens-test-secret-0123456789abcdef0123456789';

let server: TestServer;
beforeAll(async () => {
  server = await startServer({ env: { ACCESS_TOKEN_TTL_SECONDS: '60', REFRESH_TOKEN_TTL: '10d', REFRESH_TOKEN_IDLE: '2d', JWT_SECRET } });
});
afterAll(() => server?.close());

const refresh = (refreshToken: string) => server.call('POST', '/Account/RefreshToken', { body: { refreshToken } });
const role = (token: string) => JSON.parse(Buffer.from(token.split('.')[1]!, 'base64url').toString()).role;

describe('access tokens', () => {
  it('expire after ACCESS_TOKEN_TTL_SECONDS', async () => {
    const user = await server.createUser('ttl@example.com', 'secret1');
    expect((await server.call('GET', '/Account/CurrentUser', { token: user.token })).status).toBe(200);
    server.clock.advance(61);
    expect((await server.call('GET', '/Account/CurrentUser', { token: user.token })).status).toBe(401);
  });
  it('without an expiry, or for a user id no account can have, are refused (401)', async () => {
    const user = await server.createUser('exp@example.com', 'secret1');
    const key = new TextEncoder().encode(JWT_SECRET);
    const now = Math.floor(server.clock.now() / 1000);
    const sign = (sub: string, exp?: number) => {
      const jwt = new SignJWT({ role: 'user' }).setProtectedHeader({ alg: 'HS256', typ: 'JWT' }).setSubject(sub).setIssuer('cabinet').setIssuedAt(now);
      return (exp ? jwt.setExpirationTime(exp) : jwt).sign(key);
    };
    const status = async (token: string) => (await server.call('GET', '/Account/CurrentUser', { token })).status;
    expect(await status(await sign(String(user.id), now + 60))).toBe(200); // the same key signs a good token
    expect(await status(await sign(String(user.id)))).toBe(401);
    for (const sub of ['2147483648', '99999999999999999999', '0', '-1', '1.5']) expect(await status(await sign(sub, now + 60)), sub).toBe(401);
  });
  it('carry the role claim', async () => {
    expect(role((await server.createUser('r-user@example.com', 'secret1', 'user')).token)).toBe('user');
    expect(role((await server.createUser('r-admin@example.com', 'secret1', 'admin')).token)).toBe('admin');
    expect(role((await server.createUser('r-super@example.com', 'secret1', 'superadmin')).token)).toBe('superadmin');
  });
});

describe('refresh tokens', () => {
  it('rotate on every use; the new access token works', async () => {
    const user = await server.createUser('rotate@example.com', 'secret1');
    const first = await refresh(user.refreshToken);
    expect(first.status).toBe(200);
    expect(first.body.refreshToken).not.toBe(user.refreshToken);
    const second = await refresh(first.body.refreshToken);
    expect(second.status).toBe(200);
    expect((await server.call('GET', '/Account/CurrentUser', { token: second.body.token })).status).toBe(200);
  });

  it('reuse of a spent token revokes the whole family (400)', async () => {
    const user = await server.createUser('reuse@example.com', 'secret1');
    const rotated = await refresh(user.refreshToken);
    expect((await refresh(user.refreshToken)).status).toBe(400); // replay of the spent one
    const descendant = await refresh(rotated.body.refreshToken); // the legitimate successor dies too
    expect(descendant.status).toBe(400);
    expect(descendant.body.message).toBe('Token not valid');
    expect(descendant.body.code).toBe('tokenInvalid');
  });

  it('another login (another family) survives a family revocation', async () => {
    await server.createUser('two-families@example.com', 'secret1');
    const a = await server.login('two-families@example.com', 'secret1');
    const b = await server.login('two-families@example.com', 'secret1');
    await refresh(a.refreshToken);
    await refresh(a.refreshToken); // reuse → family A revoked
    expect((await refresh(b.refreshToken)).status).toBe(200);
  });

  it('idle expiry: unused for longer than REFRESH_TOKEN_IDLE', async () => {
    const user = await server.createUser('idle@example.com', 'secret1');
    server.clock.advance(2 * 86400 + 1);
    expect((await refresh(user.refreshToken)).status).toBe(400);
  });

  it('absolute expiry: REFRESH_TOKEN_TTL after login even when used daily', async () => {
    const user = await server.createUser('absolute@example.com', 'secret1');
    let token = user.refreshToken;
    for (let day = 0; day < 9; day++) {
      server.clock.advance(86400);
      const res = await refresh(token);
      expect(res.status).toBe(200);
      token = res.body.refreshToken;
    }
    server.clock.advance(86400 + 1);
    expect((await refresh(token)).status).toBe(400);
  });

  it('RevokeToken ends the family; unknown tokens are accepted silently', async () => {
    const user = await server.createUser('revoke@example.com', 'secret1');
    expect((await server.call('POST', '/account/RevokeToken', { body: { refreshToken: user.refreshToken } })).status).toBe(204);
    expect((await refresh(user.refreshToken)).status).toBe(400);
    expect((await server.call('POST', '/account/RevokeToken', { body: { refreshToken: 'unknown' } })).status).toBe(204);
  });

  it('unknown or empty refresh tokens → 400', async () => {
    expect((await refresh('garbage')).status).toBe(400);
    expect((await server.call('POST', '/Account/RefreshToken', { body: {} })).status).toBe(400);
  });
});
