import { and, asc, eq, gt, inArray, isNotNull, isNull, lte, ne, or } from 'drizzle-orm';
import { sealerFor } from '../../platform/crypto/sealing.ts';
import type { Db } from '../../platform/db/open.ts';
import type { Tx } from '../../platform/db/transactions.ts';
import { subscriptions } from './schema.ts';

// The subscriptions table's one store (docs/payments.md "Subscriptions"). The saved payment method id is sealed
// like a connection's secrets: context `payment-method:<subscription owner>`, so a value copied to another owner's
// row does not open.

export type SubscriptionRow = typeof subscriptions.$inferSelect;

const methodContext = (userId: number) => `payment-method:${userId}`;

export interface NewSubscription {
  userId: number;
  brand: string;
  provider: 'yookassa' | 'stripe';
  tariff: number;
  unitIds: string[];
  intervalMonths: number;
  amount: number;
  currency: string;
  isTrial?: boolean;
  autoPay: boolean;
  paidMonths: number;
  periodEnd: number;
  nextChargeAt: number | null;
  savedMethod?: { id: string; title: string };
  providerSubscriptionId?: string;
  firstPaymentId?: number;
  at: Date;
}

export async function openSubscription(db: Tx, keys: readonly Uint8Array[], s: NewSubscription): Promise<SubscriptionRow> {
  const { savedMethod, at, ...rest } = s;
  const sealed = savedMethod ? sealerFor(keys).seal(savedMethod.id, methodContext(s.userId)) : null;
  const [row] = await db
    .insert(subscriptions)
    .values({
      ...rest,
      savedMethodSealed: sealed,
      savedMethodKeyId: sealed ? (sealerFor(keys).keyOf(sealed) ?? null) : null,
      savedMethodTitle: savedMethod?.title ?? null,
      createdAt: at,
    })
    .returning();
  return row!;
}

/** The saved method's id, or undefined when none is saved or no configured key opens it. */
export function savedMethodOf(keys: readonly Uint8Array[], row: SubscriptionRow): string | undefined {
  if (!row.savedMethodSealed) return undefined;
  try {
    return sealerFor(keys).open(row.savedMethodSealed, methodContext(row.userId));
  } catch {
    return undefined;
  }
}

export async function subscriptionOf(db: Tx, userId: number, id: number): Promise<SubscriptionRow | undefined> {
  const [row] = await db.select().from(subscriptions).where(and(eq(subscriptions.id, id), eq(subscriptions.userId, userId)));
  return row;
}

export async function subscriptionByProviderId(db: Tx, provider: 'yookassa' | 'stripe', providerSubscriptionId: string): Promise<SubscriptionRow | undefined> {
  const [row] = await db
    .select()
    .from(subscriptions)
    .where(and(eq(subscriptions.provider, provider), eq(subscriptions.providerSubscriptionId, providerSubscriptionId)));
  return row;
}

/** The owner's subscriptions, the trial's included; the caller orders them for the screen. */
export const subscriptionsOf = (db: Tx, userId: number) => db.select().from(subscriptions).where(eq(subscriptions.userId, userId));

/** The owner's subscription locked for a change (another owner's id finds nothing). */
export async function lockSubscriptionOf(tx: Tx, userId: number, id: number): Promise<SubscriptionRow | undefined> {
  const [row] = await tx.select().from(subscriptions).where(and(eq(subscriptions.id, id), eq(subscriptions.userId, userId))).for('update');
  return row;
}

export async function changeSubscription(tx: Tx, id: number, changes: Partial<typeof subscriptions.$inferInsert>): Promise<SubscriptionRow> {
  const [row] = await tx.update(subscriptions).set(changes).where(eq(subscriptions.id, id)).returning();
  return row!;
}

/** A saved method for an existing subscription (e.g. the trial's, once the owner pays with auto-pay), sealed as at opening. */
export async function attachSavedMethod(db: Tx, keys: readonly Uint8Array[], row: SubscriptionRow, method: { id: string; title: string }): Promise<SubscriptionRow> {
  const sealed = sealerFor(keys).seal(method.id, methodContext(row.userId));
  const [updated] = await db
    .update(subscriptions)
    .set({ savedMethodSealed: sealed, savedMethodKeyId: sealerFor(keys).keyOf(sealed) ?? null, savedMethodTitle: method.title })
    .where(eq(subscriptions.id, row.id))
    .returning();
  return updated!;
}

