import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createApiClient } from '../../src/api/client.ts';
import { memoryStorage, REFRESH_TOKEN_KEY, TOKEN_KEY } from '../../src/api/tokens.ts';
import { startServer, type TestServer } from '../api/harness.ts';

let server: TestServer;
beforeAll(async () => {
  server = await startServer({ env: { ACCESS_TOKEN_TTL_SECONDS: '60' } });
});
afterAll(() => server?.close());

/** A real fetch that records what the client sent. */
function recordingFetch() {
  const sent: { url: string; method: string; headers: Headers; body: string }[] = [];
  const fetchFn = async (input: RequestInfo | URL, init?: RequestInit) => {
    const request = new Request(input, init);
    sent.push({ url: request.url, method: request.method, headers: request.headers, body: await request.clone().text() });
    return fetch(request);
  };
  return { sent, fetch: fetchFn as typeof fetch };
}

async function signedInClient(email: string, role: 'user' | 'admin' = 'user') {
  const user = await server.createUser(email, 'secret1', role);
  const storage = memoryStorage({ [TOKEN_KEY]: user.token, [REFRESH_TOKEN_KEY]: user.refreshToken });
  const rec = recordingFetch();
  let loggedOut = 0;
  const client = createApiClient({ baseUrl: server.base, storage, origin: 'https://cabinet.example', fetch: rec.fetch, onLogout: () => loggedOut++ });
  return { user, storage, rec, client, loggedOut: () => loggedOut };
}

const refreshCalls = (rec: ReturnType<typeof recordingFetch>) => rec.sent.filter((r) => r.url.endsWith('/Account/RefreshToken')).length;

describe('api client', () => {
  it('sends Client-Host and the bearer token on every request', async () => {
    const { client, rec, user } = await signedInClient('headers@example.com');
    const { data } = await client.GET('/Account/CurrentUser');
    expect(data?.email).toBe('headers@example.com');
    expect(rec.sent[0]!.headers.get('Client-Host')).toBe('https://cabinet.example');
    expect(rec.sent[0]!.headers.get('Authorization')).toBe(`Bearer ${user.token}`);
  });

  it('concurrent 401s share one refresh, then every request is retried and succeeds', async () => {
    const { client, rec, storage, user } = await signedInClient('concurrent@example.com');
    server.clock.advance(61); // the access token is now expired
    const results = await Promise.all(Array.from({ length: 6 }, () => client.GET('/Account/CurrentUser')));
    expect(results.every((r) => r.response.status === 200 && r.data?.email === 'concurrent@example.com')).toBe(true);
    expect(refreshCalls(rec)).toBe(1);
    expect(storage.getItem(TOKEN_KEY)).not.toBe(user.token);
    expect(storage.getItem(REFRESH_TOKEN_KEY)).not.toBe(user.refreshToken);
  });

  it('a retried request re-sends its body intact', async () => {
    const { client, rec } = await signedInClient('body@example.com', 'admin');
    const target = await server.createUser('target@example.com', 'secret1');
    server.clock.advance(61);
    const { data, response } = await client.POST('/Admin/Users/{id}/Dialogues', {
      params: { path: { id: target.id } },
      body: { count: 7, date: '2026-11-05' },
    });
    expect(response.status).toBe(201);
    expect(data).toMatchObject({ count: 7, date: '2026-11-05', userId: target.id });
    const posts = rec.sent.filter((r) => r.url.endsWith('/Dialogues'));
    expect(posts).toHaveLength(2); // the 401 and its retry
    expect(JSON.parse(posts[1]!.body)).toEqual({ count: 7, date: '2026-11-05' });
    expect(posts[1]!.body).toBe(posts[0]!.body);
    expect(posts[1]!.headers.get('Authorization')).not.toBe(posts[0]!.headers.get('Authorization'));
  });

  it('refresh answering 400 logs out without revocation', async () => {
    const { client, rec, storage, loggedOut } = await signedInClient('dead@example.com');
    await server.call('POST', '/account/RevokeToken', { body: { refreshToken: storage.getItem(REFRESH_TOKEN_KEY) } });
    server.clock.advance(61);
    const { response } = await client.GET('/Account/CurrentUser');
    expect(response.status).toBe(401);
    expect(loggedOut()).toBe(1);
    expect(storage.getItem(TOKEN_KEY)).toBeNull();
    expect(storage.getItem(REFRESH_TOKEN_KEY)).toBeNull();
    expect(rec.sent.some((r) => r.url.endsWith('/RevokeToken'))).toBe(false);
  });

  it('does not refresh for anonymous callers or for the login call', async () => {
    const rec = recordingFetch();
    const client = createApiClient({ baseUrl: server.base, storage: memoryStorage(), origin: 'https://x.example', fetch: rec.fetch });
    expect((await client.GET('/Account/CurrentUser')).response.status).toBe(401);
    const { error } = await client.POST('/account/login', { body: { email: 'demo@cabinet.local', password: 'nope123' } });
    expect(error?.message).toBe('Invalid email or password');
    expect(refreshCalls(rec)).toBe(0);
  });

  it('download returns a Blob', async () => {
    const { client } = await signedInClient('download@example.com');
    const blob = await client.download('/Account/CurrentUser');
    expect(JSON.parse(await blob.text()).email).toBe('download@example.com');
  });
});
