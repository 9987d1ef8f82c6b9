// Shared set-up of the Telegram bot tests: the Bot API double and a server whose public origin is HTTPS (Telegram
// takes no other webhook), the double delivering the bots' updates to the server's own port.
import { afterAll, beforeAll } from 'vitest';
import { startTelegramBotsFake, type TelegramBotsFake } from '../../fakes/telegram-fake.ts';
import { startServer, type TestServer } from '../harness.ts';

/** Starts both before the file's tests and closes them after; the fields are set once `beforeAll` has run. */
export function telegramServerForFile(): { server: TestServer; fake: TelegramBotsFake } {
  const t = {} as { server: TestServer; fake: TelegramBotsFake };
  beforeAll(async () => {
    t.fake = await startTelegramBotsFake();
    t.server = await startServer({ env: { TELEGRAM_API_URL: t.fake.apiUrl, PUBLIC_ORIGIN: 'https://cabinet.example', ACCESS_TOKEN_TTL_SECONDS: '3650d' } });
    t.fake.via = new URL(t.server.base).origin;
  }, 120_000);
  afterAll(async () => {
    await t.server?.close();
    await t.fake?.close();
  });
  return t;
}
