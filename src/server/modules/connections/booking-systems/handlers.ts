import type { FastifyRequest } from 'fastify';
import type { components } from '../../../../api/schema.d.ts';
import type { AppContext } from '../../../platform/context.ts';
import { requireAuth } from '../../../platform/http/auth.ts';
import { invalidField } from '../../../platform/http/field-error.ts';
import { HttpError, notFound } from '../../../platform/http/problem.ts';
import type { Handlers } from '../../../platform/http/types.ts';
import { unixSeconds } from '../../../platform/db/rows.ts';
import { lockUser } from '../../account/store.ts';
import type { Tx } from '../../../platform/db/transactions.ts';
import { addSealedConnection } from '../store-secrets.ts';
import { sealedConnections } from '../sealed.ts';
import { connectionsOf, deleteConnection, type ConnectionRow } from '../store.ts';
import { providerDown } from '../provider-call.ts';
import { bookingApi, isOk, SYSTEM_NAME, textOf, type BookingSystem } from './api.ts';
import { tokenRejected } from './company.ts';
import { bookingCompanies, markRejected } from './companies.ts';
import { checkMarketplaceSignature } from './marketplace-sign.ts';

type Op = 'getBookingSystemOverview' | 'connectBookingSystem' | 'connectBookingMarketplace' | 'removeBookingSystemAccount' | 'listReachableBookingCompanies' | 'linkBookingCompany' | 'unlinkBookingCompany' | 'syncBookingCompany';
type Account = components['schemas']['BookingSystemAccount'];

/** Accounts one owner may connect per system (docs/booking-systems.md "Limits"); marketplace installs are not counted. */
export const ACCOUNT_LIMIT = 5;
export const MARKETPLACE_SESSION = 'mp:';

export const toAccount = (c: ConnectionRow, system: BookingSystem): Account => ({
  id: c.id,
  system,
  name: c.name,
  via: c.session?.startsWith(MARKETPLACE_SESSION) ? 'marketplace' : 'credentials',
  state: tokenRejected(c) ? 'tokenRejected' : 'Connected',
  createdUnixTime: unixSeconds(c.createdAt),
});

