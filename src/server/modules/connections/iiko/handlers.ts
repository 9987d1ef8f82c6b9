import type { components } from '../../../../api/schema.d.ts';
import type { AppContext } from '../../../platform/context.ts';
import { masked } from '../../../platform/crypto/sealing.ts';
import { newSecret, sha256 } from '../../../platform/auth/secrets.ts';
import { requireAuth } from '../../../platform/http/auth.ts';
import { invalidField } from '../../../platform/http/field-error.ts';
import { HttpError, notFound } from '../../../platform/http/problem.ts';
import type { Handlers } from '../../../platform/http/types.ts';
import { unixSeconds } from '../../../platform/db/rows.ts';
import { lockUser, userGuid } from '../../account/store.ts';
import { deleteIikoOrganization, iikoOrganizationLinks, iikoOrganizationsOf, upsertIikoOrganization, type LinkedAccountRow } from '../../account/store-linked.ts';
import { webhookToken } from '../../integrations/token.ts';
import { providerDown } from '../provider-call.ts';
import { sealedConnections, type Sealed } from '../sealed.ts';
import { addSealedConnection } from '../store-secrets.ts';
import { countConnectionsOf, deleteConnection, setState } from '../store.ts';
import { iikoApi, type IikoResult } from './api.ts';

type Op = 'getIikoOverview' | 'connectIikoAccount' | 'removeIikoAccount' | 'listReachableIikoOrganizations' | 'linkIikoOrganization' | 'unlinkIikoOrganization';
type IikoAccount = components['schemas']['IikoAccount'];
type IikoOrganization = components['schemas']['IikoOrganization'];

/** API logins per owner (the spec gives no number; docs/iiko.md): a restaurant group rarely has more than one. */
export const IIKO_ACCOUNT_LIMIT = 5;
const GUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

/** What a linked organization keeps in `linked_accounts.data` (docs/iiko.md). */
export interface IikoOrganizationData {
  system?: 'iiko';
  terminalGroups?: { id: string; name: string }[];
  /** SHA-256 of the authToken iiko sends with this organization's webhooks (the connection's webhookSecret). */
  authTokenHash?: string;
  lastWebhookAt?: number;
}

export const toOrganization = (r: LinkedAccountRow): IikoOrganization => {
  const data = r.data as IikoOrganizationData;
  return {
    id: r.id,
    organizationId: (r.externalId ?? '').replace(/^iiko:/, ''),
    name: r.name,
    accountId: r.connectionId,
    terminalGroups: data.terminalGroups ?? [],
    webhook: data.authTokenHash ? 'registered' : 'manual',
    lastWebhookUnixTime: typeof data.lastWebhookAt === 'number' ? Math.floor(data.lastWebhookAt / 1000) : null,
  };
};

