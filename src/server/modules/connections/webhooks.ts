import { sameSecret } from '../../platform/auth/secrets.ts';
import { Readable } from 'node:stream';
import type { FastifyRequest } from 'fastify';
import type { DeliveryEvent } from '../../delivery/channels/channel.ts';
import { applyDeliveryEvent } from '../../delivery/events.ts';
import type { AppContext } from '../../platform/context.ts';
import { HttpError } from '../../platform/http/problem.ts';
import type { Handlers } from '../../platform/http/types.ts';
import type { WebhookGuard } from '../../platform/http/webhook-guard.ts';
import { sealedConnections, type Sealed } from './sealed.ts';
import { applyBotUpdate } from './telegram.ts';
import { validTwilioSignature } from './twilio-signature.ts';
import { isTwilioIncoming, receiveTwilioMessage } from '../conversations/index.ts';
import { EMPTY_TWIML, TWIML_TYPE } from '../conversations/twilio.ts';

// The owners' connections' webhooks (docs/webhooks.md "Credentials first"): each guard proves the caller with the
// connection's own secret before the body is used, and hands the handler what it verified.

/** Twilio's status callbacks are a few hundred bytes; a bigger body is refused unread past this. */
const FORM_MAX = 64 * 1024;
const SIGNATURE = /^[A-Za-z0-9+/]{27}=$/; // base64 of a 20-byte SHA-1

const bots = new WeakMap<FastifyRequest, Sealed<'telegram'>>();
const twilioCalls = new WeakMap<FastifyRequest, { account: Sealed<'twilio'>; params: Record<string, string> }>();

export const header = (req: FastifyRequest, name: string) => {
  const value = req.headers[name];
  return typeof value === 'string' ? value : undefined;
};
export const connectionIdOf = (req: FastifyRequest) => {
  const raw = (req.params as { connectionId?: unknown } | undefined)?.connectionId;
  const id = Number(raw);
  return Number.isSafeInteger(id) && id > 0 && id <= 2147483647 ? id : undefined;
};

/** The whole body of a verified caller, refused (413) past `max` bytes without buffering more. */
export async function readAtMost(payload: AsyncIterable<unknown>, max: number): Promise<Buffer> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of payload) {
    size += (chunk as Buffer).length;
    if (size > max) throw new HttpError(413, 'payloadTooLarge');
    chunks.push(chunk as Buffer);
  }
  return Buffer.concat(chunks);
}

export function connectionWebhookGuards(ctx: AppContext): Record<string, WebhookGuard> {
  const sealed = sealedConnections(ctx.db, ctx.config);
  const origin = ctx.config.publicOrigin.replace(/\/+$/, '');
  return {
    /** The bot's secret_token, in X-Telegram-Bot-Api-Secret-Token, before the body is read. */
    async telegramBot(req) {
      const id = connectionIdOf(req);
      const given = header(req, 'x-telegram-bot-api-secret-token');
      const bot = given && id !== undefined ? await sealed.byId(id, 'telegram') : undefined;
      if (!bot || !sameSecret(given!, bot.credentials.webhookSecret)) throw new HttpError(401, 'webhookSecretWrong');
      bots.set(req, bot);
    },
    /**
     * X-Twilio-Signature covers the URL and the form's parameters, so the body is read (at most 64 KB) and checked
     * before Fastify parses it; a missing or malformed signature, or an unknown connection, is refused unread.
     */
    async twilio(req, payload) {
      const id = connectionIdOf(req);
      const signature = header(req, 'x-twilio-signature');
      if (!signature || !SIGNATURE.test(signature) || id === undefined) throw new HttpError(401, 'signatureInvalid');
      const account = await sealed.byId(id, 'twilio');
      if (!account) throw new HttpError(401, 'signatureInvalid');
      const body = await readAtMost(payload, FORM_MAX);
      const params = Object.fromEntries(new URLSearchParams(body.toString('utf8')));
      // The URL exactly as we gave it to Twilio (StatusCallback), not as a proxy rewrote it.
      if (!validTwilioSignature(account.credentials.authToken, `${origin}/api/v1/Webhooks/twilio/${id}`, params, signature)) throw new HttpError(401, 'signatureInvalid');
      twilioCalls.set(req, { account, params });
      return Readable.from([body]);
    },
  };
}

/** Twilio's MessageStatus → the engine's event; statuses before delivery (queued, sent, …) change nothing. */
export function twilioEvent(params: Record<string, string>, at: number): DeliveryEvent | undefined {
  const id = params.MessageSid ?? params.SmsSid;
  if (!id || !/^[A-Z]{2}[0-9a-fA-F]{32}$/.test(id)) return undefined;
  switch (params.MessageStatus ?? params.SmsStatus) {
    case 'delivered':
      return { providerMessageId: id, status: 'delivered', at };
    case 'read':
      return { providerMessageId: id, status: 'read', at };
    case 'failed':
    case 'undelivered':
      return { providerMessageId: id, status: 'failed', at, reason: params.ErrorCode ? `Twilio error ${params.ErrorCode.slice(0, 10)}` : 'undelivered' };
    default:
      return undefined;
  }
}

export function connectionWebhookHandlers(ctx: AppContext): Handlers<'receiveTelegramBotUpdate' | 'receiveTwilioStatus'> {
  const { db, config } = ctx;
  return {
    async receiveTelegramBotUpdate(req) {
      const bot = bots.get(req);
      if (!bot) throw new HttpError(401, 'webhookSecretWrong');
      try {
        return { result: await applyBotUpdate(db, config, bot, req.body) };
      } catch (error) {
        // Telegram resends a non-2xx answer until it succeeds: one bad update must not block the bot's queue.
        req.log.error({ err: error, connectionId: bot.connection.id }, 'telegram bot update failed');
        return { result: 'ignored' as const };
      }
    },

    /**
     * One URL for both: the status callbacks of our sends (JSON: Twilio reads only their status code) and the
     * client's messages (the number's incoming webhook), answered with empty TwiML, as Twilio requires there.
     */
    async receiveTwilioStatus(req, reply) {
      const verified = twilioCalls.get(req);
      if (!verified) throw new HttpError(401, 'signatureInvalid');
      if (isTwilioIncoming(verified.params)) {
        await receiveTwilioMessage(db, verified.account.connection, verified.params, config.now());
        reply.type(TWIML_TYPE).send(EMPTY_TWIML);
        return;
      }
      const event = twilioEvent(verified.params, config.now());
      return { result: event && (await applyDeliveryEvent(db, event)) ? ('applied' as const) : ('ignored' as const) };
    },
  };
}
