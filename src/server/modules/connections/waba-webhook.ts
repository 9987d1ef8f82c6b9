import { Readable } from 'node:stream';
import type { FastifyRequest } from 'fastify';
import type { DeliveryEvent } from '../../delivery/channels/channel.ts';
import { applyDeliveryEvent } from '../../delivery/events.ts';
import type { AppContext } from '../../platform/context.ts';
import type { Db } from '../../platform/db/open.ts';
import { invalidField } from '../../platform/http/field-error.ts';
import { HttpError, notFound } from '../../platform/http/problem.ts';
import type { Handlers } from '../../platform/http/types.ts';
import type { WebhookGuard } from '../../platform/http/webhook-guard.ts';
import { metaTime, receiveWabaMessage } from '../conversations/index.ts';
import { providerDown } from './provider-call.ts';
import { sealedConnections, type Sealed } from './sealed.ts';
import { deleteConnection, setState } from './store.ts';
import { setWabaTemplateStatus } from './store-waba.ts';
import { setWabaWebhook, WABA_SECRET_HEADER } from './waba-api.ts';
import { sameSecret } from '../../platform/auth/secrets.ts';
import { connectionIdOf, header, readAtMost } from './webhooks.ts';

// 360dialog's webhook of one WhatsApp Business number (docs/connections.md "WhatsApp Business (360dialog)"): set on
// connect with a secret header, it brings Meta's Cloud API notifications: the clients' messages, our messages'
// statuses and the templates' review results.

/** Meta's notifications are a few KB (a batch of statuses); past this the body is refused unread. */
const BODY_MAX = 64 * 1024;
/** What an account without an https origin shows: 360dialog only calls https URLs, so no reply can arrive. */
export const NO_HTTPS_ORIGIN = 'repliesNeedHttps';

const verified = new WeakMap<FastifyRequest, Sealed<'waba'>>();

/** The webhook URL for a connection, or undefined when this server has no https origin 360dialog could call. */
export function wabaWebhookUrl(publicOrigin: string, connectionId = 0): string | undefined {
  const origin = publicOrigin.replace(/\/+$/, '');
  return origin.startsWith('https://') ? `${origin}/api/v1/Webhooks/waba/${connectionId}` : undefined;
}

/**
 * A just-added account's webhook: set at 360dialog with its secret, or (no https origin, no secret) the account stays
 * Connected with NO_HTTPS_ORIGIN. When 360dialog refuses or is down the account is removed again and the problem is
 * returned: nothing is added, the owner retries the whole step (as for a Telegram bot).
 */
export async function hookWaba(ctx: AppContext, id: number, apiKey: string, secret: string | undefined, at: Date): Promise<HttpError | undefined> {
  const hookUrl = wabaWebhookUrl(ctx.config.publicOrigin, id);
  if (!secret || !hookUrl) {
    await setState(ctx.db, id, { state: 'Connected', lastError: NO_HTTPS_ORIGIN }, at);
    return undefined;
  }
  const set = await setWabaWebhook(ctx.config, apiKey, hookUrl, secret);
  if (set === true) return undefined;
  await deleteConnection(ctx.db, id);
  return set === 'rejected' ? invalidField('apiKey', 'wabaKeyRejected') : providerDown(set);
}

/**
 * The guard (`x-fastify-config: { webhook: waba }`): an unknown connection → 404 and a missing or wrong
 * X-Cabinet-Token → 401, both before the body is read; then at most 64 KB (413 past it).
 */
export function wabaWebhookGuard(ctx: AppContext): WebhookGuard {
  const sealed = sealedConnections(ctx.db, ctx.config);
  return async (req, payload) => {
    const id = connectionIdOf(req);
    const account = id === undefined ? undefined : await sealed.byId(id, 'waba');
    if (!account) throw notFound('webhookNotFound');
    const given = header(req, WABA_SECRET_HEADER.toLowerCase());
    const secret = account.credentials.webhookSecret;
    if (!given || !secret || !sameSecret(given, secret)) throw new HttpError(401, 'webhookSecretWrong');
    const body = await readAtMost(payload, BODY_MAX);
    verified.set(req, account);
    return Readable.from([body]);
  };
}

