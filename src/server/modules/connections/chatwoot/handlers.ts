import type { components } from '../../../../api/schema.d.ts';
import type { AppContext } from '../../../platform/context.ts';
import { newSecret } from '../../../platform/auth/secrets.ts';
import { masked } from '../../../platform/crypto/sealing.ts';
import { seconds } from '../../../platform/db/rows.ts';
import { lockSenders } from '../../account/store.ts';
import { requireAuth } from '../../../platform/http/auth.ts';
import { invalidField } from '../../../platform/http/field-error.ts';
import { HttpError } from '../../../platform/http/problem.ts';
import type { Handlers } from '../../../platform/http/types.ts';
import { providerDown } from '../provider-call.ts';
import { commonFields, sealedConnections, type Sealed } from '../sealed.ts';
import { countConnectionsOf, deleteConnection, setState } from '../store.ts';
import { addSealedConnection, replaceSealed } from '../store-secrets.ts';
import { chatwootCall, chatwootOrigin, field, isAnswer, num, type ChatwootAnswer, type ChatwootTarget } from './api.ts';
import { mirrorOf, startMirror } from './store.ts';
import { chatwootWebhookHandlers } from './webhooks.ts';

type ChatwootAccount = components['schemas']['ChatwootAccount'];

/** One Chatwoot account per owner: a second would mirror every message twice (docs/chatwoot.md). */
export const CHATWOOT_LIMIT = 1;
export const INBOX_NAME = 'Cabinet';