/** The owner's iiko API logins and organizations (§2 /accounts/iiko; docs/iiko.md). */
export function iikoHandlers(ctx: AppContext): Handlers<Op> {
  const { db, config } = ctx;
  const sealed = sealedConnections(db, config);
  const api = iikoApi(config.businessSystems.iikoApiUrl, config.now);
  const now = () => new Date(config.now());

  const toAccount = ({ connection: c, credentials }: Sealed<'iiko'>): IikoAccount => ({
    id: c.id,
    apiLoginMasked: masked(credentials.apiLogin),
    state: c.state === 'Connected' ? 'Connected' : 'error',
    lastError: c.lastError,
    createdUnixTime: unixSeconds(c.createdAt),
  });
  const own = (req: Parameters<typeof requireAuth>[0], id: number) => sealed.own(req, id, 'iiko', 'iikoNotFound');
  /** The login to call iiko with; credentials no key opens (shown as `credentialsUnreadable`) never reach iiko. */
  const usable = async (req: Parameters<typeof requireAuth>[0], id: number) => {
    const account = await own(req, id);
    if (!account.credentials.apiLogin || !account.credentials.webhookSecret) throw new HttpError(409, 'iikoApiLoginRejected');
    return account;
  };

  async function webhookUrl(userId: number): Promise<string> {
    const guid = await userGuid(db, userId);
    if (!guid) throw new HttpError(401, 'tokenInvalid');
    return `${config.publicOrigin}/api/v1/Webhooks/iiko/${webhookToken(config.jwtSecret, guid)}`;
  }

  /** iiko's answer, or the problem: a refused login marks the account (the screen says connect it again). */
  async function answer<T>(account: Sealed<'iiko'>, r: IikoResult<T>, refused: () => HttpError): Promise<T> {
    if (r === 'rejected') {
      await setState(db, account.connection.id, { state: 'error', lastError: 'apiLoginRejected' }, now());
      throw new HttpError(409, 'iikoApiLoginRejected');
    }
    if ('down' in r) throw providerDown(r);
    if ('refused' in r) throw refused();
    if (account.connection.state !== 'Connected') await setState(db, account.connection.id, { state: 'Connected', lastError: null }, now());
    return r.ok;
  }
  const unreachable = () => invalidField('organizationId', 'iikoOrganizationUnreachable');

  return {
    async getIikoOverview(req) {
      const userId = requireAuth(req).userId;
      const [accounts, organizations, url] = await Promise.all([sealed.list(userId, 'iiko'), iikoOrganizationsOf(db, userId), webhookUrl(userId)]);
      return { accounts: accounts.map(toAccount), organizations: organizations.map(toOrganization), webhookUrl: url, limit: IIKO_ACCOUNT_LIMIT };
    },

    async connectIikoAccount(req, reply) {
      const userId = requireAuth(req).userId;
      const apiLogin = req.body.apiLogin.trim();
      if (!apiLogin) throw invalidField('apiLogin', 'blank');
      const existing = await sealed.list(userId, 'iiko');
      if (existing.length >= IIKO_ACCOUNT_LIMIT) throw new HttpError(409, 'accountLimitReached', { params: { limit: IIKO_ACCOUNT_LIMIT } });
      if (existing.some((a) => a.credentials.apiLogin === apiLogin)) throw new HttpError(409, 'iikoAlreadyConnected');
      const checked = await api.check(apiLogin);
      if (checked === 'rejected' || 'refused' in checked) throw invalidField('apiLogin', 'iikoApiLoginRejected');
      if ('down' in checked) throw providerDown(checked);
      const row = await db.transaction(async (tx) => {
        // The owner's row lock: two connects at once cannot pass the limit together.
        await lockUser(tx, userId);
        if ((await countConnectionsOf(tx, userId, 'iiko')) >= IIKO_ACCOUNT_LIMIT) throw new HttpError(409, 'accountLimitReached', { params: { limit: IIKO_ACCOUNT_LIMIT } });
        const at = now();
        return addSealedConnection(tx, { userId, kind: 'iiko', name: `iiko ${masked(apiLogin)}`, state: 'Connected', at }, sealed.seal('iiko', { apiLogin, webhookSecret: newSecret() }));
      });
      reply.code(201);
      return toAccount(await own(req, row.id));
    },

    async removeIikoAccount(req, reply) {
      const account = await own(req, req.params.connectionId);
      await deleteConnection(db, account.connection.id);
      reply.code(204);
    },

    async listReachableIikoOrganizations(req) {
      const account = await usable(req, req.params.connectionId);
      const reachable = await answer(account, await api.organizations(account.credentials.apiLogin), () => new HttpError(409, 'iikoApiLoginRejected'));
      const linked = new Set((await iikoOrganizationsOf(db, account.connection.userId)).map((r) => r.externalId));
      return { organizations: reachable.map((o) => ({ organizationId: o.id, name: o.name, linked: linked.has(`iiko:${o.id}`) })) };
    },

    async linkIikoOrganization(req, reply) {
      const account = await usable(req, req.params.connectionId);
      const userId = account.connection.userId;
      const organizationId = req.body.organizationId.trim().toLowerCase();
      if (!GUID.test(organizationId)) throw invalidField('organizationId', 'invalidFormat');
      const { apiLogin, webhookSecret } = account.credentials as Required<typeof account.credentials>;
      const organization = (await answer(account, await api.organizations(apiLogin), unreachable)).find((o) => o.id.toLowerCase() === organizationId);
      if (!organization) throw unreachable();
      const externalId = `iiko:${organizationId}`;
      const links = await iikoOrganizationLinks(db, externalId);
      if (links.some((l) => l.userId !== userId)) throw new HttpError(409, 'iikoOrganizationTaken');
      const ours = await webhookUrl(userId);
      const current = await answer(account, await api.webhookSettings(apiLogin, organization.id), unreachable);
      if (current.webHooksUri && current.webHooksUri !== ours && !req.body.replaceWebhook) {
        throw new HttpError(409, 'iikoWebhookTaken', { params: { uri: current.webHooksUri } });
      }
      const terminalGroups = await answer(account, await api.terminalGroups(apiLogin, organization.id), unreachable);
      await answer(account, await api.registerWebhook(apiLogin, organization.id, ours, webhookSecret), unreachable);
      const row = await db.transaction(async (tx) => {
        // Under the owner's row lock (the lock the first-webhook tie takes too): two links at once keep one row.
        await lockUser(tx, userId);
        const mine = (await iikoOrganizationLinks(tx, externalId)).find((l) => l.userId === userId);
        return upsertIikoOrganization(tx, mine, {
          userId,
          name: organization.name,
          externalId,
          connectionId: account.connection.id,
          data: { system: 'iiko', terminalGroups, authTokenHash: sha256(webhookSecret) } satisfies IikoOrganizationData,
          at: now(),
        });
      });
      reply.code(201);
      return toOrganization(row);
    },

    async unlinkIikoOrganization(req, reply) {
      const userId = requireAuth(req).userId;
      if (!(await deleteIikoOrganization(db, userId, req.params.organizationLinkId))) throw notFound('iikoOrganizationNotFound');
      reply.code(204);
    },
  };
}
