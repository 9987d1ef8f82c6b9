import type { components } from '../../../api/schema.d.ts';
import { subscriptionOf } from './subscription-state.ts';
import type { AppContext } from '../../platform/context.ts';
import { emailsOf, findUser, linkedAccountsOf } from '../account/store.ts';
import { companyWithOwner, linkedAccountCounts } from '../account/store-linked.ts';
import { CONNECTION_STATES } from '../connections/schema.ts';
import { instancesOf, instancesPage } from '../connections/store.ts';
import { connectionCountsOf } from '../connections/store-secrets.ts';
import { sessionActivity } from '../account/store-sessions.ts';
import { countFlowsOf } from '../flows/store.ts';
import { countIgnoredOf } from '../phones/store.ts';
import { notFound } from '../../platform/http/problem.ts';
import type { Handlers } from '../../platform/http/types.ts';
import { toAdminUser } from './mapping.ts';
import { pendingMailTo } from './queries-reports.ts';
import { dialoguesGranted } from './store.ts';
import { paymentSummary } from './store-payments.ts';
import { pagesOf, seconds } from '../../platform/db/rows.ts';

export const INSTANCES_PAGE_SIZE = 20;
type State = components['schemas']['InstanceState'];

const isConnected = (s: State) => s === 'Connected' || s === 'Authorized';
const DAY = 86_400;

/** Connection health: all instances, one company's status, one customer's diagnostics (docs/admin.md). */
export function adminHealthHandlers(ctx: AppContext): Handlers<'adminListInstances' | 'adminGetCompanyStatus' | 'adminGetDiagnostics'> {
  const { db, config } = ctx;

  return {
    async adminListInstances(req) {
      const { page = 1, state } = req.query;
      const { total, rows, states } = await instancesPage(db, { state, page, pageSize: INSTANCES_PAGE_SIZE });
      const emails = await emailsOf(db, [...new Set(rows.map((r) => r.userId))]);
      const byState: Record<string, number> = {};
      for (const s of states) {
        const key = s.state && CONNECTION_STATES.includes(s.state) ? s.state : 'unknown';
        byState[key] = (byState[key] ?? 0) + Number(s.n);
      }
      return {
        instances: rows.map((a) => ({ id: a.id, userId: a.userId, userEmail: emails.get(a.userId) ?? '', phone: a.name, state: a.state, createdDateUnixTime: seconds(a.createdAt)! })),
        page,
        pages: pagesOf(total, INSTANCES_PAGE_SIZE),
        total,
        byState,
      };
    },

    async adminGetCompanyStatus(req) {
      const row = await companyWithOwner(db, req.params.companyId);
      if (!row) throw notFound('companyNotFound');
      const d = row.a.data as Record<string, unknown>;
      const int = (v: unknown, fallback = 0) => (Number.isInteger(v) ? (v as number) : fallback);
      return {
        company: {
          id: row.a.id,
          name: row.a.name,
          status: typeof d.status === 'string' ? d.status : null,
          accountId: int(d.accountId),
          internalCompanyId: int(d.internalCompanyId),
          webhooksCount: int(d.webhooksCount),
          activeMastersCount: int(d.activeMastersCount),
          timezone: int(d.timezone, 3),
          city: typeof d.city === 'string' ? d.city : null,
        },
        userId: row.a.userId,
        userEmail: row.email,
        instances: await instancesOf(db, row.a.userId),
        checkedDateUnixTime: Math.floor(config.now() / 1000),
      };
    },

    async adminGetDiagnostics(req) {
      const userId = req.params.id;
      const user = await findUser(db, userId);
      if (!user) throw notFound('userNotFound');
      const now = new Date(config.now());
      const nowS = Math.floor(config.now() / 1000);
      const [accounts, connectionCounts, instances, companies, pay, session, mail, granted, flowCount, ignoredCount] = await Promise.all([
        linkedAccountCounts(db, userId),
        connectionCountsOf(db, userId),
        instancesOf(db, userId),
        linkedAccountsOf(db, userId, 'yclientsCompany'),
        paymentSummary(db, userId),
        sessionActivity(db, userId, now),
        pendingMailTo(db, user.email),
        dialoguesGranted(db, userId),
        countFlowsOf(db, userId),
        countIgnoredOf(db, userId),
      ]);
      const lastEnd = pay?.lastEnd == null ? null : Number(pay.lastEnd);
      const lastSignIn = seconds(session?.last);
      const companyList = companies.map((c) => ({ id: c.id, name: c.name, status: typeof c.data.status === 'string' ? c.data.status : null }));
      const connected = instances.filter((i) => isConnected(i.state)).length;
      const subscription = subscriptionOf(lastEnd, nowS);
      const checks: components['schemas']['DiagnosticCheck'][] = [
        { code: 'emailConfirmed', ok: user.emailConfirmed },
        { code: 'phoneSet', ok: Boolean(user.phone), ...(user.phone ? { value: user.phone } : {}) },
        { code: 'whatsAppConnected', ok: connected > 0, count: connected, total: instances.length },
        { code: 'bookingConnected', ok: companyList.some((c) => c.status === 'Connected'), count: companyList.filter((c) => c.status === 'Connected').length, total: companyList.length },
        { code: 'subscriptionActive', ok: subscription === 'Active', dateUnixTime: lastEnd },
        { code: 'recentSignIn', ok: lastSignIn !== null && nowS - lastSignIn <= 30 * DAY, dateUnixTime: lastSignIn },
        { code: 'mailDelivered', ok: mail === 0, count: mail },
      ];
      return {
        user: toAdminUser(user),
        checks,
        lastSignInUnixTime: lastSignIn,
        activeSessions: Number(session?.active ?? 0),
        // WhatsApp numbers keep the bundle's name `chatApi` here (they live in connections since issue 17); the other
        // kinds of connections add to their linked-account namesakes.
        accounts: accountCounts(accounts, connectionCounts),
        instances,
        companies: companyList,
        payments: { successful: Number(pay?.ok ?? 0), failed: Number(pay?.failed ?? 0), lastSuccessfulEndUnixTime: lastEnd, subscription },
        pendingMail: mail,
        dialoguesGranted: granted,
        flows: flowCount,
        ignoredPhones: ignoredCount,
      };
    },
  };
}

/** Linked accounts and connections counted per kind, WhatsApp numbers as `chatApi`. */
function accountCounts(linked: { kind: string; n: unknown }[], connected: { kind: string; n: number }[]): Record<string, number> {
  const counts: Record<string, number> = {};
  for (const a of linked) counts[a.kind] = Number(a.n);
  for (const c of connected) {
    const kind = c.kind === 'whatsapp' ? 'chatApi' : c.kind;
    counts[kind] = (counts[kind] ?? 0) + c.n;
  }
  return counts;
}
