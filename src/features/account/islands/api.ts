import { startSession } from '../../../scripts/shell-session.ts';
import { getApi } from '../../../stores/session.ts';

/** The page's API client, with the session wired (idempotent). */
export function api() {
  startSession();
  return getApi();
}
