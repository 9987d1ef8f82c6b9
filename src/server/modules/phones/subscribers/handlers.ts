import { timingSafeEqual } from 'node:crypto';
import type { FastifyRequest } from 'fastify';
import type { AppContext } from '../../../platform/context.ts';
import type { ServerConfig } from '../../../platform/config.ts';
import { userGuid } from '../../account/store.ts';
import { firstConnectedBotOf } from '../../connections/store.ts';
import { requireAuth } from '../../../platform/http/auth.ts';
import { HttpError } from '../../../platform/http/problem.ts';
import { subscriberMessages } from '../messages.ts';
import type { Handlers } from '../../../platform/http/types.ts';
import { requirePhone } from '../store.ts';
import { startToken } from './link.ts';
import { addManual, listSubscribers, removeSubscriber, setStatus, toDto } from './store.ts';
import { applyTelegramUpdate } from './telegram-webhook.ts';

type Ops = 'listSubscribers' | 'addSubscriber' | 'removeSubscriber' | 'unsubscribeSubscriber' | 'resubscribeSubscriber' | 'getSubscribeLink' | 'receiveTelegramUpdate';

/** The Telegram bot is live on this server: it sends the messages and has a username to link to. */
const telegramBotOn = (config: ServerConfig) => config.delivery.channel === 'telegram' && Boolean(config.telegramBot.token);

/** §2 /phones/subscribers (owner calls, scoped to the caller) and the server bot's webhook. */
export function subscribersHandlers(ctx: AppContext): Handlers<Ops> {
  const { db, config } = ctx;
  const now = () => new Date(config.now());
  const found = <T>(row: T | undefined): T => {
    if (!row) throw new HttpError(404, 'subscriberNotFound');
    return row;
  };

  return {
    async listSubscribers(req) {
      const { userId } = requireAuth(req);
      const q = req.query;
      return listSubscribers(db, userId, { page: q.page ?? 1, pageSize: q.pageSize ?? 20, search: q.search, status: q.status, channel: q.channel });
    },

    async addSubscriber(req, reply) {
      const { userId } = requireAuth(req);
      const digits = requirePhone(req.body.phone);
      const row = await addManual(db, userId, req.body.channel, digits, req.body.name?.trim() ?? '', now());
      if (!row) throw new HttpError(409, 'alreadySubscribed', { errors: [{ field: 'phone', code: 'alreadySubscribed', message: subscriberMessages.alreadySubscribed }] });
      reply.code(201);
      return toDto(row);
    },

    async removeSubscriber(req) {
      const { userId } = requireAuth(req);
      found((await removeSubscriber(db, userId, req.params.subscriberId)) || undefined);
      return { message: subscriberMessages.removed };
    },

    async unsubscribeSubscriber(req) {
      const { userId } = requireAuth(req);
      return toDto(found(await setStatus(db, userId, req.params.subscriberId, 'unsubscribed', now())));
    },

    async resubscribeSubscriber(req) {
      const { userId } = requireAuth(req);
      return toDto(found(await setStatus(db, userId, req.params.subscriberId, 'active', now())));
    },

    async getSubscribeLink(req) {
      const { userId } = requireAuth(req);
      // The owner's own Connected bot first (clients subscribe to the business's bot), else the server's when it sends.
      const own = (await firstConnectedBotOf(db, userId))?.replace(/^@/, '');
      const username = own ?? (telegramBotOn(config) ? config.telegramBot.username : undefined);
      if (!username) return { telegram: null };
      const guid = await userGuid(db, userId);
      if (!guid) throw new HttpError(401, 'tokenInvalid');
      return { telegram: `https://t.me/${username}?start=${startToken(config.jwtSecret, guid)}` };
    },

    async receiveTelegramUpdate(req) {
      try {
        return { result: await applyTelegramUpdate(db, config, req.body) };
      } catch (error) {
        // Telegram resends a non-2xx answer until it succeeds: one bad update must not block the bot's queue.
        req.log.error({ err: error }, 'telegram update failed');
        return { result: 'ignored' as const };
      }
    },
  };
}

/**
 * Security handler of the contract's `telegramWebhookSecret` scheme: runs before the body is read (app.ts moves
 * security to onRequest). Off (404) unless this server sends through Telegram and has TELEGRAM_WEBHOOK_SECRET.
 */
export function telegramWebhookSecurity(config: ServerConfig) {
  return {
    async telegramWebhookSecret(req: FastifyRequest) {
      const secret = config.telegramBot.webhookSecret;
      if (!telegramBotOn(config) || !secret) throw new HttpError(404, 'webhookNotFound');
      const header = req.headers['x-telegram-bot-api-secret-token'];
      const given = Buffer.from(typeof header === 'string' ? header : '');
      const expected = Buffer.from(secret);
      if (given.length !== expected.length || !timingSafeEqual(given, expected)) throw new HttpError(401, 'webhookSecretWrong');
    },
  };
}
