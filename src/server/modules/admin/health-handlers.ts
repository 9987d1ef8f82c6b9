import { and, count, desc, eq, gt, isNull, notInArray, sql } from 'drizzle-orm';
import type { components } from '../../../api/schema.d.ts';
import { subscriptionOf } from './subscription-state.ts';
import type { AppContext } from '../../platform/context.ts';
import { dialogueGrants, payments } from './schema.ts';
import { flows } from '../flows/schema.ts';
import { ignoredPhones } from '../phones/schema.ts';
import { linkedAccounts, refreshTokens, users } from '../account/schema.ts';
import { outbox } from '../../platform/mail/schema.ts';
import { notFound } from '../../platform/http/problem.ts';
import type { Handlers } from '../../platform/http/types.ts';
import { toAdminUser } from './mapping.ts';
import { pagesOf, seconds, totalOf } from '../../platform/db/rows.ts';

export const INSTANCES_PAGE_SIZE = 20;
type State = components['schemas']['InstanceState'];
const STATES = ['init', 'GotQrCode', 'NotAuthorized', 'Connected', 'Authorized', 'loading', 'error'];

/** The state an instance last reported (stored in its data); anything else counts as never reported. */
const stateOf = (data: Record<string, unknown>): State => (STATES.includes(data.state as string) ? (data.state as State) : null);
const isConnected = (s: State) => s === 'Connected' || s === 'Authorized';
const stateSql = sql<string | null>`${linkedAccounts.data}->>'state'`;
const DAY = 86_400;

