import { createHmac } from 'node:crypto';
import { Readable } from 'node:stream';
import type { FastifyRequest } from 'fastify';
import { sameSecret } from '../../../platform/auth/secrets.ts';
import type { AppContext } from '../../../platform/context.ts';
import { HttpError, notFound } from '../../../platform/http/problem.ts';
import type { Handlers } from '../../../platform/http/types.ts';
import type { WebhookGuard } from '../../../platform/http/webhook-guard.ts';
import { sealedConnections, type Sealed } from '../sealed.ts';
import { connectionIdOf, header, readAtMost } from '../webhooks.ts';
import { field, num } from './api.ts';
import { conversationOfRemote, isOurEcho, queueReply } from './store.ts';

// The API inbox's webhook (docs/chatwoot.md "Answers"; docs/webhooks.md "Credentials first"): the secret in the URL
// names and proves the connection before the body is read; when Chatwoot signs (≥ 4.13, X-Chatwoot-Signature:
// `sha256=` HMAC-SHA256 of `{timestamp}.{raw body}` under the inbox's secret) and we know the secret, that is checked too.

const BODY_MAX = 1024 * 1024;
/** A staff answer longer than this is cut: WhatsApp's own text limit is 4,096 characters. */
const TEXT_MAX = 4096;
const verified = new WeakMap<FastifyRequest, Sealed<'chatwoot'>>();

export function chatwootWebhookGuards(ctx: AppContext): Record<string, WebhookGuard> {
  const sealed = sealedConnections(ctx.db, ctx.config);
  return {
    async chatwoot(req, payload) {
      const id = connectionIdOf(req);
      const given = (req.params as { secret?: unknown } | undefined)?.secret;
      const account = typeof given === 'string' && id !== undefined ? await sealed.byId(id, 'chatwoot') : undefined;
      const secret = account?.credentials.webhookSecret;
      if (!account || !secret || !sameSecret(given as string, secret)) throw notFound('webhookNotFound');
      verified.set(req, account);
      const signature = header(req, 'x-chatwoot-signature');
      const signingSecret = account.credentials.signingSecret;
      if (!signingSecret) return;
      // An inbox that gave us its secret signs every call: one without the header is not Chatwoot's (no downgrade).
      if (!signature) throw new HttpError(401, 'signatureInvalid');
      const body = await readAtMost(payload, BODY_MAX);
      const expected = `sha256=${createHmac('sha256', signingSecret).update(`${header(req, 'x-chatwoot-timestamp') ?? ''}.`).update(body).digest('hex')}`;
      if (!sameSecret(signature, expected)) throw new HttpError(401, 'signatureInvalid');
      return Readable.from([body]);
    },
  };
}

/** What a webhook event asks of us: a staff answer to send, or nothing. */
export function staffAnswer(event: unknown, inboxId: number | undefined): { messageId: number; conversationId: number; text: string } | undefined {
  if (field(event, 'event') !== 'message_created') return undefined;
  const type = field(event, 'message_type');
  // Webhooks name the type (`outgoing`); raw message objects carry the enum's number (1 outgoing).
  if (type !== 'outgoing' && type !== 1) return undefined;
  if (field(event, 'private') === true) return undefined; // an internal note is for the staff only
  const eventInbox = num(field(event, 'inbox', 'id')) ?? num(field(event, 'conversation', 'inbox_id'));
  if (inboxId !== undefined && eventInbox !== undefined && eventInbox !== inboxId) return undefined;
  const messageId = num(field(event, 'id'));
  const conversationId = num(field(event, 'conversation', 'id'));
  const content = field(event, 'content');
  const text = typeof content === 'string' ? content.trim() : '';
  if (!messageId || !conversationId || !text) return undefined; // attachments alone are not sent (docs/chatwoot.md)
  return { messageId, conversationId, text: text.slice(0, TEXT_MAX) };
}

export function chatwootWebhookHandlers(ctx: AppContext): Handlers<'receiveChatwootEvent'> {
  const { db, config } = ctx;
  return {
    async receiveChatwootEvent(req) {
      const account = verified.get(req);
      if (!account) throw notFound('webhookNotFound');
      if (account.connection.state !== 'Connected') return { result: 'ignored' as const };
      const answer = staffAnswer(req.body, account.credentials.inboxId);
      if (!answer) return { result: 'ignored' as const };
      const connectionId = account.connection.id;
      // Our own mirrored messages come back as `incoming`; an id we posted is an echo whatever its type says.
      if (await isOurEcho(db, connectionId, answer.messageId)) return { result: 'ignored' as const };
      const conversationId = await conversationOfRemote(db, connectionId, answer.conversationId);
      if (conversationId === undefined) return { result: 'ignored' as const }; // not a conversation the cabinet made
      const queued = await queueReply(db, { connectionId, chatwootMessageId: answer.messageId, conversationId, text: answer.text, at: new Date(config.now()) });
      return { result: queued ? ('applied' as const) : ('unchanged' as const) };
    },
  };
}
