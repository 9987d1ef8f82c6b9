import { and, count, desc, eq, gte, sql } from 'drizzle-orm';
import type { Db } from '../../platform/db/open.ts';
import { linkedAccounts, users } from '../account/schema.ts';
import { outbox } from '../../platform/mail/schema.ts';
import { payments } from './schema.ts';
import { totalOf } from '../../platform/db/rows.ts';

// Read-only reporting queries of the admin area that join several domains (docs/architecture.md, "Data ownership"):
// new customers with their accounts and payments, and the mail outbox (a platform table).

// Inside a correlated subquery Drizzle renders columns unqualified; name the outer row explicitly.
const userId = sql.raw('"users"."id"');

/** One page of the mail outbox, newest first; `to` filters by recipient. */
export async function outgoingPage(db: Db, q: { page: number; pageSize: number; to?: string }) {
  const where = q.to?.trim() ? eq(outbox.to, q.to.trim().toLowerCase()) : undefined;
  const [total, rows] = await Promise.all([
    totalOf(db.select({ n: count() }).from(outbox).where(where)),
    db.select().from(outbox).where(where).orderBy(desc(outbox.id)).limit(q.pageSize).offset((q.page - 1) * q.pageSize),
  ]);
  return { total, rows };
}

/** The latest 50 mails of the outbox, to one (normalised) address or to anyone (the CLI and the test harness). */
export function latestMail(db: Db, to?: string) {
  const query = db.select().from(outbox).orderBy(desc(outbox.id)).limit(50);
  return to === undefined ? query : query.where(eq(outbox.to, to));
}

/** Mail to the address still held in the outbox (diagnostics). */
export const pendingMailTo = (db: Db, email: string) => totalOf(db.select({ n: count() }).from(outbox).where(eq(outbox.to, email)));

/** Customers registered since `since`, newest first, with their linked accounts and successful payments. */
export async function newClientsPage(db: Db, q: { since: Date; page: number; pageSize: number }) {
  const where = gte(users.createdAt, q.since);
  const paid = sql`exists (select 1 from ${payments} where ${payments.userId} = ${userId} and ${payments.success})`;
  const [total, paidTotal, rows] = await Promise.all([
    totalOf(db.select({ n: count() }).from(users).where(where)),
    totalOf(db.select({ n: count() }).from(users).where(and(where, paid))),
    db
      .select({
        u: users,
        accounts: sql<number>`(select count(*)::int from ${linkedAccounts} where ${linkedAccounts.userId} = ${userId})`,
        ok: sql<number>`(select count(*)::int from ${payments} where ${payments.userId} = ${userId} and ${payments.success})`,
        first: sql<string | null>`(select min(${payments.createdAt}) from ${payments} where ${payments.userId} = ${userId} and ${payments.success})`,
      })
      .from(users)
      .where(where)
      .orderBy(desc(users.createdAt), desc(users.id))
      .limit(q.pageSize)
      .offset((q.page - 1) * q.pageSize),
  ]);
  return { total, paidTotal, rows };
}