/** The subscription locked for a change inside the caller's transaction. */
export async function lockSubscription(tx: Tx, id: number): Promise<SubscriptionRow | undefined> {
  const [row] = await tx.select().from(subscriptions).where(eq(subscriptions.id, id)).for('update');
  return row;
}

/** Whether any auto-pay row has a charge within `horizon` (the job's idle tick: one indexed read, no transaction). */
export async function anyChargeBefore(db: Tx, horizon: number): Promise<boolean> {
  const [row] = await db
    .select({ id: subscriptions.id })
    .from(subscriptions)
    .where(and(isNotNull(subscriptions.nextChargeAt), lte(subscriptions.nextChargeAt, horizon), eq(subscriptions.autoPay, true), eq(subscriptions.cancelled, false)))
    .limit(1);
  return row !== undefined;
}

/**
 * The renewal job's claim: due rows no other pass holds (FOR UPDATE SKIP LOCKED), their `next_charge_at` pushed to
 * `leaseUntil` so a parallel pass skips them and a pass that dies is replaced after it. Answers them as read.
 */
export function claimDueSubscriptions(db: Db, now: number, leaseUntil: number, limit: number): Promise<SubscriptionRow[]> {
  return db.transaction(async (tx) => {
    const due = await tx
      .select()
      .from(subscriptions)
      .where(and(eq(subscriptions.autoPay, true), eq(subscriptions.cancelled, false), isNotNull(subscriptions.nextChargeAt), lte(subscriptions.nextChargeAt, now)))
      .orderBy(asc(subscriptions.nextChargeAt), asc(subscriptions.id))
      .limit(limit)
      .for('update', { skipLocked: true });
    if (due.length) await tx.update(subscriptions).set({ nextChargeAt: leaseUntil }).where(inArray(subscriptions.id, due.map((s) => s.id)));
    return due;
  });
}

/**
 * Trials whose charge is within `window` seconds and not yet reminded for this period, marked reminded
 * (`reminded_for` = the period end) in the same statement's transaction.
 */
export function claimTrialReminders(db: Db, now: number, window: number, limit: number): Promise<SubscriptionRow[]> {
  return db.transaction(async (tx) => {
    const due = await tx
      .select()
      .from(subscriptions)
      .where(
        and(
          eq(subscriptions.isTrial, true),
          eq(subscriptions.autoPay, true),
          eq(subscriptions.cancelled, false),
          gt(subscriptions.nextChargeAt, now),
          lte(subscriptions.nextChargeAt, now + window),
          or(isNull(subscriptions.remindedFor), ne(subscriptions.remindedFor, subscriptions.periodEnd)),
        ),
      )
      .limit(limit)
      .for('update', { skipLocked: true });
    if (due.length) await tx.update(subscriptions).set({ remindedFor: subscriptions.periodEnd }).where(inArray(subscriptions.id, due.map((s) => s.id)));
    return due;
  });
}

/**
 * Changes a subscription only while it is in the state the caller read: the same period (and, when given, the same
 * failed attempts and auto-pay still on). Answers the changed row, or undefined when it moved on meanwhile.
 */
export async function changeIfUnmoved(
  db: Tx,
  read: Pick<SubscriptionRow, 'id' | 'periodEnd'> & { failedAttempts?: number; autoPayOn?: boolean },
  changes: Partial<typeof subscriptions.$inferInsert>,
): Promise<SubscriptionRow | undefined> {
  const [row] = await db
    .update(subscriptions)
    .set(changes)
    .where(
      and(
        eq(subscriptions.id, read.id),
        eq(subscriptions.periodEnd, read.periodEnd),
        read.failedAttempts === undefined ? undefined : eq(subscriptions.failedAttempts, read.failedAttempts),
        read.autoPayOn ? and(eq(subscriptions.autoPay, true), eq(subscriptions.cancelled, false)) : undefined,
      ),
    )
    .returning();
  return row;
}
