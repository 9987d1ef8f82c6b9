import type { AppContext } from '../../platform/context.ts';
import type { Handlers } from '../../platform/http/types.ts';
import { churnPage } from './queries-churn.ts';
import { newClientsPage, outgoingPage } from './queries-reports.ts';
import { pagesOf, seconds } from '../../platform/db/rows.ts';

export const REPORT_PAGE_SIZE = 20;

/** Read-only reports: the outgoing queue, new clients, churn risk. */
export function adminReportHandlers(ctx: AppContext): Handlers<'adminListOutgoing' | 'adminListNewClients' | 'adminChurn'> {
  const { db, config } = ctx;
  const size = REPORT_PAGE_SIZE;

  return {
    async adminListOutgoing(req) {
      const { page = 1, to } = req.query;
      const { total, rows } = await outgoingPage(db, { page, pageSize: size, to });
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
      const { total, paidTotal, rows } = await newClientsPage(db, { since, page, pageSize: size });
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
