import type { components } from '../../api/schema.d.ts';

export type AdminSchemas = components['schemas'];

/** §7: admin failures other than saving a payment or a user are only logged. */
export function logAdminFailure(what: string, error: unknown): void {
  console.error(`[admin] ${what} failed`, error);
}
