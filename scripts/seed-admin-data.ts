// A realistic admin data set: N customers (default 100,000) registered over three years, with payments
// (successful, failed, auto-pay), WhatsApp instances in every state, booking companies, sign-in history and
// a few promo codes. Idempotent: customers already seeded are kept. Works on PGlite (DATA_DIR, server stopped)
// and on PostgreSQL (DATABASE_URL).
// Usage: npm run seed:admin [-- --users 100000]
import { randomUUID } from 'node:crypto';
import { parseArgs } from 'node:util';
import { count, like, sql } from 'drizzle-orm';
import { loadConfig } from '../src/server/platform/config.ts';
import { openDatabase, type Db } from '../src/server/platform/db/open.ts';
import { seed } from '../src/server/modules/account/seed.ts';
import { linkedAccounts, refreshTokens, users } from '../src/server/modules/account/schema.ts';
import { connections } from '../src/server/modules/connections/schema.ts';
import { payments, promocodes } from '../src/server/modules/admin/schema.ts';

const FIRST = ['Anna', 'Maria', 'Olga', 'Elena', 'Irina', 'Ivan', 'Sergey', 'Dmitry', 'Alexey', 'Pavel', 'Lucas', 'Julia', 'Oksana', 'Taras', 'Nina', 'Petr'];
const LAST = ['Ivanova', 'Petrova', 'Smirnova', 'Kuznetsov', 'Popov', 'Sokolov', 'Lebedev', 'Novikova', 'Silva', 'Santos', 'Kovalenko', 'Bondarenko', 'Morozov', 'Volkova'];
const BUSINESS = ['Beauty', 'Barber', 'Nails', 'Spa', 'Clinic', 'Sushi', 'Pizza', 'Flowers', 'Dental', 'Lashes', 'Fitness', 'Massage'];
const STATES = ['Connected', 'Connected', 'Connected', 'NotAuthorized', 'GotQrCode', 'init', 'loading', 'error'] as const;
const DAY = 86_400;
const BATCH = 1000;

/** Deterministic pseudo-random numbers, so two runs build the same data set. */
function rng(seedValue: number) {
  let s = seedValue >>> 0;
  return () => ((s = (Math.imul(s ^ (s >>> 15), 2246822507) + 0x9e3779b9) >>> 0) / 2 ** 32);
}

