// What a deleted connection leaves at its provider (issue 17, docs/connections.md "Deleting"): deleting the account
// deletes the owner's WAHA sessions at the gateway and removes their Telegram bots' webhooks, after the commit and
// without waiting for the providers; a provider down or slow neither fails nor delays the deletion (the calls were
// made and what failed stays there, logged). Deleting one bot removes its webhook best effort.
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { users } from '../../../src/server/modules/account/schema.ts';
import { connections } from '../../../src/server/modules/connections/schema.ts';
import { startTelegramBotsFake, type TelegramBotsFake } from '../../fakes/telegram-fake.ts';
import { startWahaFake, type WahaFake } from '../../fakes/waha-fake.ts';
import { startServer, type TestServer } from '../harness.ts';

const API_KEY = 'waha-api-key';
let server: TestServer;
let waha: WahaFake;
let telegram: TelegramBotsFake;
let seq = 0;

beforeAll(async () => {
  [waha, telegram] = await Promise.all([startWahaFake({ apiKey: API_KEY }), startTelegramBotsFake()]);
  server = await startServer({ env: { WAHA_URL: waha.url, WAHA_API_KEY: API_KEY, TELEGRAM_API_URL: telegram.apiUrl, PUBLIC_ORIGIN: 'https://cabinet.example', ACCESS_TOKEN_TTL_SECONDS: '3650d' } });
}, 120_000);
afterAll(async () => {
  await server?.close();
  await Promise.all([waha?.close(), telegram?.close()]);
});

async function owner() {
  const email = `clean${++seq}-${Date.now()}@example.com`;
  const u = await server.createUser(email, 'secret12');
  await server.api.db.update(users).set({ chatApiInstanceLimit: 2 }).where(eq(users.id, u.id));
  return { ...u, email };
}
async function number(token: string): Promise<number> {
  const res = await server.call('POST', '/Accounts/WhatsApp', { token, body: { name: `+7 916 000-00-${10 + seq}` } });
  expect(res.status).toBe(201);
  return res.body.id as number;
}
async function bot(token: string) {
  const id = 7_100_000_000 + ++seq;
  const botToken = `${id}:AAH${'c'.repeat(28)}${String(seq).padStart(4, '0')}`;
  telegram.bots.set(botToken, { id, username: `clean${seq}_bot` });
  const res = await server.call('POST', '/Accounts/Telegram', { token, body: { token: botToken } });
  expect(res.status).toBe(201);
  return { id: res.body.id as number, token: botToken };
}
const deleteAccount = (o: { token: string; email: string }) => server.call('POST', '/Account/Delete', { token: o.token, body: { password: 'secret12', confirmation: o.email } });
const rowsOf = (userId: number) => server.api.db.select().from(connections).where(eq(connections.userId, userId));
const sessionDeletes = (id: number) => waha.calls.filter((c) => c.method === 'DELETE' && c.path === `/api/sessions/c${id}`);
const webhookDeletes = (token: string) => telegram.calls.filter((c) => c.token === token && c.method === 'deleteWebhook');

/** The cleanup runs after the answer: wait (briefly) for what it should have done. */
async function until(done: () => boolean, ms = 5000) {
  for (const end = Date.now() + ms; !done(); ) {
    if (Date.now() > end) throw new Error('the providers were not called in time');
    await new Promise((r) => setTimeout(r, 25));
  }
}

describe('deleting the account', () => {
  it("deletes the owner's WAHA sessions at the gateway and removes their bots' webhooks", async () => {
    const o = await owner();
    const [a, b] = [await number(o.token), await number(o.token)];
    const tg = await bot(o.token);
    const stranger = await owner();
    const kept = await number(stranger.token);
    expect([waha.sessions.has(`c${a}`), waha.sessions.has(`c${b}`), telegram.webhooks.has(tg.token)]).toEqual([true, true, true]);

    expect((await deleteAccount(o)).status).toBe(204);
    expect(await rowsOf(o.id)).toEqual([]);
    await until(() => !waha.sessions.has(`c${a}`) && !waha.sessions.has(`c${b}`) && !telegram.webhooks.has(tg.token));
    expect([sessionDeletes(a), sessionDeletes(b)].map((c) => c.map((x) => x.status))).toEqual([[200], [200]]);
    expect(webhookDeletes(tg.token).map((c) => c.status)).toEqual([200]);
    // Another owner's number is not touched.
    expect(waha.sessions.has(`c${kept}`)).toBe(true);
    expect(sessionDeletes(kept)).toEqual([]);
  });

  it('a provider down does not fail the deletion: the calls were made, what failed stays there', async () => {
    const o = await owner();
    const a = await number(o.token);
    const tg = await bot(o.token);
    waha.failNext(1, 503);
    telegram.failNext(1, 500);
    expect((await deleteAccount(o)).status).toBe(204);
    expect(await rowsOf(o.id)).toEqual([]);
    await until(() => sessionDeletes(a).length > 0 && webhookDeletes(tg.token).length > 0);
    expect([sessionDeletes(a)[0]!.status, webhookDeletes(tg.token)[0]!.status]).toEqual([503, 500]);
    expect([waha.sessions.has(`c${a}`), telegram.webhooks.has(tg.token)]).toEqual([true, true]);
    // The account is gone all the same.
    expect((await server.call('GET', '/Accounts/WhatsApp', { token: o.token })).status).toBe(401);
  });

  it('a gateway that hangs does not delay the answer', async () => {
    const o = await owner();
    const a = await number(o.token);
    waha.delayMs = 3000;
    try {
      const started = Date.now();
      expect((await deleteAccount(o)).status).toBe(204);
      expect(Date.now() - started).toBeLessThan(2500);
      await until(() => !waha.sessions.has(`c${a}`), 8000);
    } finally {
      waha.delayMs = 0;
    }
  }, 20_000);
});

describe('deleting one bot', () => {
  it('removes its webhook; a Telegram that does not answer is logged and the bot is deleted anyway', async () => {
    const o = await owner();
    const first = await bot(o.token);
    expect((await server.call('DELETE', `/Accounts/Telegram/${first.id}`, { token: o.token })).status).toBe(204);
    expect(webhookDeletes(first.token).map((c) => c.status)).toEqual([200]);
    expect(telegram.webhooks.has(first.token)).toBe(false);

    const second = await bot(o.token);
    telegram.failNext(1, 502);
    expect((await server.call('DELETE', `/Accounts/Telegram/${second.id}`, { token: o.token })).status).toBe(204);
    expect(webhookDeletes(second.token).map((c) => c.status)).toEqual([502]);
    expect(await rowsOf(o.id)).toEqual([]);
  });
});
