import { createHash, randomBytes } from 'node:crypto';
import type { components } from '../../../../api/schema.d.ts';
import type { AppContext } from '../../../platform/context.ts';
import { requireAuth } from '../../../platform/http/auth.ts';
import { invalidField } from '../../../platform/http/field-error.ts';
import { HttpError, notFound } from '../../../platform/http/problem.ts';
import type { Handlers } from '../../../platform/http/types.ts';
import { unixSeconds } from '../../../platform/db/rows.ts';
import { lockUser } from '../../account/store.ts';
import { providerDown } from '../provider-call.ts';
import { sealedConnections } from '../sealed.ts';
import { deleteConnection } from '../store.ts';
import { amoFetch, grant, originOf, pipelinesOf, subdomainOf } from './api.ts';
import type { AmoMapping } from './schema.ts';
import { addOauthState, consumeOauthState, forgetLeads, markConnected, pendingOf, REJECTED, saveSealed, saveSettings, setStatusMap, settingsOf } from './store.ts';
import { receiveAmoWebhook } from './webhooks.ts';

type AmoOverview = components['schemas']['AmoOverview'];

/** A consent's `state` is valid this long (amoCRM's code itself lives 20 minutes). */
const STATE_TTL_MS = 20 * 60_000;
const hash = (s: string) => createHash('sha256').update(s).digest('hex');