/** The owner's Chatwoot connection (§2 /accounts/chatwoot; docs/chatwoot.md). */
export function chatwootHandlers(ctx: AppContext): Handlers<'listChatwootAccounts' | 'connectChatwoot' | 'deleteChatwoot' | 'receiveChatwootEvent'> {
  const { db, config } = ctx;
  const sealed = sealedConnections(db, config);
  const allow = config.outboundFetch.allow;
  const origin = config.publicOrigin.replace(/\/+$/, '');
  const now = () => new Date(config.now());

  const toAccount = (a: Sealed<'chatwoot'>, mirror: Awaited<ReturnType<typeof mirrorOf>>): ChatwootAccount => {
    const m = mirror.get(a.connection.id);
    return {
      ...commonFields(a.connection),
      baseUrl: a.credentials.baseUrl,
      accountId: a.credentials.accountId,
      inboxId: a.credentials.inboxId ?? null,
      tokenMasked: masked(a.credentials.apiAccessToken),
      lastMirroredUnixTime: seconds(m?.lastMirroredAt),
      mirrorError: m?.lastError ?? null,
      repliesSent: m?.repliesSent ?? 0,
    };
  };
  const list = async (userId: number) => {
    const rows = await sealed.list(userId, 'chatwoot');
    const mirror = await mirrorOf(db, rows.map((r) => r.connection.id));
    return rows.map((r) => toAccount(r, mirror));
  };

  /** A refused or failed check, as the owner's field error (or 502 when Chatwoot is there but not answering). */
  const refusal = (a: ChatwootAnswer, onNotFound: HttpError): HttpError => {
    if ('blocked' in a) return a.blocked === 'unresolvable' ? invalidField('baseUrl', 'chatwootUnreachable') : invalidField('baseUrl', 'chatwootAddressRefused');
    // Chatwoot answering 5xx/429 is Chatwoot down (502); no answer at all (refused, timed out) is a wrong address.
    if ('down' in a) return a.down.startsWith('Chatwoot error') ? providerDown(a) : invalidField('baseUrl', 'chatwootUnreachable');
    if (a.status === 401) return invalidField('apiAccessToken', 'chatwootTokenRejected');
    if (a.status === 404 || a.status === 403) return onNotFound;
    return invalidField('baseUrl', 'chatwootNotChatwoot');
  };

  return {
    ...chatwootWebhookHandlers(ctx),
    async listChatwootAccounts(req) {
      return { accounts: await list(requireAuth(req).userId), limit: CHATWOOT_LIMIT };
    },

    async connectChatwoot(req, reply) {
      const userId = requireAuth(req).userId;
      const baseUrl = chatwootOrigin(req.body.baseUrl);
      if (!baseUrl) throw invalidField('baseUrl', 'chatwootAddressInvalid');
      const apiAccessToken = req.body.apiAccessToken.trim();
      // A header value: only visible ASCII (anything else would fail as "unreachable", blaming the address).
      if (!/^[\x21-\x7e]+$/.test(apiAccessToken)) throw invalidField('apiAccessToken', 'chatwootTokenRejected');
      if ((await countConnectionsOf(db, userId, 'chatwoot')) >= CHATWOOT_LIMIT) throw new HttpError(409, 'accountLimitReached', { params: { limit: CHATWOOT_LIMIT } });
      const target: ChatwootTarget = { baseUrl, accountId: req.body.accountId, apiAccessToken };

      // The token and the account first: nothing is made in Chatwoot or here until both are right.
      const checked = await chatwootCall(target, allow, '');
      if (!isAnswer(checked) || checked.status >= 300) throw refusal(checked, invalidField('accountId', 'chatwootAccountNotFound'));
      if (num(field(checked.body, 'id')) !== target.accountId) throw invalidField('baseUrl', 'chatwootNotChatwoot');
      const name = String(field(checked.body, 'name') ?? '').slice(0, 100) || `Chatwoot ${target.accountId}`;

      const webhookSecret = newSecret();
      // The owner's row lock makes the count and the insert one step: two connects at once cannot pass the limit.
      const row = await db.transaction(async (tx) => {
        await lockSenders(tx, [userId]);
        if ((await countConnectionsOf(tx, userId, 'chatwoot')) >= CHATWOOT_LIMIT) throw new HttpError(409, 'accountLimitReached', { params: { limit: CHATWOOT_LIMIT } });
        return addSealedConnection(tx, { userId, kind: 'chatwoot', name, state: 'init', at: now() }, sealed.seal('chatwoot', { ...target, webhookSecret }));
      });
      const webhookUrl = `${origin}/api/v1/Webhooks/chatwoot/${row.id}/${webhookSecret}`;
      const made = await chatwootCall(target, allow, '/inboxes', { json: { name: INBOX_NAME, channel: { type: 'api', webhook_url: webhookUrl } } });
      const inboxId = isAnswer(made) && made.status < 300 ? num(field(made.body, 'id')) : undefined;
      if (!inboxId) {
        // Nothing is kept when Chatwoot does not take the inbox: the owner retries the whole step.
        await deleteConnection(db, row.id);
        // The token was good a moment ago: a refusal now is the user's role (agents may not create inboxes).
        const notAllowed = isAnswer(made) && [401, 403, 404, 422].includes(made.status);
        throw notAllowed ? invalidField('apiAccessToken', 'chatwootInboxRefused') : refusal(made, invalidField('apiAccessToken', 'chatwootInboxRefused'));
      }
      await db.transaction(async (tx) => {
        // Chatwoot ≥ 4.13 gives an API inbox a signing `secret` (chatwoot/chatwoot#13892); older ones sign nothing.
        const signing = isAnswer(made) ? field(made.body, 'secret') : undefined;
        const signingSecret = typeof signing === 'string' && signing ? { signingSecret: signing } : {};
        await replaceSealed(tx, row.id, sealed.seal('chatwoot', { ...target, inboxId, webhookSecret, ...signingSecret }), now());
        await setState(tx, row.id, { state: 'Connected', lastError: null }, now());
        await startMirror(tx, row.id, userId);
      });
      reply.code(201);
      const added = await sealed.own(req, row.id, 'chatwoot', 'chatwootConnectionNotFound');
      return toAccount(added, await mirrorOf(db, [row.id]));
    },

    async deleteChatwoot(req, reply) {
      const account = await sealed.own(req, req.params.connectionId, 'chatwoot', 'chatwootConnectionNotFound');
      const { inboxId } = account.credentials;
      if (inboxId && account.credentials.apiAccessToken) {
        // Best effort: the inbox would only point at a webhook that now answers 404.
        const removed = await chatwootCall(account.credentials, allow, `/inboxes/${inboxId}`, { method: 'DELETE' });
        if (!isAnswer(removed) || removed.status >= 300) req.log.warn({ connectionId: account.connection.id }, 'chatwoot inbox not removed');
      }
      await deleteConnection(db, account.connection.id);
      reply.code(204);
    },
  };
}
