import type { components } from '../../../api/schema.d.ts';
import type { AppContext } from '../../platform/context.ts';
import { newSecret } from '../../platform/auth/secrets.ts';
import { masked } from '../../platform/crypto/sealing.ts';
import { requireAuth } from '../../platform/http/auth.ts';
import { invalidField } from '../../platform/http/field-error.ts';
import { HttpError, notFound } from '../../platform/http/problem.ts';
import type { Handlers } from '../../platform/http/types.ts';
import { providerDown } from './provider-call.ts';
import { commonFields, sealedConnections, type Sealed } from './sealed.ts';
import { connectionBySession, deleteConnection, setState } from './store.ts';
import { deleteWabaTemplate, replaceWabaTemplates, upsertWabaTemplate, wabaTemplatesOf, type WabaTemplateRow } from './store-waba.ts';
import { createWabaTemplate, deleteWabaTemplateAt, listWabaAccount, listWabaTemplates, type TemplateCall } from './waba-api.ts';
import { WABA_API_KEY, wabaChannelSessionOf, wabaKeyOps, wabaSessionOf } from './waba-key.ts';
import { DIALOG360_ID, wabaPartner } from './waba-partner.ts';
import { checkNewTemplate, TEMPLATE_LIMIT, templatePayload } from './waba-templates.ts';
import { unixSeconds } from '../../platform/db/rows.ts';
import { hookWaba, wabaWebhookUrl } from './waba-webhook.ts';

type WabaAccount = components['schemas']['WabaAccount'];
type WabaTemplate = components['schemas']['WabaTemplate'];
type Req = Parameters<typeof requireAuth>[0];

const toTemplate = (t: WabaTemplateRow): WabaTemplate => ({
  name: t.name,
  category: t.category,
  language: t.language,
  type: t.type,
  status: t.status,
  rejectedReason: t.rejectedReason,
  body: t.body,
  syncedUnixTime: unixSeconds(t.syncedAt),
});

/** The owner's WhatsApp Business accounts through 360dialog and their templates (§2 /accounts/dialog360, §3, §5, §8). */
export function wabaHandlers(
  ctx: AppContext,
): Handlers<
  'listWabaAccounts' | 'addWabaAccount' | 'connectWabaCallback' | 'getWabaAccount' | 'deleteWabaAccount' | 'replaceWabaKey' | 'setWabaWebhookAgain' | 'listWabaTemplates' | 'syncWabaTemplates' | 'createWabaTemplate' | 'deleteWabaTemplate'