/** Connection health: all instances, one company's status, one customer's diagnostics (docs/admin.md). */
export function adminHealthHandlers(ctx: AppContext): Handlers<'adminListInstances' | 'adminGetCompanyStatus' | 'adminGetDiagnostics'> {
  const { db, config } = ctx;

  const instancesOf = async (userId: number) => {
    const rows = await db.select().from(linkedAccounts).where(and(eq(linkedAccounts.userId, userId), eq(linkedAccounts.kind, 'chatApi'))).orderBy(linkedAccounts.id);
    return rows.map((r) => ({ id: r.id, phone: r.name, state: stateOf(r.data) }));
  };

  return {
    async adminListInstances(req) {
      const { page = 1, state } = req.query;
      const kind = eq(linkedAccounts.kind, 'chatApi');
      const where = state === undefined ? kind : state === 'unknown' ? and(kind, notInArray(sql`coalesce(${stateSql}, '')`, STATES)) : and(kind, sql`${stateSql} = ${state}`);
      const [total, rows, states] = await Promise.all([
        totalOf(db.select({ n: count() }).from(linkedAccounts).where(where)),
        db
          .select({ a: linkedAccounts, email: users.email })
          .from(linkedAccounts)
          .innerJoin(users, eq(users.id, linkedAccounts.userId))
          .where(where)
          .orderBy(desc(linkedAccounts.id))
          .limit(INSTANCES_PAGE_SIZE)
          .offset((page - 1) * INSTANCES_PAGE_SIZE),
        db.select({ state: stateSql, n: count() }).from(linkedAccounts).where(kind).groupBy(stateSql),
      ]);
      const byState: Record<string, number> = {};
      for (const s of states) {
        const key = STATES.includes(s.state ?? '') ? s.state! : 'unknown';
        byState[key] = (byState[key] ?? 0) + Number(s.n);
      }
      return {
        instances: rows.map(({ a, email }) => ({ id: a.id, userId: a.userId, userEmail: email, phone: a.name, state: stateOf(a.data), createdDateUnixTime: seconds(a.createdAt)! })),
        page,
        pages: pagesOf(total, INSTANCES_PAGE_SIZE),
        total,
        byState,
      };
    },

    async adminGetCompanyStatus(req) {
      const [row] = await db
        .select({ a: linkedAccounts, email: users.email })
        .from(linkedAccounts)
        .innerJoin(users, eq(users.id, linkedAccounts.userId))
        .where(and(eq(linkedAccounts.id, req.params.companyId), eq(linkedAccounts.kind, 'yclientsCompany')));
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
        instances: await instancesOf(row.a.userId),
        checkedDateUnixTime: Math.floor(config.now() / 1000),
      };
    },

    async adminGetDiagnostics(req) {
      const userId = req.params.id;
      const [user] = await db.select().from(users).where(eq(users.id, userId));
      if (!user) throw notFound('userNotFound');
      const now = new Date(config.now());
      const nowS = Math.floor(config.now() / 1000);
      const [accounts, instances, companies, [pay], [session], [mail], [granted], [flowCount], [ignoredCount]] = await Promise.all([
        db.select({ kind: linkedAccounts.kind, n: count() }).from(linkedAccounts).where(eq(linkedAccounts.userId, userId)).groupBy(linkedAccounts.kind),
        instancesOf(userId),
        db.select().from(linkedAccounts).where(and(eq(linkedAccounts.userId, userId), eq(linkedAccounts.kind, 'yclientsCompany'))),
        db
          .select({
            ok: sql<number>`count(*) filter (where ${payments.success})::int`,
            failed: sql<number>`count(*) filter (where not ${payments.success})::int`,
            lastEnd: sql<number | null>`max(${payments.dateEnd}) filter (where ${payments.success})`,
          })
          .from(payments)
          .where(eq(payments.userId, userId)),
        db
          .select({
            last: sql<string | null>`max(${refreshTokens.createdAt})`,
            active: sql<number>`count(distinct ${refreshTokens.familyId}) filter (where ${and(isNull(refreshTokens.spentAt), isNull(refreshTokens.revokedAt), gt(refreshTokens.idleExpiresAt, now), gt(refreshTokens.familyExpiresAt, now))})::int`,
          })
          .from(refreshTokens)
          .where(eq(refreshTokens.userId, userId)),
        db.select({ n: count() }).from(outbox).where(eq(outbox.to, user.email)),
        db.select({ n: sql<number>`coalesce(sum(${dialogueGrants.count}), 0)::int` }).from(dialogueGrants).where(eq(dialogueGrants.userId, userId)),
        db.select({ n: count() }).from(flows).where(eq(flows.userId, userId)),
        db.select({ n: count() }).from(ignoredPhones).where(eq(ignoredPhones.userId, userId)),
      ]);
      const lastEnd = pay?.lastEnd == null ? null : Number(pay.lastEnd);
      const lastSignIn = seconds(session?.last);
      const companyList = companies.map((c) => ({ id: c.id, name: c.name, status: typeof c.data.status === 'string' ? c.data.status : null }));
      const connected = instances.filter((i) => isConnected(i.state)).length;
      const subscription = subscriptionOf(lastEnd, nowS);
      const checks: components['schemas']['DiagnosticCheck'][] = [
        { code: 'emailConfirmed', ok: user.emailConfirmed, detail: user.emailConfirmed ? 'confirmed' : 'not confirmed' },
        { code: 'phoneSet', ok: Boolean(user.phone), detail: user.phone ?? 'no phone' },
        { code: 'whatsAppConnected', ok: connected > 0, detail: `${connected} of ${instances.length} instances connected` },
        { code: 'bookingConnected', ok: companyList.some((c) => c.status === 'Connected'), detail: `${companyList.filter((c) => c.status === 'Connected').length} of ${companyList.length} companies connected` },
        { code: 'subscriptionActive', ok: subscription === 'Active', detail: lastEnd ? `paid until ${new Date(lastEnd * 1000).toISOString().slice(0, 10)}` : 'never paid' },
        { code: 'recentSignIn', ok: lastSignIn !== null && nowS - lastSignIn <= 30 * DAY, detail: lastSignIn ? `last activity ${new Date(lastSignIn * 1000).toISOString().slice(0, 10)}` : 'never signed in' },
        { code: 'mailDelivered', ok: Number(mail?.n ?? 0) === 0, detail: `${Number(mail?.n ?? 0)} messages held in the outbox` },
      ];
      return {
        user: toAdminUser(user),
        checks,
        lastSignInUnixTime: lastSignIn,
        activeSessions: Number(session?.active ?? 0),
        accounts: Object.fromEntries(accounts.map((a) => [a.kind, Number(a.n)])),
        instances,
        companies: companyList,
        payments: { successful: Number(pay?.ok ?? 0), failed: Number(pay?.failed ?? 0), lastSuccessfulEndUnixTime: lastEnd, subscription },
        pendingMail: Number(mail?.n ?? 0),
        dialoguesGranted: Number(granted?.n ?? 0),
        flows: Number(flowCount?.n ?? 0),
        ignoredPhones: Number(ignoredCount?.n ?? 0),
      };
    },
  };
}