/** The owner's amoCRM connection (§2 /accounts/amo; docs/amo.md). */
export function amoHandlers(ctx: AppContext): Handlers<'getAmoConnection' | 'removeAmoConnection' | 'authorizeAmo' | 'connectAmo' | 'setAmoStatusMap' | 'receiveAmoWebhook'> {
  const { db, config } = ctx;
  const sealed = sealedConnections(db, config);
  const amo = config.businessSystems.amo;
  const configured = () => Boolean(amo.clientId && amo.clientSecret);
  const origin = config.publicOrigin.replace(/\/+$/, '');
  const mine = async (userId: number) => (await sealed.list(userId, 'amo'))[0];

  const overview = async (userId: number): Promise<AmoOverview> => {
    const c = await mine(userId);
    if (!c) return { configured: configured(), connection: null };
    const settings = await settingsOf(db, c.connection.id);
    return {
      configured: configured(),
      connection: {
        id: c.connection.id,
        subdomain: c.credentials.subdomain,
        // Sealed under a key this server lost (credentialsUnreadable) is as dead as a revoked token: connect again.
        state: c.connection.lastError === REJECTED || c.connection.lastError === 'credentialsUnreadable' ? 'tokenRejected' : 'Connected',
        lastError: c.connection.lastError,
        tokenExpiresUnixTime: Math.floor(c.credentials.expiresAt / 1000),
        pipelines: settings?.pipelines ?? [],
        statusMap: settings?.statusMap ?? [],
        webhookUrl: `${origin}/api/v1/Webhooks/amo/${c.connection.id}.${c.credentials.webhookSecret ?? ''}`,
        lastPushUnixTime: settings?.lastPushAt ? unixSeconds(settings.lastPushAt) : null,
        pending: await pendingOf(db, c.connection.id),
      },
    };
  };
  const notConfigured = () => new HttpError(409, 'amoNotConfigured');

  return {
    async getAmoConnection(req) {
      return overview(requireAuth(req).userId);
    },

    async authorizeAmo(req) {
      const userId = requireAuth(req).userId;
      if (!configured()) throw notConfigured();
      const now = config.now();
      const state = randomBytes(24).toString('base64url');
      await addOauthState(db, hash(state), userId, new Date(now + STATE_TTL_MS), new Date(now));
      const url = new URL(amo.oauthUrl);
      url.searchParams.set('client_id', amo.clientId!);
      url.searchParams.set('state', state);
      return { url: url.toString() };
    },

    async connectAmo(req) {
      const userId = requireAuth(req).userId;
      if (!configured()) throw notConfigured();
      const code = req.body.code?.trim() ?? '';
      const subdomain = subdomainOf(req.body.referer ?? '');
      const state = req.body.state?.trim() ?? '';
      // §8 "missing amo connection parameters", naming the first field that is missing or not what amoCRM sends.
      if (!code || !/^[A-Za-z0-9._~+/=-]+$/.test(code)) throw invalidField('code', 'amoParametersMissing');
      if (!subdomain) throw invalidField('referer', 'amoParametersMissing');
      if (!state) throw invalidField('state', 'amoParametersMissing');
      const now = config.now();
      // Single use: the state goes whatever the exchange answers (amoCRM's code is single-use too).
      if (!(await consumeOauthState(db, hash(state), userId, new Date(now)))) throw invalidField('state', 'amoParametersMissing');
      const pair = await grant(config, subdomain, { code }, now);
      if ('rejected' in pair) throw invalidField('code', 'amoCodeRejected');
      if ('down' in pair) throw providerDown(pair);
      const listed = await amoFetch(`${originOf(config, subdomain)}/api/v4/leads/pipelines`, { token: pair.accessToken });
      const pipelines = ('down' in listed ? undefined : pipelinesOf(listed.body)) ?? [];
      const at = new Date(now);
      await db.transaction(async (tx) => {
        // Under the owner's row lock: two consents finishing at once (two tabs) update one connection, never add two.
        await lockUser(tx, userId);
        const existing = (await sealedConnections(tx, config).list(userId, 'amo'))[0];
        const webhookSecret = existing?.credentials.webhookSecret || randomBytes(24).toString('base64url');
        const creds = { subdomain, ...pair, webhookSecret };
        if (!existing) {
          const row = await sealedConnections(tx, config).add('amo', { userId, name: subdomain, state: 'Connected', at }, creds);
          await saveSettings(tx, row.id, subdomain, pipelines, true);
          return;
        }
        const id = existing.connection.id;
        await saveSealed(tx, id, sealedConnections(tx, config).seal('amo', creds), at);
        await markConnected(tx, id, subdomain, at);
        const sameAccount = existing.credentials.subdomain === subdomain;
        // Another amoCRM account: the old leads, contacts and map mean nothing there.
        if (!sameAccount) await forgetLeads(tx, id);
        await saveSettings(tx, id, subdomain, pipelines, sameAccount);
      });
      const result = await overview(userId);
      // Best effort: amoCRM posts lead status changes to our URL; the screen shows the URL to paste if this failed.
      await amoFetch(`${originOf(config, subdomain)}/api/v4/webhooks`, { token: pair.accessToken, json: { destination: result.connection!.webhookUrl, settings: ['status_lead'] } });
      return result;
    },

    async setAmoStatusMap(req) {
      const userId = requireAuth(req).userId;
      const c = await mine(userId);
      if (!c) throw notFound('amoNotFound');
      const settings = await settingsOf(db, c.connection.id);
      const seen = new Set<string>();
      const map: AmoMapping[] = req.body.statusMap.map((m, i) => {
        const pipeline = settings?.pipelines.find((p) => p.id === m.pipelineId);
        const key = `${m.pipelineId}:${m.statusId}`;
        if (!pipeline?.statuses.some((s) => s.id === m.statusId) || seen.has(key)) throw invalidField(`statusMap.${i}`, 'amoStatusUnknown');
        seen.add(key);
        return { pipelineId: m.pipelineId, statusId: m.statusId, visitStatus: m.visitStatus };
      });
      await setStatusMap(db, c.connection.id, map);
      return overview(userId);
    },

    async removeAmoConnection(req, reply) {
      const c = await mine(requireAuth(req).userId);
      if (!c) throw notFound('amoNotFound');
      await deleteConnection(db, c.connection.id);
      reply.code(204);
    },

    receiveAmoWebhook: (req) => receiveAmoWebhook(ctx, req),
  };
}

