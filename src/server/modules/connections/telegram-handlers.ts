import type { components } from '../../../api/schema.d.ts';
import type { AppContext } from '../../platform/context.ts';
import { newSecret } from '../../platform/auth/secrets.ts';
import { masked } from '../../platform/crypto/sealing.ts';
import { isUniqueViolation } from '../../platform/db/errors.ts';
import { requireAuth } from '../../platform/http/auth.ts';
import { invalidField } from '../../platform/http/field-error.ts';
import { HttpError } from '../../platform/http/problem.ts';
import type { Handlers } from '../../platform/http/types.ts';
import { providerDown } from './provider-call.ts';
import { undoAtProviders } from './cleanup.ts';
import { commonFields, sealedConnections, type Sealed } from './sealed.ts';
import { connectionBySession, deleteConnection, setState } from './store.ts';
import { countWrongCode, setOwnershipCode } from './store-secrets.ts';
import { BOT_TOKEN, botApi } from './telegram-bot-api.ts';
import { CODE_ATTEMPTS, codeHash, sameHash } from './telegram.ts';

type TelegramBot = components['schemas']['TelegramBot'];

/** The owner's Telegram bots (§2 /accounts/telegram; docs/connections.md "Telegram"). */
export function telegramHandlers(ctx: AppContext): Handlers<'listTelegramBots' | 'addTelegramBot' | 'getTelegramBot' | 'deleteTelegramBot' | 'confirmTelegramBot'> {
  const { db, config } = ctx;
  const sealed = sealedConnections(db, config);
  const api = botApi(config);
  const now = () => new Date(config.now());

  const toBot = ({ connection: c, secret, credentials }: Sealed<'telegram'>): TelegramBot => ({
    ...commonFields(c),
    name: c.name,
    tokenMasked: masked(credentials.token),
    startLink: `https://t.me/${c.name.replace(/^@/, '')}`,
    codeSent: Boolean(secret.codeHash && secret.codeExpiresAt && secret.codeExpiresAt.getTime() > config.now()),
  });
  const own = (req: Parameters<typeof requireAuth>[0], id: number) => sealed.own(req, id, 'telegram', 'telegramNotFound');

  return {
    async listTelegramBots(req) {
      return { bots: (await sealed.list(requireAuth(req).userId, 'telegram')).map(toBot) };
    },

    async addTelegramBot(req, reply) {
      const userId = requireAuth(req).userId;
      const token = req.body.token.trim();
      if (!BOT_TOKEN.test(token)) throw invalidField('token', 'telegramTokenInvalid');
      const me = await api.getMe(token);
      if (me === 'rejected') throw invalidField('token', 'telegramTokenRejected');
      if ('down' in me) throw providerDown(me);
      // One connection per bot: Telegram keeps one webhook per bot, so a second would silently take the first's.
      const session = `telegram:${me.bot.id}`;
      if (await connectionBySession(db, session)) throw new HttpError(409, 'botAlreadyConnected');
      const webhookSecret = newSecret();
      const row = await sealed.add('telegram', { userId, name: `@${me.bot.username}`, session, state: 'init', at: now() }, { token, webhookSecret }).catch((error: unknown) => {
        // Two adds of one bot at once: the unique session index lets one through.
        if (isUniqueViolation(error)) throw new HttpError(409, 'botAlreadyConnected');
        throw error;
      });
      const hooked = await api.setWebhook(token, row.id, webhookSecret);
      if (hooked !== true) {
        // Nothing is added when Telegram does not take our webhook: the owner retries the whole step.
        await deleteConnection(db, row.id);
        if (hooked === 'badUrl') throw new HttpError(409, 'telegramWebhookRefused');
        throw hooked === 'rejected' ? invalidField('token', 'telegramTokenRejected') : providerDown(hooked);
      }
      reply.code(201);
      return toBot(await own(req, row.id));
    },

    async getTelegramBot(req) {
      return toBot(await own(req, req.params.connectionId));
    },

    async deleteTelegramBot(req, reply) {
      const bot = await own(req, req.params.connectionId);
      // Best effort: a silent Telegram is logged and the bot goes anyway (its webhook then meets a 401 here).
      await undoAtProviders(config, [{ connectionId: bot.connection.id, kind: 'telegram', token: bot.credentials.token || null }], req.log);
      await deleteConnection(db, bot.connection.id);
      reply.code(204);
    },

    async confirmTelegramBot(req) {
      const bot = await own(req, req.params.connectionId);
      const { connection: c, secret } = bot;
      if (c.state === 'Connected') return toBot(bot);
      if (!secret.codeHash || !secret.codeExpiresAt || secret.codeExpiresAt.getTime() <= config.now()) throw new HttpError(409, 'telegramCodeNotSent');
      if (secret.codeAttempts >= CODE_ATTEMPTS) throw new HttpError(429, 'telegramCodeAttempts');
      const code = req.body.code.replace(/\s+/g, '');
      if (!sameHash(secret.codeHash, codeHash(c.id, code))) {
        const attempts = await countWrongCode(db, c.id);
        if (attempts >= CODE_ATTEMPTS) {
          await setOwnershipCode(db, c.id, null, now());
          throw new HttpError(429, 'telegramCodeAttempts');
        }
        throw invalidField('code', 'telegramCodeInvalid', { params: { attemptsLeft: CODE_ATTEMPTS - attempts } });
      }
      await setOwnershipCode(db, c.id, null, now());
      await setState(db, c.id, { state: 'Connected', lastError: null }, now());
      return toBot(await own(req, c.id));
    },
  };
}
