import { startSession } from '../scripts/shell-session.ts';
import { getApi } from '../stores/session.ts';

/** The page's one API client, with the session wired (idempotent). Stores call it; islands call store actions. */
export function api() {
  startSession();
  return getApi();
}
