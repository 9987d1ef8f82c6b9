import type { components } from '../../api/schema.d.ts';
import { startSession } from '../../scripts/shell-session.ts';
import { getApi } from '../../stores/session.ts';

export type AdminSchemas = components['schemas'];

/** The page's API client with the session wired (idempotent). */
export function adminApi() {
  startSession();
  return getApi();
}

/** §7: admin failures other than saving a payment or a user are only logged. */
export function logAdminFailure(what: string, error: unknown): void {
  console.error(`[admin] ${what} failed`, error);
}

/** Field errors of a 400 problem keyed by field (the server names the field first in each message). */
export function fieldErrors(error: { errors?: { field: string; message: string }[]; message?: string } | undefined): Record<string, string> {
  const out: Record<string, string> = {};
  for (const e of error?.errors ?? []) out[e.field] ??= e.message;
  return out;
}