export async function seedAdminData(db: Db, opts: { users: number; now: number; log?: (s: string) => void }): Promise<number> {
  const log = opts.log ?? (() => {});
  const [{ n: existing }] = (await db.select({ n: count() }).from(users).where(like(users.email, 'seed-%'))) as [{ n: number }];
  const start = Number(existing);
  const random = rng(42 + start);
  const pick = <T,>(list: readonly T[]) => list[Math.floor(random() * list.length)]!;
  const nowS = Math.floor(opts.now / 1000);
  for (let from = start; from < opts.users; from += BATCH) {
    const size = Math.min(BATCH, opts.users - from);
    const rows = Array.from({ length: size }, (_, k) => {
      const i = from + k;
      const first = pick(FIRST);
      const last = pick(LAST);
      return {
        guid: randomUUID(),
        email: `seed-${i}.${first.toLowerCase()}.${last.toLowerCase()}@example.com`,
        passwordHash: null,
        phone: `+7${String(9000000000 + i * 37).slice(0, 10)}`,
        fullName: `${first} ${last}`,
        countryId: pick([1, 1, 1, 3, 4, 8, 55]),
        emailConfirmed: random() < 0.8,
        balance: Math.round(random() * 5000),
        createdAt: new Date((nowS - Math.floor(random() * 3 * 365 * DAY)) * 1000),
      };
    });
    const inserted = await db.insert(users).values(rows).returning({ id: users.id, createdAt: users.createdAt });
    const pays: (typeof payments.$inferInsert)[] = [];
    const accounts: (typeof linkedAccounts.$inferInsert)[] = [];
    const numbers: (typeof connections.$inferInsert)[] = [];
    const sessions: (typeof refreshTokens.$inferInsert)[] = [];
    for (const u of inserted) {
      const joined = Math.floor(u.createdAt.getTime() / 1000);
      // ~60% pay at least once; monthly periods from registration on, some lapse, some fail.
      const months = random() < 0.6 ? 1 + Math.floor(random() * 6) : 0;
      const autoPay = random() < 0.4;
      let begin = joined + Math.floor(random() * 3 * DAY);
      for (let m = 0; m < months && begin < nowS; m++) {
        const failed = random() < 0.1;
        pays.push({
          userId: u.id, publicId: randomUUID(), createdAt: new Date(begin * 1000), dateBegin: begin, dateEnd: begin + 30 * DAY, paymentDay: begin,
          success: !failed, amount: pick([1200, 2500, 2500, 4900, 990]), tariff: pick([0, 1, 1, 13, 20]), isAutoPay: autoPay && !failed, currency: 'RUB',
        });
        begin += failed ? DAY : 30 * DAY;
      }
      if (random() < 0.7) {
        numbers.push({ userId: u.id, kind: 'whatsapp', name: `+7916${String(u.id).padStart(7, '0')}`, state: random() < 0.9 ? pick(STATES) : null, stateChangedAt: u.createdAt, createdAt: u.createdAt });
      }
      if (random() < 0.5) {
        accounts.push({
          userId: u.id, kind: 'yclientsCompany', name: `${pick(BUSINESS)} ${pick(LAST)}`, createdAt: u.createdAt,
          data: { accountId: u.id, internalCompanyId: 100000 + u.id, webhooksCount: 2, activeMastersCount: 1 + Math.floor(random() * 9), timezone: pick([2, 3, 3, 5]), city: pick(['Moscow', 'Kazan', 'Minsk', 'Kyiv']), status: random() < 0.85 ? 'Connected' : 'Disconnected' },
        });
      }
      if (random() < 0.75) {
        const seen = Math.max(joined, nowS - Math.floor(random() * 90 * DAY));
        sessions.push({
          userId: u.id, familyId: randomUUID(), tokenHash: randomUUID(), createdAt: new Date(seen * 1000),
          familyExpiresAt: new Date((seen + 30 * DAY) * 1000), idleExpiresAt: new Date((seen + 7 * DAY) * 1000),
        });
      }
    }
    for (let i = 0; i < pays.length; i += BATCH) await db.insert(payments).values(pays.slice(i, i + BATCH));
    for (let i = 0; i < accounts.length; i += BATCH) await db.insert(linkedAccounts).values(accounts.slice(i, i + BATCH));
    for (let i = 0; i < numbers.length; i += BATCH) await db.insert(connections).values(numbers.slice(i, i + BATCH));
    for (let i = 0; i < sessions.length; i += BATCH) await db.insert(refreshTokens).values(sessions.slice(i, i + BATCH));
    if ((from / BATCH) % 10 === 0) log(`  users ${from + size} / ${opts.users}`);
  }
  if (start === 0) {
    await db
      .insert(promocodes)
      .values(
        ['WELCOME10', 'SPRING25', 'PARTNER20', 'CLINIC15'].map((code, i) => ({
          code, discountPercent: [10, 25, 20, 15][i]!, paymentCount: 1000, paymentsCountByUser: 1, availableTariffTypes: i === 3 ? [25] : [], createdAt: new Date(opts.now),
        })),
      )
      .onConflictDoNothing();
  }
  // Fresh planner statistics: the prefix-search expression indexes are only chosen once analysed, and PGlite
  // runs no autovacuum to do it (measured: a prefix search 248 ms before, 2 ms after).
  await db.execute(sql`analyze`);
  return opts.users - start;
}

if (import.meta.main) {
  const { values } = parseArgs({ options: { users: { type: 'string', default: '100000' } } });
  const config = loadConfig(process.env);
  const database = await openDatabase(config);
  try {
    await seed(database.db, { now: config.now(), demo: config.seedDemo, admin: config.bootstrapAdmin });
    const started = performance.now();
    console.log(`Seeding ${values.users} customers into ${database.engine}…`);
    const added = await seedAdminData(database.db, { users: Number(values.users), now: config.now(), log: console.log });
    console.log(`Added ${added} customers in ${((performance.now() - started) / 1000).toFixed(1)} s.`);
  } finally {
    await database.close();
  }
}
