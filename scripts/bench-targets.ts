// The servers scripts/bench-open-loop.ts measures, one per child process (never the generator's event loop):
//   node scripts/bench-targets.ts hello | bare | product
// Each listens on a free loopback port and reports it over IPC: { port }. Settings come from the environment.
import Fastify, { type FastifyInstance } from 'fastify';
import pg from 'pg';
import type { AddressInfo } from 'node:net';

/**
 * The product's SQL for the two benchmarked endpoints, as PostgreSQL receives it (captured from the driver).
 * It MUST follow the product: the bench captures the product's statements at set-up and prints "SQL DRIFT" with
 * the new ones when they differ; paste them here. The bare server binds the owner's id, the time and the page.
 */
export const PRODUCT_SQL = {
  // The token's user state is cached (AUTH_STATE_CACHE_MS), so a warm request runs no state query.
  '/Flows': [
    `select "id", "user_id", "title", "content", "type", "mode", "status", "status_reason", "settings", "test_phones", "end_date", "last_start", "next_start", "created_at", "edited_at", ((case "flows"."type" when 'recordReminder' then '{0,1,2,4,5,6,10,11,14,19,25}'::int[] when 'newRecord' then '{0,1,2,4,5,6,10,11,14,19,25}'::int[] when 'changedRecord' then '{0,1,2,4,5,6,10,11,14,19,25}'::int[] when 'cancelledRecord' then '{0,1,2,4,5,6,10,11,14,19,25}'::int[] when 'reviewRequest' then '{0,1,2,4,5,6,10,11,14,19,25}'::int[] when 'birthday' then '{1,2,5,11}'::int[] when 'repeatVisit' then '{1,2,5,11}'::int[] when 'dailyReport' then '{1,2,5,11,16}'::int[] when 'weeklyReport' then '{1,2,5,11,16}'::int[] when 'crossSell' then '{1,2,5,11}'::int[] when 'abandonedCart' then '{2,10,11}'::int[] else '{}'::int[] end) && (select coalesce(array_agg("payments"."tariff"), '{}'::int[]) from "payments" where "payments"."user_id" = $1 and "payments"."success" and "payments"."date_end" >= $2 and ("payments"."date_begin" is null or "payments"."date_begin" <= $3))), count(*) over () from "flows" where "flows"."user_id" = $4 order by "flows"."edited_at" desc, "flows"."id" desc limit $5 offset $6`,
  ],
  '/Account/CurrentUser': [
    'select "id", "guid", "email", "password_hash", "role", "phone", "full_name", "country_id", "language", "brand_id", "utm_tag", "email_confirmed", "chat_api_instance_limit", "is_test_user", "crms", "not_send_weekly_yclients_reports", "not_send_weekly_iiko_reports", "available_notifications_count", "balance", "available_ai_reviews_count", "available_messages_count", "is_yclients_sms_one_tariff_enabled", "is_duplication", "first_line_manager_id", "second_line_manager_id", "time_zone", "monthly_message_limit", "created_at", "blocked_at", "deleted_at" from "users" where "users"."id" = $1',
  ],
} as const;
export type BenchPath = keyof typeof PRODUCT_SQL;
export const PAGE_SIZE = 20; // GET /Flows default (openapi/flows.yaml)

const PREFIX = '/api/v1';

async function hello() {
  const app = Fastify();
  app.get('/', async () => ({ hello: 'world' }));
  return app;
}

/** Fastify + pg, no auth and no framework: the product's statements, one round trip each, as named prepared statements. */
async function bare() {
  const userId = Number(process.env.BENCH_USER_ID);
  // Same pool size as the product (src/server/platform/db/open.ts).
  const pool = new pg.Pool({ connectionString: process.env.DATABASE_URL, max: 10 });
  const run = async (path: BenchPath) => {
    const results = [];
    for (const [i, text] of PRODUCT_SQL[path].entries()) {
      const now = Math.floor(Date.now() / 1000);
      // The list's one statement: tariffs in force (user, now, now), then the page (user, page size, offset).
      const values = text.includes('$6') ? [userId, now, now, userId, PAGE_SIZE, 0] : [userId];
      results.push(await pool.query({ name: `${path}#${i}`, text, values }));
    }
    return results;
  };
  const app = Fastify();
  app.get(`${PREFIX}/Flows`, async () => {
    const [page] = await run('/Flows');
    const total = Number(page!.rows[0]?.count ?? 0);
    return { flows: page!.rows, page: 1, pages: Math.max(1, Math.ceil(total / PAGE_SIZE)), total };
  });
  app.get(`${PREFIX}/Account/CurrentUser`, async () => (await run('/Account/CurrentUser')).at(-1)!.rows[0]);
  app.addHook('onClose', () => pool.end());
  return app;
}

/**
 * The product as `npm start` runs it on PostgreSQL. For the drift check the driver's statements are recorded
 * between the parent's 'capture' and 'dump' messages (wrapping pg here; the product does not know).
 */
async function product() {
  let captured: string[] | null = null;
  const query = pg.Client.prototype.query as (...args: unknown[]) => unknown;
  (pg.Client.prototype as { query: unknown }).query = function (this: unknown, ...args: unknown[]) {
    const first = args[0] as string | { text: string };
    captured?.push(typeof first === 'string' ? first : first.text);
    return query.apply(this, args);
  };
  process.on('message', (m: string) => {
    if (m === 'capture') captured = [];
    if (m === 'dump') {
      process.send!({ statements: captured });
      captured = null;
    }
  });
  const { createApi } = await import('../src/server/index.ts');
  const api = await createApi({
    env: {
      ...process.env,
      LOG_LEVEL: 'silent',
      VALIDATE_RESPONSES: 'false', // the production setting
      RATE_LIMIT_AUTH_MAX: '100000000',
    },
  });
  return api.app; // closing it stops the delivery loop and the pool (createApi's onClose hook)
}

const targets: Record<string, () => Promise<FastifyInstance>> = { hello, bare, product };
// Imported by the parent for PRODUCT_SQL; only a forked child serves.
if (import.meta.main) {
  const start = targets[process.argv[2]!];
  if (!start) throw new Error(`unknown target ${process.argv[2]}`);
  const app = await start();
  await app.listen({ port: 0, host: '127.0.0.1' });
  process.send!({ port: (app.server.address() as AddressInfo).port });
  // The parent disconnecting (its run over, or it died) ends this server.
  process.on('disconnect', () => void app.close().finally(() => process.exit(0)));
}
