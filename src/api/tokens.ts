/** Storage keys are part of the page contract: the auth guard reads localStorage.getItem('token'). */
export const TOKEN_KEY = 'token';
export const REFRESH_TOKEN_KEY = 'refreshToken';

/** The subset of Web Storage the client needs; injectable so tests run in Node. */
export interface TokenStorage {
  getItem(key: string): string | null;
  setItem(key: string, value: string): void;
  removeItem(key: string): void;
}

export type Role = 'user' | 'admin' | 'superadmin';

export function storeTokens(storage: TokenStorage, tokens: { token: string; refreshToken: string }): void {
  storage.setItem(TOKEN_KEY, tokens.token);
  storage.setItem(REFRESH_TOKEN_KEY, tokens.refreshToken);
}

export function clearTokens(storage: TokenStorage): void {
  storage.removeItem(TOKEN_KEY);
  storage.removeItem(REFRESH_TOKEN_KEY);
}

/** The role claim of an access token (not verified: the server checks every call; this only shapes the UI). */
export function roleOf(token: string | null | undefined): Role | null {
  const payload = token?.split('.')[1];
  if (!payload) return null;
  try {
    const json = atob(payload.replace(/-/g, '+').replace(/_/g, '/'));
    const role = (JSON.parse(json) as { role?: unknown }).role;
    return role === 'user' || role === 'admin' || role === 'superadmin' ? role : null;
  } catch {
    return null;
  }
}

/** §6: super-admins are admins too; super-admin is its own, stricter check. */
export const isAdminRole = (role: Role | null) => role === 'admin' || role === 'superadmin';
export const isSuperAdminRole = (role: Role | null) => role === 'superadmin';

/** In-memory storage for tests and non-browser use. */
export function memoryStorage(initial: Record<string, string> = {}): TokenStorage & { data: Map<string, string> } {
  const data = new Map(Object.entries(initial));
  return {
    data,
    getItem: (key) => data.get(key) ?? null,
    setItem: (key, value) => void data.set(key, value),
    removeItem: (key) => void data.delete(key),
  };
}
