import { FLOW_KIND_TARIFFS } from '../../shared/flows/tariffs.ts';
import type { Db } from '../platform/db/open.ts';
import { allowanceFacts, businessZone } from '../modules/account/store.ts';
import { sentSince } from '../modules/delivery/store.ts';
import { userTariffs } from '../modules/flows/tariffs.ts';
import { startOfLocalMonth } from './time.ts';

/** §3 tariff 19, the one-ruble notification module: 800 messages per month (§9). */
export const ONE_RUBLE_TARIFF = 19;
export const ONE_RUBLE_MONTHLY = 800;

/** Tariffs that let any flow send (the union of the kind → tariff map). */
const MESSAGING_TARIFFS = new Set(Object.values(FLOW_KIND_TARIFFS).flat());

export interface AllowanceSources {
  /** Admin user detail "available messages" (§3 availableMessagesCount); 0 = not set. */
  adminCount: number;
  /** `users.monthly_message_limit`, an operator's explicit per-user number (null = not set). */
  explicit: number | null;
  /** The user's active tariffs now. */
  tariffs: ReadonlySet<number>;
}

/**
 * The monthly message allowance, computed at send time (nothing stored, so a payment or an admin edit counts at
 * once): the admin's "available messages" when set, else an explicit per-user limit, else 800 when the one-ruble
 * module is the only messaging tariff the user has, else none (null = unlimited).
 */
export function monthlyAllowance(s: AllowanceSources): number | null {
  if (s.adminCount > 0) return s.adminCount;
  if (s.explicit !== null) return s.explicit;
  const messaging = [...s.tariffs].filter((t) => MESSAGING_TARIFFS.has(t));
  return messaging.length === 1 && messaging[0] === ONE_RUBLE_TARIFF ? ONE_RUBLE_MONTHLY : null;
}

/** The allowance of one user now. */
export async function allowanceOf(db: Db, userId: number, nowMs: number): Promise<number | null> {
  const u = await allowanceFacts(db, userId);
  if (!u) return null;
  return monthlyAllowance({ ...u, tariffs: await userTariffs(db, userId, nowMs) });
}

/** This month's use against the allowance (left null = no limit), as the message log and the pay infos show it. */
export async function allowanceState(db: Db, userId: number, nowMs: number): Promise<{ limit: number | null; used: number; left: number | null }> {
  const used = await sentSince(db, userId, startOfLocalMonth(nowMs, await businessZone(db, userId)));
  const limit = await allowanceOf(db, userId, nowMs);
  return { limit, used, left: limit === null ? null : Math.max(0, limit - used) };
}
