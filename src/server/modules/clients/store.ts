import { and, count, eq, gte, inArray, lt, sql } from 'drizzle-orm';
import { phoneOf } from '../../platform/http/field-error.ts';
import type { Tx } from '../../platform/db/transactions.ts';
import { bookingClients } from './schema.ts';

// The businesses' clients (booking_clients): one row per business and phone, written by every source (booking
// records, orders) and read by subscribers and the delivery engine.

/** Phone digits as channels and the blacklist use them (E.164 without the plus); 400 names the field. */
export const phoneDigits = (value: string, field = 'phone'): string => phoneOf(value, field).slice(1);

export async function upsertClient(tx: Tx, userId: number, input: { phone: string; name?: string; birthday?: string }, now: number) {
  const [client] = await tx
    .insert(bookingClients)
    .values({ userId, phone: input.phone, name: input.name ?? '', birthday: input.birthday ?? null, createdAt: new Date(now) })
    .onConflictDoUpdate({
      target: [bookingClients.userId, bookingClients.phone],
      set: {
        name: input.name ? input.name : sql`${bookingClients.name}`,
        birthday: input.birthday ? input.birthday : sql`${bookingClients.birthday}`,
      },
    })
    .returning();
  return client!;
}

export type ClientRow = typeof bookingClients.$inferSelect;

export async function clientById(tx: Tx, id: number): Promise<ClientRow | undefined> {
  const [client] = await tx.select().from(bookingClients).where(eq(bookingClients.id, id));
  return client;
}

export async function clientsByIds(tx: Tx, ids: number[]): Promise<ClientRow[]> {
  return tx.select().from(bookingClients).where(inArray(bookingClients.id, ids));
}

/** A completed visit or order: one more visit, the spend added, the last visit moved forward (never back). */
export async function recordVisit(tx: Tx, clientId: number, spend: number, at: Date): Promise<void> {
  await tx
    .update(bookingClients)
    .set({
      visitCount: sql`${bookingClients.visitCount} + 1`,
      spend: sql`${bookingClients.spend} + ${spend}`,
      lastVisitAt: sql`greatest(${bookingClients.lastVisitAt}, ${at.toISOString()}::timestamptz)`,
    })
    .where(eq(bookingClients.id, clientId));
}

/** Clients of the business first seen in [from, to) (reports' `{newClientsCount}`). */
export async function newClientsBetween(tx: Tx, userId: number, from: number, to: number): Promise<number> {
  const [row] = await tx
    .select({ n: count() })
    .from(bookingClients)
    .where(and(eq(bookingClients.userId, userId), gte(bookingClients.createdAt, new Date(from)), lt(bookingClients.createdAt, new Date(to))));
  return Number(row?.n ?? 0);
}
