// The fuzzer's target: the real server on a fresh database (tests/api/harness.ts), signed-in callers of each kind,
// and a digest of every table to prove that a rejected request changed nothing.
import { sql } from 'drizzle-orm';
import { rowsOf } from '../../src/server/platform/db/rows.ts';
import { DEMO, startServer, type TestServer } from '../api/harness.ts';
import { startSigmaFake } from '../fakes/sigma-fake.ts';
import { startTelegramBotsFake } from '../fakes/telegram-fake.ts';
import { startTwilioFake } from '../fakes/twilio-fake.ts';
import { startWabaFake } from '../fakes/waba-fake.ts';
import { startIikoFake } from '../fakes/iiko-fake.ts';
import type { FuzzOptions } from './runner.ts';

/**
 * Tables a rejected request may still touch by design: the mail outbox is drained by its sender in the background
 * (an earlier accepted request may have queued mail).
 */
const MOVING_TABLES = new Set(['outbox']);

export interface FuzzTarget {
  server: TestServer;
  tokens: FuzzOptions['tokens'];
  digest(): Promise<string>;
  /** Callers whose token no longer signs in: a fuzzed admin call blocked one, and later answers would be 401 only. */
  signedOut(): Promise<string[]>;
}

export async function startTarget(): Promise<FuzzTarget> {
  // The delivery engine runs only when asked, so the data moves only by the requests themselves. The owners'
  // providers (Telegram, Twilio, Sigma, 360dialog) and business systems (iiko) are local doubles: a fuzzed credential
  // is refused there (400), never 502, and nothing leaves this machine.
  const fakes = await Promise.all([startTelegramBotsFake(), startTwilioFake(), startSigmaFake(), startWabaFake(), startIikoFake()]);
  const [telegram, twilio, sigma, waba, iiko] = fakes;
  const server = await startServer({
    env: {
      DELIVERY_INTERVAL_MS: '0',
      ACCESS_TOKEN_TTL_SECONDS: '3650d',
      TELEGRAM_API_URL: telegram.apiUrl,
      TWILIO_API_URL: twilio.url,
      SIGMA_API_URL: sigma.url,
      DIALOG360_API_URL: waba.url,
      IIKO_API_URL: iiko.url,
    },
  });
  const close = server.close;
  server.close = async () => {
    await close();
    await Promise.all(fakes.map((f) => f.close()));
  };
  const owner = await server.login(DEMO.email, DEMO.password);
  const admin = await server.createUser('fuzz-admin@example.com', 'secret1', 'admin');
  const superadmin = await server.createUser('fuzz-super@example.com', 'secret1', 'superadmin');
  const tables = (
    await rowsOf<{ name: string }>(server.api.db, sql`SELECT table_name AS name FROM information_schema.tables WHERE table_schema = 'public' AND table_type = 'BASE TABLE' ORDER BY 1`)
  )
    .map((t) => t.name)
    .filter((name) => !MOVING_TABLES.has(name));
  const digestQuery = sql.raw(
    tables.map((t) => `SELECT '${t}' AS t, md5(coalesce(string_agg(x::text, ',' ORDER BY x::text), '')) AS h FROM "${t}" x`).join(' UNION ALL '),
  );
  const tokens = { owner: owner.token, admin: admin.token, superadmin: superadmin.token };
  return {
    server,
    tokens: { ...tokens, secret: 'not-the-secret' },
    async signedOut() {
      const answers = await Promise.all(Object.entries(tokens).map(async ([caller, token]) => [caller, (await server.call('GET', '/Account/CurrentUser', { token })).status] as const));
      return answers.filter(([, status]) => status !== 200).map(([caller]) => caller);
    },
    async digest() {
      const rows = await rowsOf<{ t: string; h: string }>(server.api.db, digestQuery);
      return rows.map((r) => `${r.t}:${r.h}`).join(' ');
    },
  };
}
