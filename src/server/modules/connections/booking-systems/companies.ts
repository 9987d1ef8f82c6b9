import type { FastifyBaseLogger, FastifyRequest } from 'fastify';
import type { ServerConfig } from '../../../platform/config.ts';
import type { AppContext } from '../../../platform/context.ts';
import type { Db } from '../../../platform/db/open.ts';
import { requireAuth } from '../../../platform/http/auth.ts';
import { invalidField } from '../../../platform/http/field-error.ts';
import { HttpError, notFound } from '../../../platform/http/problem.ts';
import { lockUser, userGuid } from '../../account/store.ts';
import { addLinkedAccount, bookingCompaniesOf, lockCompanyKey, companyRowsByKey, deleteLinkedAccount, linkedAccountById, mergeLinkedData, type LinkedAccountRow } from '../../account/store-linked.ts';
import { webhookToken } from '../../integrations/token.ts';
import { providerDown } from '../provider-call.ts';
import { sealedConnections, type Sealed } from '../sealed.ts';
import { connectionsOf, setState, type ConnectionRow } from '../store.ts';
import { addSealedConnection } from '../store-secrets.ts';
import { bookingApi, isOk, offsetOf, SYSTEM_NAME, textOf, type Answer, type BookingApi, type BookingCompanyInfo, type BookingSystem } from './api.ts';
import { companyKey, toCompany, type BookingCompany, type BookingRight, type CompanyData } from './company.ts';
import { startPull } from './pull.ts';
import { forgetUnlinked, rememberUnlinked } from './store.ts';

/** The account's token is refused: shown `tokenRejected` until the owner connects again. */
export const markRejected = (db: Db, config: ServerConfig, connectionId: number) =>
  setState(db, connectionId, { state: 'error', lastError: 'bookingTokenRejected' }, new Date(config.now()));

/** A non-ok answer as the route's problem: down → 502, a refused token → 409 (and the account marked). */
async function failWith(db: Db, config: ServerConfig, connectionId: number | null, a: Exclude<Answer<unknown>, { ok: unknown }>): Promise<never> {
  if ('down' in a) throw providerDown(a);
  if (a.fail === 'rejected' && connectionId != null) {
    await markRejected(db, config, connectionId);
    throw new HttpError(409, 'bookingTokenRejected');
  }
  throw providerDown({ down: `provider refused: ${a.fail}` });
}

