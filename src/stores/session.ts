import { map } from 'nanostores';
import { createApiClient, type ApiClient } from '../api/client.ts';
import type { components } from '../api/schema.d.ts';
import type { ProblemLike } from '../api/explain-problem.ts';
import { clearTokens, isAdminRole, isSuperAdminRole, REFRESH_TOKEN_KEY, roleOf, storeTokens, TOKEN_KEY, type Role, type TokenStorage } from '../api/tokens.ts';

export type CurrentUser = components['schemas']['CurrentUser'];

export interface SessionState {
  /** §4: authenticated if a stored token exists at start; a failed user load makes it false. */
  authenticated: boolean;
  user: CurrentUser | null;
  role: Role | null;
  isAdmin: boolean;
  isSuperAdmin: boolean;
  /** Server message of the last failed login/registration (§8 "server message kept as auth error"). */
  authError: string | null;
  /** The same failure as a problem (its `code` chooses the text the screen shows); null after a success. */
  authProblem: ProblemLike | null;
}

export interface SessionDeps {
  baseUrl: string;
  origin: string;
  storage: TokenStorage;
  /** Page reload after logout; injectable for tests. */
  reload: () => void;
  fetch?: typeof globalThis.fetch;
}

const anonymous: SessionState = { authenticated: false, user: null, role: null, isAdmin: false, isSuperAdmin: false, authError: null, authProblem: null };

export const $session = map<SessionState>({ ...anonymous });

let deps: SessionDeps | undefined;
let api: ApiClient | undefined;

function withRole(token: string | null): Pick<SessionState, 'role' | 'isAdmin' | 'isSuperAdmin'> {
  const role = roleOf(token);
  return { role, isAdmin: isAdminRole(role), isSuperAdmin: isSuperAdminRole(role) };
}

/** Wires the session to storage and the API. Call once per page (islands share the module). */
export function initSession(options: SessionDeps): ApiClient {
  deps = options;
  api = createApiClient({
    baseUrl: options.baseUrl,
    origin: options.origin,
    storage: options.storage,
    fetch: options.fetch,
    onLogout: () => {
      $session.set({ ...anonymous });
      options.reload();
    },
  });
  const token = options.storage.getItem(TOKEN_KEY);
  $session.set({ ...anonymous, authenticated: Boolean(token), ...withRole(token) });
  return api;
}

function need(): { deps: SessionDeps; api: ApiClient } {
  if (!deps || !api) throw new Error('initSession() must run before session actions');
  return { deps, api };
}

/** The client configured by initSession, for other stores. */
export const getApi = (): ApiClient => need().api;

/** Loads the current user; failure ends the session (state only: the tokens stay for the guard to judge). */
export async function loadCurrentUser(): Promise<CurrentUser | null> {
  const { api, deps } = need();
  const { data } = await api.GET('/Account/CurrentUser').catch(() => ({ data: undefined }));
  if (!data) {
    $session.set({ ...anonymous });
    return null;
  }
  $session.set({ ...$session.get(), authenticated: true, user: data, ...withRole(deps.storage.getItem(TOKEN_KEY)), authError: null, authProblem: null });
  return data;
}

async function signedIn(tokens: { token: string; refreshToken: string }) {
  storeTokens(need().deps.storage, tokens);
  $session.setKey('authError', null);
  $session.setKey('authProblem', null);
  return loadCurrentUser();
}

export async function login(email: string, password: string): Promise<boolean> {
  const { data, error } = await need().api.POST('/account/login', { body: { email, password } });
  if (!data) {
    $session.setKey('authError', error?.message ?? 'Invalid email or password');
    $session.setKey('authProblem', error ?? null);
    return false;
  }
  return Boolean(await signedIn(data));
}

/** Google sign-in; resolves to isNewUser (the UI may show onboarding) or null on failure. */
export async function loginWithGoogle(idToken: string): Promise<{ isNewUser: boolean } | null> {
  const { api, deps } = need();
  const { data, error } = await api.POST('/Account/ExternalLoginCallback', { body: { provider: 'Google', idToken, clientHost: deps.origin } });
  if (!data) {
    $session.setKey('authError', error?.message ?? 'Sign-in failed');
    $session.setKey('authProblem', error ?? null);
    return null;
  }
  await signedIn(data);
  return { isNewUser: data.isNewUser };
}

/** §4 Registration: create the account, then log in automatically; the failure flag is reset afterwards. */
export async function register(body: components['schemas']['RegisterRequest']): Promise<boolean> {
  const { api, deps } = need();
  const { error } = await api.POST('/account/register', { body: { ...body, clientHost: body.clientHost ?? deps.origin } });
  if (error) {
    $session.setKey('authError', error.message);
    $session.setKey('authProblem', error);
    return false;
  }
  return login(body.email, body.password);
}

/** Revokes the refresh token (best effort), clears stored tokens and reloads the page. */
export async function logout(): Promise<void> {
  const { api, deps } = need();
  const refreshToken = deps.storage.getItem(REFRESH_TOKEN_KEY);
  if (refreshToken) await api.POST('/account/RevokeToken', { body: { refreshToken } }).catch(() => undefined);
  clearTokens(deps.storage);
  $session.set({ ...anonymous });
  deps.reload();
}
