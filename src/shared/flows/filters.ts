/**
 * The values of the §3 list filters that are not ids from the connected system (docs/flows.md "Filters"): what the
 * editor offers, what the rules accept and what the delivery engine compares. Pure, for browser and server.
 */

/** A visit's status (§3 client visit status: waiting = booked, arrived, did not come = noShow, confirmed; cancelled). */
export const RECORD_STATUSES = ['booked', 'confirmed', 'arrived', 'noShow', 'cancelled'] as const;
/** A restaurant order's status (§3 order status). */
export const ORDER_STATUSES = ['Unconfirmed', 'WaitCooking', 'ReadyForCooking', 'CookingStarted', 'CookingCompleted', 'Waiting', 'OnWay', 'Delivered', 'Closed', 'Cancelled'] as const;
/** §3 delivery types: the `types` filter of order flows (a booking record has no type). */
export const DELIVERY_TYPES = ['DeliveryByClient', 'DeliveryByCourier'] as const;
/**
 * Client category (decision: our model has no client labels, so the category is derived from the client's visits):
 * new — at most one visit; regular — two or more, the last within LAPSED_DAYS; lapsed — no visit for LAPSED_DAYS.
 */
export const CLIENT_CATEGORIES = ['new', 'regular', 'lapsed'] as const;
export type ClientCategory = (typeof CLIENT_CATEGORIES)[number];
export const LAPSED_DAYS = 90;
/** Categories are words, matched in service or order item titles; one at most this long. */
export const CATEGORY_MAX = 100;

export function clientCategory(visitCount: number, lastVisitMs: number | null, nowMs: number): ClientCategory {
  if (lastVisitMs !== null && nowMs - lastVisitMs > LAPSED_DAYS * 86_400_000) return 'lapsed';
  return visitCount <= 1 ? 'new' : 'regular';
}

/**
 * The `categories` filter (decision: services and order items carry no category in our model, so a category is a
 * word or phrase): it passes when any title contains one of them, ignoring case. No categories = no restriction.
 */
export function matchesCategory(categories: readonly string[], titles: readonly string[]): boolean {
  if (!categories.length) return true;
  const lower = titles.map((t) => t.toLocaleLowerCase());
  return categories.some((c) => {
    const word = c.trim().toLocaleLowerCase();
    return word !== '' && lower.some((t) => t.includes(word));
  });
}

/** The values a list filter accepts; categories are free words (checked for blanks only). */
export const FILTER_VALUES = {
  statuses: [...RECORD_STATUSES, ...ORDER_STATUSES] as readonly string[],
  types: DELIVERY_TYPES as readonly string[],
  clientCategory: CLIENT_CATEGORIES as readonly string[],
};