/** The owner's linked companies of a booking system: reads, links, unlinks and pulls (docs/booking-systems.md "Companies"). */
export function bookingCompanies(ctx: AppContext) {
  const { db, config } = ctx;

  const rows = (userId: number, system: BookingSystem) => bookingCompaniesOf(db, userId, system);

  async function webhookUrl(userId: number, system: BookingSystem): Promise<string> {
    const guid = await userGuid(db, userId);
    if (!guid) throw new HttpError(401, 'tokenInvalid');
    return `${config.publicOrigin}/api/v1/Webhooks/${system}/${webhookToken(config.jwtSecret, guid)}`;
  }

  async function list(userId: number, system: BookingSystem, accounts?: ConnectionRow[]): Promise<BookingCompany[]> {
    const byId = new Map((accounts ?? (await connectionsOf(db, userId, system))).map((c) => [c.id, c]));
    return (await rows(userId, system)).map((r) => toCompany(r, byId, config.now()));
  }

  async function one(id: number, system: BookingSystem): Promise<BookingCompany> {
    const row = (await linkedAccountById(db, id))!;
    return (await list(row.userId, system)).find((c) => c.id === id)!;
  }

  /** The signed-in owner's company of this system; another owner's id is as missing as an unknown one. */
  async function own(req: FastifyRequest, system: BookingSystem, id: number): Promise<LinkedAccountRow> {
    const row = await linkedAccountById(db, id);
    if (!row || row.kind !== 'yclientsCompany' || row.userId !== requireAuth(req).userId || !row.externalId?.startsWith(`${system}:`)) throw notFound('bookingCompanyNotFound');
    return row;
  }

  /**
   * Adds our URL to the company's webhook settings, keeping the owner's other URLs and flags (read-modify-write).
   * `denied`: the user lacks the right; the count is the company's URLs after the change.
   */
  async function registerHook(api: BookingApi, connectionId: number | null, internalId: number, url: string): Promise<{ denied: boolean; count: number }> {
    const current = await api.hooks(internalId);
    if (!isOk(current)) return 'fail' in current && current.fail === 'denied' ? { denied: true, count: 0 } : failWith(db, config, connectionId, current);
    const settings = current.ok && typeof current.ok === 'object' ? current.ok : {};
    const urls = Array.isArray(settings.urls) ? settings.urls.filter((u): u is string => typeof u === 'string') : [];
    if (urls.includes(url)) return { denied: false, count: urls.length };
    const saved = await api.setHooks(internalId, { ...settings, urls: [...urls, url], active: 1, record: 1, client: 1 });
    if (!isOk(saved)) return 'fail' in saved && saved.fail === 'denied' ? { denied: true, count: urls.length } : failWith(db, config, connectionId, saved);
    return { denied: false, count: urls.length + 1 };
  }

  /** Creates or takes over the owner's row of the company (a webhook-tied one keeps its id: payments name it). */
  async function saveLink(userId: number, system: BookingSystem, info: BookingCompanyInfo, connectionId: number, data: CompanyData, webhookDenied: boolean): Promise<LinkedAccountRow> {
    const key = companyKey(system, info.id);
    const name = (textOf(info.title) || `${SYSTEM_NAME[system]} ${info.id}`).slice(0, 200);
    return db.transaction(async (tx) => {
      await lockUser(tx, userId);
      // Checked again under the company's lock: two owners linking it at the same moment cannot both get it.
      await lockCompanyKey(tx, key);
      const all = await companyRowsByKey(tx, key);
      if (all.some((r) => r.userId !== userId)) throw new HttpError(409, 'companyAlreadyLinked');
      await forgetUnlinked(tx, userId, key);
      const [existing] = all.filter((r) => r.userId === userId);
      if (!existing) {
        await addLinkedAccount(tx, { userId, kind: 'yclientsCompany', name, externalId: key, connectionId, data: { ...data, deniedRights: webhookDenied ? ['webhook'] : [] }, createdAt: new Date(config.now()) });
        return (await companyRowsByKey(tx, key)).find((r) => r.userId === userId)!;
      }
      const kept = ((existing.data as CompanyData).deniedRights ?? []).filter((r) => r !== 'webhook');
      const deniedRights: BookingRight[] = webhookDenied ? [...kept, 'webhook'] : kept;
      return (await mergeLinkedData(tx, existing.id, { ...data, linkedBy: (existing.data as CompanyData).linkedBy ?? data.linkedBy, deniedRights }, { name, connectionId }))!;
    });
  }

  const notOtherOwners = async (userId: number, key: string) => {
    if ((await companyRowsByKey(db, key)).some((r) => r.userId !== userId)) throw new HttpError(409, 'companyAlreadyLinked');
  };

  async function pull(row: LinkedAccountRow, account: Sealed<BookingSystem>, system: BookingSystem, log: FastifyBaseLogger): Promise<void> {
    const internalId = Number(row.externalId!.split(':')[1]);
    await startPull(db, config, { companyId: row.id, userId: row.userId, system, internalId, connectionId: account.connection.id, userToken: account.credentials.userToken }, (err) =>
      log.warn({ err, companyId: row.id }, 'booking pull failed'),
    );
  }

  return {
    rows,
    list,
    one,
    own,
    webhookUrl,
    pull,

    /** Links a company the account reaches (§8 "connect-company error" when it does not), registers our webhook, starts the pull. */
    async linkThrough(account: Sealed<BookingSystem>, system: BookingSystem, internalId: number, log: FastifyBaseLogger): Promise<BookingCompany> {
      const userId = account.connection.userId;
      const api = bookingApi(config, system, account.credentials.userToken);
      const reach = await api.myCompanies();
      if (!isOk(reach)) return failWith(db, config, account.connection.id, reach);
      const listed = Array.isArray(reach.ok) ? reach.ok.find((c) => c?.id === internalId) : undefined;
      if (!listed) throw invalidField('companyId', 'bookingCompanyUnreachable');
      await notOtherOwners(userId, companyKey(system, internalId));
      const details = await api.company(internalId);
      if (!isOk(details) && !('fail' in details && (details.fail === 'denied' || details.fail === 'missing'))) return failWith(db, config, account.connection.id, details);
      const info = { ...listed, ...(isOk(details) && details.ok ? details.ok : {}), id: internalId };
      const hook = await registerHook(api, account.connection.id, internalId, await webhookUrl(userId, system));
      const data: CompanyData = { system, linkedBy: 'account', internalCompanyId: internalId, city: typeof info.city === 'string' ? info.city : null, timezone: offsetOf(info), webhooksCount: hook.count, reach: 'ok' };
      const row = await saveLink(userId, system, info, account.connection.id, data, hook.denied);
      await pull(row, account, system, log);
      return one(row.id, system);
    },

    /** The marketplace install: the system confirms it (with our webhook URL) and the salon is linked through a partner-only account. */
    async linkMarketplace(userId: number, system: BookingSystem, salonId: number, applicationId: string, log: FastifyBaseLogger): Promise<BookingCompany> {
      await notOtherOwners(userId, companyKey(system, salonId));
      const api = bookingApi(config, system);
      const confirmed = await api.marketplaceCallback(salonId, applicationId, await webhookUrl(userId, system));
      if ('down' in confirmed) throw providerDown(confirmed);
      if (!isOk(confirmed)) throw invalidField('salonId', 'bookingMarketplaceFailed');
      const details = await api.company(salonId);
      const info: BookingCompanyInfo = { ...(isOk(details) && details.ok ? details.ok : {}), id: salonId };
      // One partner-only account per installed salon (no user token): found again when the install is repeated.
      const session = `mp:${system}:${salonId}:${userId}`;
      const account = await db.transaction(async (tx) => {
        await lockUser(tx, userId);
        const found = (await connectionsOf(tx, userId, system)).find((c) => c.session === session);
        if (found) return found;
        // Sealed like every account (empty: no user token), so reads, pulls and removal treat it as one.
        const name = `${SYSTEM_NAME[system]} marketplace ${salonId}`;
        return addSealedConnection(tx, { userId, kind: system, name, session, state: 'Connected', at: new Date(config.now()) }, sealedConnections(db, config).seal(system, {}));
      });
      const data: CompanyData = { system, linkedBy: 'marketplace', internalCompanyId: salonId, city: typeof info.city === 'string' ? info.city : null, timezone: offsetOf(info), webhooksCount: 1, reach: 'ok' };
      const row = await saveLink(userId, system, info, account.id, data, false);
      await pull(row, { connection: account, secret: undefined as never, credentials: {} }, system, log); // no user token: partner-only calls
      return one(row.id, system);
    },

    /** Unlinks: our URL is withdrawn from the company's webhook settings where the rights allow (best effort), then the row goes. */
    async unlink(row: LinkedAccountRow, system: BookingSystem): Promise<void> {
      if (row.connectionId != null) {
        const account = await sealedConnections(db, config).byId(row.connectionId, system);
        const token = account?.credentials.userToken;
        if (account && (token || account.connection.session?.startsWith('mp:'))) {
          const api = bookingApi(config, system, token);
          const internalId = Number(row.externalId!.split(':')[1]);
          const url = await webhookUrl(row.userId, system);
          const current = await api.hooks(internalId);
          const urls = isOk(current) && Array.isArray(current.ok?.urls) ? current.ok.urls : [];
          if (isOk(current) && urls.includes(url)) await api.setHooks(internalId, { ...current.ok, urls: urls.filter((u) => u !== url) });
        }
      }
      await db.transaction(async (tx) => {
        await rememberUnlinked(tx, row.userId, row.externalId!, new Date(config.now()));
        await deleteLinkedAccount(tx, row.id);
      });
    },
  };
}
