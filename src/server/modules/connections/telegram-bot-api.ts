import type { ServerConfig } from '../../platform/config.ts';
import { isDownAnswer, providerCall, type ProviderAnswer } from './provider-call.ts';

// The Telegram Bot API calls of an owner's bot (core.telegram.org/bots/api): getMe to check the token on save,
// setWebhook / deleteWebhook, and the ownership code's message. Answers `{ ok, result }` or `{ ok: false,
// error_code, description }`; 401 (and 404) mean the token is not a live bot's.

export const BOT_TOKEN = /^\d{3,20}:[A-Za-z0-9_-]{20,80}$/;

export type BotCheck = { bot: { id: number; username: string } } | 'rejected' | { down: string };

export function botApi(config: Pick<ServerConfig, 'telegramBot' | 'publicOrigin'>) {
  const base = config.telegramBot.apiUrl.replace(/\/+$/, '');
  const call = (token: string, method: string, json: Record<string, unknown> = {}) => providerCall(`${base}/bot${token}/${method}`, { json });
  const ok = (a: ProviderAnswer) => !isDownAnswer(a) && a.status === 200 && (a.body as { ok?: unknown } | undefined)?.ok === true;
  const rejected = (a: ProviderAnswer) => !isDownAnswer(a) && (a.status === 401 || a.status === 404);

  return {
    webhookUrl: (connectionId: number) => `${config.publicOrigin.replace(/\/+$/, '')}/api/v1/Webhooks/telegram/${connectionId}`,

    async getMe(token: string): Promise<BotCheck> {
      const a = await call(token, 'getMe');
      if (isDownAnswer(a)) return a;
      if (rejected(a)) return 'rejected';
      const result = (a.body as { result?: { id?: unknown; username?: unknown; is_bot?: unknown } } | undefined)?.result;
      if (!ok(a) || typeof result?.id !== 'number' || typeof result.username !== 'string') return { down: `unexpected answer ${a.status}` };
      return { bot: { id: result.id, username: result.username } };
    },

    /** Our webhook with the connection's secret_token; only the updates the cabinet reads. */
    /** `badUrl`: Telegram refused our address (it takes only HTTPS on ports 443, 80, 88 and 8443). */
    async setWebhook(token: string, connectionId: number, secret: string): Promise<true | 'rejected' | 'badUrl' | { down: string }> {
      const a = await call(token, 'setWebhook', { url: this.webhookUrl(connectionId), secret_token: secret, allowed_updates: ['message', 'my_chat_member'], drop_pending_updates: true });
      if (isDownAnswer(a)) return a;
      if (rejected(a)) return 'rejected';
      if (a.status === 400) return 'badUrl';
      return ok(a) ? true : { down: `setWebhook refused (${a.status})` };
    },

    async deleteWebhook(token: string): Promise<true | 'rejected' | { down: string }> {
      const a = await call(token, 'deleteWebhook', { drop_pending_updates: true });
      if (isDownAnswer(a)) return a;
      if (rejected(a)) return 'rejected';
      return ok(a) ? true : { down: `deleteWebhook refused (${a.status})` };
    },

    /** Plain text, no parse mode; true when Telegram took it. */
    async send(token: string, chatId: string, text: string): Promise<boolean> {
      return ok(await call(token, 'sendMessage', { chat_id: chatId, text }));
    },
  };
}