> {
  const { db, config } = ctx;
  const sealed = sealedConnections(db, config);
  const keys = wabaKeyOps(ctx);
  const now = () => new Date(config.now());
  const partner = config.dialog360Partner && wabaPartner(config.dialog360Partner, config.now);

  const toAccount = async ({ connection: c, credentials }: Sealed<'waba'>): Promise<WabaAccount> => {
    const templates = await wabaTemplatesOf(db, c.id);
    const synced = templates.reduce<Date | null>((at, t) => (at && at > t.syncedAt ? at : t.syncedAt), null);
    return { ...commonFields(c), name: c.name, apiKeyMasked: masked(credentials.apiKey), templates: templates.length, templatesSyncedUnixTime: synced ? unixSeconds(synced) : null };
  };
  const own = (req: Req, id: number) => sealed.own(req, id, 'waba', 'wabaNotFound');
  /** A template call's failure as the owner's answer: a key revoked since the save, 360dialog down. */
  const failed = (call: Exclude<TemplateCall, { ok: true }>): HttpError =>
    call === 'rejected' ? new HttpError(409, 'wabaKeyRejected') : 'down' in call ? providerDown(call) : invalidField('body', 'wabaTemplateRefused', { params: { reason: call.refused } });

  /**
   * Adds the account of a key (typed in, or created through the partner callback): one connection per key, checked
   * by listing its templates, sealed, its webhook set, the templates stored. Any error leaves nothing added.
   */
  const connect = async (userId: number, apiKey: string, givenName: string | undefined, session: string): Promise<number> => {
    if (await connectionBySession(db, wabaSessionOf(apiKey))) throw new HttpError(409, 'wabaAlreadyConnected');
    const listed = await listWabaAccount(config, apiKey);
    if (listed === 'rejected') throw invalidField('apiKey', 'wabaKeyRejected');
    if ('down' in listed) throw providerDown(listed);
    const { templates, wabaId } = listed;
    const at = now();
    const name = givenName?.trim() || 'WhatsApp Business';
    const hooked = wabaWebhookUrl(config.publicOrigin) !== undefined;
    const webhookSecret = hooked ? newSecret() : undefined;
    const row = await sealed.add('waba', { userId, name, session, state: 'Connected', at }, { apiKey, webhookSecret, ...(wabaId ? { wabaId } : {}) });
    const problem = await hookWaba(ctx, row.id, apiKey, webhookSecret, at);
    if (problem) throw problem;
    await db.transaction((tx) => replaceWabaTemplates(tx, row.id, templates, at));
    return row.id;
  };

  return {
    async listWabaAccounts(req) {
      const rows = await sealed.list(requireAuth(req).userId, 'waba');
      return { accounts: await Promise.all(rows.map(toAccount)) };
    },

    async addWabaAccount(req, reply) {
      const apiKey = req.body.apiKey.trim();
      if (!WABA_API_KEY.test(apiKey)) throw invalidField('apiKey', 'wabaKeyRejected');
      const row = await connect(requireAuth(req).userId, apiKey, req.body.name, wabaSessionOf(apiKey));
      reply.code(201);
      return toAccount(await own(req, row));
    },

    async connectWabaCallback(req, reply) {
      const userId = requireAuth(req).userId;
      // Without the operator's 360dialog partner account a channel cannot become an API key (docs/connections.md
      // "The connect callback"): the owner adds the account by its key instead.
      if (!partner) throw new HttpError(409, 'wabaPartnerNotConfigured');
      // The route's `token` is 360dialog's client id, `accountId` the channel id (the redirect's `client`, `channels`).
      const { token: clientId, accountId: channelId } = req.body;
      if (!DIALOG360_ID.test(clientId)) throw invalidField('token', 'invalidFormat');
      if (!DIALOG360_ID.test(channelId)) throw invalidField('accountId', 'invalidFormat');
      // One account per channel, checked before 360dialog is asked: a second key for it would revoke the first's.
      const session = wabaChannelSessionOf(channelId);
      if (await connectionBySession(db, session)) throw new HttpError(409, 'wabaAlreadyConnected');
      const key = await partner.channelKey(channelId);
      if (key === 'partnerRefused') {
        req.log.error({ partnerId: config.dialog360Partner?.partnerId }, '360dialog refused the partner login: check DIALOG360_PARTNER_USERNAME and DIALOG360_PARTNER_PASSWORD');
        throw new HttpError(502, 'wabaPartnerAuthFailed');
      }
      if (key === 'noPermission') throw new HttpError(409, 'wabaPartnerNoPermission');
      if ('down' in key) throw providerDown(key);
      const row = await connect(userId, key.apiKey, undefined, session);
      req.log.info({ clientId, channelId, connectionId: row }, '360dialog channel connected through the partner callback');
      reply.code(201);
      return toAccount(await own(req, row));
    },

    async getWabaAccount(req) {
      return toAccount(await own(req, req.params.connectionId));
    },

    async deleteWabaAccount(req, reply) {
      const account = await own(req, req.params.connectionId);
      await deleteConnection(db, account.connection.id);
      reply.code(204);
    },

    async replaceWabaKey(req) {
      await keys.replaceKey(await own(req, req.params.connectionId), req.body.apiKey);
      return toAccount(await own(req, req.params.connectionId));
    },

    async setWabaWebhookAgain(req) {
      await keys.rehook(await own(req, req.params.connectionId));
      return toAccount(await own(req, req.params.connectionId));
    },

    async listWabaTemplates(req) {
      const account = await own(req, req.params.connectionId);
      return { templates: (await wabaTemplatesOf(db, account.connection.id)).map(toTemplate) };
    },

    async syncWabaTemplates(req) {
      const account = await own(req, req.params.connectionId);
      const id = account.connection.id;
      const templates = await listWabaTemplates(config, account.credentials.apiKey);
      if (templates === 'rejected') {
        // Revoked in the 360dialog hub: the screen shows the account in error until a sync with a valid key.
        await setState(db, id, { state: 'error', lastError: 'keyRejected' }, now());
        throw new HttpError(409, 'wabaKeyRejected');
      }
      if ('down' in templates) throw providerDown(templates);
      await db.transaction(async (tx) => {
        await replaceWabaTemplates(tx, id, templates, now());
        if (account.connection.lastError === 'keyRejected') await setState(tx, id, { state: 'Connected', lastError: null }, now());
      });
      return { templates: (await wabaTemplatesOf(db, id)).map(toTemplate) };
    },

    async createWabaTemplate(req, reply) {
      const account = await own(req, req.params.connectionId);
      const t = { ...req.body, name: req.body.name.trim(), body: req.body.body.trim() };
      checkNewTemplate(t);
      const existing = await wabaTemplatesOf(db, account.connection.id);
      if (existing.some((e) => e.name === t.name && e.language === t.language)) throw invalidField('name', 'wabaTemplateExists', { status: 409 });
      const names = new Set(existing.map((e) => e.name));
      if (!names.has(t.name) && names.size >= TEMPLATE_LIMIT) throw new HttpError(409, 'wabaTemplateLimit', { params: { limit: TEMPLATE_LIMIT } });
      const call = await createWabaTemplate(config, account.credentials.apiKey, templatePayload(t));
      if (typeof call !== 'object' || !('ok' in call)) throw failed(call);
      const values = { name: t.name, category: t.category, language: t.language, type: t.type, status: call.status, rejectedReason: null, body: t.body };
      await upsertWabaTemplate(db, account.connection.id, values, now());
      reply.code(201);
      return toTemplate((await wabaTemplatesOf(db, account.connection.id)).find((e) => e.name === t.name && e.language === t.language)!);
    },

    async deleteWabaTemplate(req, reply) {
      const account = await own(req, req.params.connectionId);
      const name = req.params.name;
      const known = (await wabaTemplatesOf(db, account.connection.id)).some((e) => e.name === name);
      const call = await deleteWabaTemplateAt(config, account.credentials.apiKey, name);
      if (call === 'missing' && !known) throw notFound('wabaTemplateNotFound');
      if (call !== 'missing' && (typeof call !== 'object' || !('ok' in call))) throw failed(call);
      // Gone at 360dialog (now, or already): gone here too.
      await deleteWabaTemplate(db, account.connection.id, name);
      reply.code(204);
    },
  };
}
