/** The shell's session: one store for the page (src/stores/session.ts), wired to this host's API. */
import { resolveApiBaseUrl, type ApiRuntime } from '../brand/api-base.ts';
import { $session, initSession, loadCurrentUser, logout as endSession, type CurrentUser } from '../stores/session.ts';

let started = false;

/** The page's runtime settings, written by the Base layout. */
export function runtime(): ApiRuntime {
  return JSON.parse(document.getElementById('api-runtime')?.textContent ?? '{}') as ApiRuntime;
}

export function startSession(): void {
  if (started) return;
  started = true;
  initSession({
    baseUrl: resolveApiBaseUrl(runtime(), location.origin),
    origin: location.origin,
    storage: localStorage,
    reload: () => location.reload(),
  });
}

/** The signed-in user, or null (no token, or the token could not be renewed). */
export async function currentUser(): Promise<CurrentUser | null> {
  startSession();
  return $session.get().authenticated ? loadCurrentUser() : null;
}

export async function logout(): Promise<void> {
  startSession();
  await endSession();
}