/** YCLIENTS and Altegio accounts and companies (docs/booking-systems.md). */
export function bookingSystemHandlers(ctx: AppContext): Handlers<Op> {
  const { db, config } = ctx;
  const sealed = sealedConnections(db, config);
  const companies = bookingCompanies(ctx);

  const requirePartner = (system: BookingSystem) => {
    if (!config.businessSystems[system].partnerToken) throw new HttpError(409, 'bookingPartnerNotConfigured');
  };
  const own = (req: FastifyRequest, system: BookingSystem, id: number) => sealed.own(req, id, system, 'bookingAccountNotFound');
  const credentialAccounts = async (tx: Tx, userId: number, system: BookingSystem) =>
    (await connectionsOf(tx, userId, system)).filter((c) => !c.session?.startsWith(MARKETPLACE_SESSION)).length;
  const atLimit = () => new HttpError(409, 'accountLimitReached', { params: { limit: ACCOUNT_LIMIT } });

  /** The user token for the credentials given: checked by the system before anything is kept. */
  async function userTokenOf(system: BookingSystem, body: { login?: string; password?: string; userToken?: string }): Promise<{ token: string; name: string }> {
    if (body.userToken !== undefined) {
      const token = body.userToken.trim();
      // It travels in the Authorization header: anything but visible ASCII would fail there as a 502.
      if (token.length < 8 || !/^[\x21-\x7e]+$/.test(token)) throw invalidField('userToken', 'bookingCredentialsRejected');
      const a = await bookingApi(config, system, token).myCompanies();
      if ('down' in a) throw providerDown(a);
      if (!isOk(a)) throw invalidField('userToken', 'bookingCredentialsRejected');
      return { token, name: `${SYSTEM_NAME[system]} ••••${token.slice(-4)}` };
    }
    const login = body.login?.trim() ?? '';
    if (!login) throw invalidField('login', 'blank');
    if (!body.password) throw invalidField('password', 'blank');
    const a = await bookingApi(config, system).auth(login, body.password);
    if ('down' in a) throw providerDown(a);
    if (!isOk(a)) throw invalidField('password', 'bookingCredentialsRejected');
    const token = typeof a.ok?.user_token === 'string' ? a.ok.user_token : '';
    if (!token) throw providerDown({ down: 'no user token in the answer' });
    return { token, name: login };
  }

  return {
    async getBookingSystemOverview(req) {
      const userId = requireAuth(req).userId;
      const system = req.params.system;
      const accounts = await connectionsOf(db, userId, system);
      return {
        accounts: accounts.map((c) => toAccount(c, system)),
        companies: await companies.list(userId, system, accounts),
        webhookUrl: await companies.webhookUrl(userId, system),
        limit: ACCOUNT_LIMIT,
        partnerConfigured: Boolean(config.businessSystems[system].partnerToken),
      };
    },

    async connectBookingSystem(req, reply) {
      const userId = requireAuth(req).userId;
      const system = req.params.system;
      requirePartner(system);
      if ((await credentialAccounts(db, userId, system)) >= ACCOUNT_LIMIT) throw atLimit();
      const { token, name } = await userTokenOf(system, req.body);
      // The owner's row lock makes the count and the insert one step: two connects at once cannot pass the limit.
      const row = await db.transaction(async (tx) => {
        await lockUser(tx, userId);
        if ((await credentialAccounts(tx, userId, system)) >= ACCOUNT_LIMIT) throw atLimit();
        return addSealedConnection(tx, { userId, kind: system, name: name.slice(0, 254), state: 'Connected', at: new Date(config.now()) }, sealed.seal(system, { userToken: token }));
      });
      reply.code(201);
      return toAccount(row, system);
    },

    async connectBookingMarketplace(req, reply) {
      const userId = requireAuth(req).userId;
      const system = req.params.system;
      requirePartner(system);
      // The redirect's signature first: before any provider call or write (docs/booking-systems.md "Marketplace").
      checkMarketplaceSignature(config.businessSystems[system].partnerToken!, req.body);
      const company = await companies.linkMarketplace(userId, system, req.body.salonId, req.body.applicationId, req.log);
      reply.code(201);
      return company;
    },

    async removeBookingSystemAccount(req, reply) {
      const account = await own(req, req.params.system, req.params.connectionId);
      await deleteConnection(db, account.connection.id); // its companies stay, connection_id set null
      reply.code(204);
    },

    async listReachableBookingCompanies(req) {
      const system = req.params.system;
      const account = await own(req, system, req.params.connectionId);
      if (!account.credentials.userToken) {
        // A marketplace install reaches its own salon only (no user to ask `my=1` for).
        const mine = (await companies.list(account.connection.userId, system)).filter((c) => c.accountId === account.connection.id);
        return { companies: mine.map((c) => ({ companyId: c.internalCompanyId, name: c.name, city: c.city, linked: true })) };
      }
      const a = await bookingApi(config, system, account.credentials.userToken).myCompanies();
      if ('down' in a) throw providerDown(a);
      if (!isOk(a)) {
        if (a.fail === 'rejected') await markRejected(db, config, account.connection.id);
        throw a.fail === 'rejected' ? new HttpError(409, 'bookingTokenRejected') : providerDown({ down: `provider refused: ${a.fail}` });
      }
      const linked = new Set((await companies.rows(account.connection.userId, system)).map((r) => r.externalId));
      const list = Array.isArray(a.ok) ? a.ok.filter((c) => Number.isInteger(c?.id)) : [];
      return {
        companies: list.map((c) => ({ companyId: c.id, name: textOf(c.title) || `#${c.id}`, city: typeof c.city === 'string' ? c.city : null, linked: linked.has(`${system}:${c.id}`) })),
      };
    },

    async linkBookingCompany(req, reply) {
      const system = req.params.system;
      const account = await own(req, system, req.params.connectionId);
      if (!account.credentials.userToken) {
        const mine = (await companies.list(account.connection.userId, system)).find((c) => c.accountId === account.connection.id && c.internalCompanyId === req.body.companyId);
        if (!mine) throw invalidField('companyId', 'bookingCompanyUnreachable');
        reply.code(201);
        return mine;
      }
      const company = await companies.linkThrough(account, system, req.body.companyId, req.log);
      reply.code(201);
      return company;
    },

    async unlinkBookingCompany(req, reply) {
      const row = await companies.own(req, req.params.system, req.params.companyId);
      await companies.unlink(row, req.params.system);
      reply.code(204);
    },

    async syncBookingCompany(req, reply) {
      const system = req.params.system;
      const row = await companies.own(req, system, req.params.companyId);
      if (row.connectionId == null) throw new HttpError(409, 'companyWithoutAccount');
      const account = await sealed.byId(row.connectionId, system);
      if (!account) throw notFound('bookingAccountNotFound');
      await companies.pull(row, account, system, req.log);
      reply.code(202); // the pull runs on in the background
      return companies.one(row.id, system);
    },
  };
}
