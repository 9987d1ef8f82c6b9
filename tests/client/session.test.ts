import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { memoryStorage, REFRESH_TOKEN_KEY, TOKEN_KEY } from '../../src/api/tokens.ts';
import { $session, initSession, login, logout, loadCurrentUser, register } from '../../src/stores/session.ts';
import { startServer, type TestServer } from '../api/harness.ts';

let server: TestServer;
beforeAll(async () => {
  server = await startServer();
});
afterAll(() => server?.close());

function setup(initial: Record<string, string> = {}) {
  const storage = memoryStorage(initial);
  let reloads = 0;
  initSession({ baseUrl: server.base, origin: 'https://cabinet.example', storage, reload: () => reloads++ });
  return { storage, reloads: () => reloads };
}

describe('$session', () => {
  it('starts authenticated exactly when a token is stored', () => {
    setup();
    expect($session.get().authenticated).toBe(false);
    setup({ [TOKEN_KEY]: 'x.e30.y' });
    expect($session.get().authenticated).toBe(true);
  });

  it('login stores both tokens under the agreed keys and loads the user', async () => {
    const { storage } = setup();
    expect(await login('demo@cabinet.local', 'demo123')).toBe(true);
    expect(storage.getItem('token')).toMatch(/^ey/);
    expect(storage.getItem('refreshToken')).toBeTruthy();
    expect($session.get()).toMatchObject({ authenticated: true, role: 'user', isAdmin: false, user: { email: 'demo@cabinet.local' } });
  });

  it('a failed login keeps the server message', async () => {
    setup();
    expect(await login('demo@cabinet.local', 'wrong12')).toBe(false);
    expect($session.get().authError).toBe('Invalid email or password');
  });

  it('admin and super-admin roles come from the token', async () => {
    await server.createUser('s-admin@example.com', 'secret1', 'admin');
    await server.createUser('s-super@example.com', 'secret1', 'superadmin');
    setup();
    await login('s-admin@example.com', 'secret1');
    expect($session.get()).toMatchObject({ role: 'admin', isAdmin: true, isSuperAdmin: false });
    setup();
    await login('s-super@example.com', 'secret1');
    expect($session.get()).toMatchObject({ role: 'superadmin', isAdmin: true, isSuperAdmin: true });
  });

  it('a failed user load makes the session unauthenticated', async () => {
    setup({ [TOKEN_KEY]: 'not-a-token', [REFRESH_TOKEN_KEY]: 'dead' });
    expect($session.get().authenticated).toBe(true);
    expect(await loadCurrentUser()).toBeNull();
    expect($session.get().authenticated).toBe(false);
  });

  it('register then logs in automatically', async () => {
    setup();
    const ok = await register({ email: 'new-owner@example.com', password: 'secret1', confirmPassword: 'secret1', phone: '+79161234500' });
    expect(ok).toBe(true);
    expect($session.get().user?.email).toBe('new-owner@example.com');
  });

  it('logout revokes the refresh token, clears storage and reloads', async () => {
    const { storage, reloads } = setup();
    await login('demo@cabinet.local', 'demo123');
    const refreshToken = storage.getItem(REFRESH_TOKEN_KEY)!;
    await logout();
    expect(storage.getItem(TOKEN_KEY)).toBeNull();
    expect(storage.getItem(REFRESH_TOKEN_KEY)).toBeNull();
    expect($session.get().authenticated).toBe(false);
    expect(reloads()).toBe(1);
    expect((await server.call('POST', '/Account/RefreshToken', { body: { refreshToken } })).status).toBe(400);
  });
});
