import { and, count, desc, eq, gte, sql } from 'drizzle-orm';
import type { AppContext } from '../../platform/context.ts';
import { linkedAccounts, users } from '../account/schema.ts';
import { outbox } from '../../platform/mail/schema.ts';
import { payments } from './schema.ts';
import type { Handlers } from '../../platform/http/types.ts';
import { churnPage } from './churn.ts';
import { pagesOf, seconds, totalOf } from '../../platform/db/rows.ts';

export const REPORT_PAGE_SIZE = 20;
// Inside a correlated subquery Drizzle renders columns unqualified; name the outer row explicitly.
const userId = sql.raw('"users"."id"');

/** Read-only reports: the outgoing queue, new clients, churn risk. */
export function adminReportHandlers(ctx: AppContext): Handlers<'adminListOutgoing' | 'adminListNewClients' | 'adminChurn'> {
  const { db, config } = ctx;
  const size = REPORT_PAGE_SIZE;

  return {
    async adminListOutgoing(req) {
      const { page = 1, to } = req.query;
      const where = to?.trim() ? eq(outbox.to, to.trim().toLowerCase()) : undefined;
      const [total, rows] = await Promise.all([
        totalOf(db.select({ n: count() }).from(outbox).where(where)),
        db.select().from(outbox).where(where).orderBy(desc(outbox.id)).limit(size).offset((page - 1) * size),
      ]);
      return {
        messages: rows.map((m) => ({ id: m.id, to: m.to, subject: m.subject, text: m.text, createdDateUnixTime: seconds(m.createdAt)! })),
        page,
        pages: pagesOf(total, size),
        total,
      };
    },

    async adminListNewClients(req) {
      const { page = 1, days = 30 } = req.query;
      const since = new Date(config.now() - days * 86_400_000);
      const where = gte(users.createdAt, since);
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
          .limit(size)
          .offset((page - 1) * size),
      ]);
      return {
        clients: rows.map(({ u, accounts, ok, first }) => ({
          id: u.id,
          email: u.email,
          phone: u.phone,
          fullName: u.fullName,
          createdDateUnixTime: seconds(u.createdAt)!,
          emailConfirmed: u.emailConfirmed,
          accountsCount: Number(accounts),
          successfulPayments: Number(ok),
          firstPaymentUnixTime: seconds(first),
        })),
        page,
        pages: pagesOf(total, size),
        total,
        paidTotal,
      };
    },

    async adminChurn(req) {
      const { page = 1, minScore = 1 } = req.query;
      const { customers, total } = await churnPage(db, { nowMs: config.now(), page, pageSize: size, minScore });
      return { customers, page, pages: pagesOf(total, size), total };
    },
  };
}
