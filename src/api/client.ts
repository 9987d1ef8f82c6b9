import createClient, { type Client, type Middleware } from 'openapi-fetch';
import type { paths } from './schema.d.ts';
import { clearTokens, REFRESH_TOKEN_KEY, storeTokens, TOKEN_KEY, type TokenStorage } from './tokens.ts';

export interface ApiClientOptions {
  /** API base including the version prefix, e.g. https://api.example.com/api/v1 */
  baseUrl: string;
  storage: TokenStorage;
  /** The page origin, sent as Client-Host on every request (selects the brand server-side). */
  origin: string;
  /** Called when the session ends without the user asking (refresh answered 400). Tokens are already cleared. */
  onLogout?: () => void;
  fetch?: typeof globalThis.fetch;
}

export type ApiClient = Client<paths> & {
  /** GET a file with the session's headers and return it as a Blob (§7 downloads). */
  download(path: string): Promise<Blob>;
  /** Exchanges the refresh token; concurrent callers share one attempt. Resolves to the new access token or null. */
  refresh(): Promise<string | null>;
};

// Calls that must never trigger a refresh-and-retry (they are how one gets tokens in the first place).
const NO_RETRY = /\/(account\/(login|register|RevokeToken)|Account\/(RefreshToken|ExternalLoginCallback))$/;

export function createApiClient(options: ApiClientOptions): ApiClient {
  const { storage, origin } = options;
  const baseUrl = options.baseUrl.replace(/\/$/, '');
  const doFetch = (input: Request) => (options.fetch ?? globalThis.fetch)(input);
  const client = createClient<paths>({ baseUrl, fetch: options.fetch });

  // A copy of each request taken before it is sent: fetch consumes the body, and a retry must re-send it.
  const pristine = new WeakMap<Request, Request>();
  let inFlight: Promise<string | null> | null = null;

  async function exchange(): Promise<string | null> {
    const refreshToken = storage.getItem(REFRESH_TOKEN_KEY);
    if (!refreshToken) return null;
    const res = await doFetch(
      new Request(`${baseUrl}/Account/RefreshToken`, {
        method: 'POST',
        headers: { 'Content-Type': 'application/json', 'Client-Host': origin },
        body: JSON.stringify({ refreshToken }),
      }),
    );
    if (res.ok) {
      const tokens = (await res.json()) as { token: string; refreshToken: string };
      storeTokens(storage, tokens);
      return tokens.token;
    }
    if (res.status === 400) {
      // §4: the refresh token is dead (expired, revoked, reused) — log out without trying to revoke it.
      clearTokens(storage);
      options.onLogout?.();
    }
    return null;
  }

  const refresh = (): Promise<string | null> => {
    inFlight ??= exchange().finally(() => {
      inFlight = null;
    });
    return inFlight;
  };

  const middleware: Middleware = {
    onRequest({ request }) {
      request.headers.set('Client-Host', origin);
      const token = storage.getItem(TOKEN_KEY);
      if (token) request.headers.set('Authorization', `Bearer ${token}`);
      if (token && !NO_RETRY.test(new URL(request.url).pathname)) pristine.set(request, request.clone());
      return request;
    },
    async onResponse({ request, response }) {
      const copy = pristine.get(request);
      if (response.status !== 401 || !copy) return response;
      const sentWith = copy.headers.get('Authorization')?.slice('Bearer '.length);
      const current = storage.getItem(TOKEN_KEY);
      // Someone refreshed while this request was in flight: retry with their token instead of refreshing again.
      const token = current && current !== sentWith ? current : await refresh();
      if (!token) return response;
      const retry = copy.clone();
      retry.headers.set('Authorization', `Bearer ${token}`);
      return doFetch(retry);
    },
  };
  client.use(middleware);

  async function download(path: string): Promise<Blob> {
    // Download paths are not part of the typed contract, so this call steps outside the path types.
    const untyped = client as unknown as { GET(path: string, init: { parseAs: 'blob' }): Promise<{ data?: unknown; error?: unknown; response: Response }> };
    const { data, error, response } = await untyped.GET(path, { parseAs: 'blob' });
    if (error !== undefined || !(data instanceof Blob)) throw new Error(`Download failed (${response.status})`);
    return data;
  }

  return Object.assign(client, { download, refresh });
}