type Obj = Record<string, unknown>;
const obj = (v: unknown): Obj => (v && typeof v === 'object' && !Array.isArray(v) ? (v as Obj) : {});
const arr = (v: unknown): unknown[] => (Array.isArray(v) ? v : []);
const str = (v: unknown, max = 200): string | undefined => (typeof v === 'string' && v && v.length <= max ? v : undefined);

/** A Cloud API status of our message → the engine's event; `sent` (and anything unknown) changes nothing. */
export function wabaStatusEvent(raw: unknown, now: number): DeliveryEvent | undefined {
  const s = obj(raw);
  const id = str(s.id);
  if (!id) return undefined;
  const at = metaTime(s.timestamp, now);
  if (s.status === 'delivered' || s.status === 'read') return { providerMessageId: id, status: s.status, at };
  if (s.status !== 'failed') return undefined;
  const error = obj(arr(s.errors)[0]);
  const code = typeof error.code === 'number' ? ` ${error.code}` : '';
  const title = str(error.title, 300) ?? str(error.message, 300);
  return { providerMessageId: id, status: 'failed', at, reason: `WhatsApp error${code}${title ? `: ${title}` : ''}` };
}

/** Meta's template review results (`message_template_status_update`); REINSTATED means approved again. */
const templateStatusOf = (event: unknown): string | undefined => {
  const e = str(event, 40);
  if (!e || !/^[A-Z_]+$/.test(e)) return undefined;
  return e === 'REINSTATED' ? 'approved' : e.toLowerCase();
};

/** One notification: every change it carries is applied (each idempotent, so Meta's retries change nothing twice). */
export async function applyWabaNotification(db: Db, account: Sealed<'waba'>, body: unknown, now: number): Promise<boolean> {
  const connection = account.connection;
  let applied = false;
  for (const entry of arr(obj(body).entry)) {
    for (const rawChange of arr(obj(entry).changes)) {
      const change = obj(rawChange);
      const value = obj(change.value);
      if (change.field === 'messages') {
        const names = new Map(arr(value.contacts).map((c) => [str(obj(c).wa_id), str(obj(obj(c).profile).name, 100)] as const));
        for (const m of arr(value.messages)) {
          if ((await receiveWabaMessage(db, connection, m, names.get(str(obj(m).from)) ?? '', now)) === 'applied') applied = true;
        }
        for (const s of arr(value.statuses)) {
          const event = wabaStatusEvent(s, now);
          if (event && (await applyDeliveryEvent(db, event))) applied = true;
        }
      } else if (change.field === 'message_template_status_update') {
        const name = str(value.message_template_name, 512);
        const language = str(value.message_template_language, 20);
        const status = templateStatusOf(value.event);
        const reason = str(value.reason, 500);
        if (name && language && status && (await setWabaTemplateStatus(db, connection.id, { name, language, status, rejectedReason: reason && reason !== 'NONE' ? reason : null }, new Date(now)))) applied = true;
      }
    }
  }
  return applied;
}

export function wabaWebhookHandlers(ctx: AppContext): Handlers<'receiveWabaWebhook'> {
  return {
    async receiveWabaWebhook(req) {
      const account = verified.get(req);
      if (!account) throw new HttpError(401, 'webhookSecretWrong');
      try {
        return { result: (await applyWabaNotification(ctx.db, account, req.body, ctx.config.now())) ? ('applied' as const) : ('ignored' as const) };
      } catch (error) {
        // 360dialog retries a non-2xx answer: one notification we cannot apply must not hold back the number's queue.
        req.log.error({ err: error, connectionId: account.connection.id }, 'waba notification failed');
        return { result: 'ignored' as const };
      }
    },
  };
}
