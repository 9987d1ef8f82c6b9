// Deleting one's own account (docs/account.md "Deleting the account"): password and typed email, nothing changes on a
// refusal; afterwards the business's data is gone, payments stay anonymised, every token and webhook URL is dead.
import { existsSync, mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { messages } from '../../../src/server/delivery/schema.ts';
import { refreshTokens, users } from '../../../src/server/modules/account/schema.ts';
import { payments } from '../../../src/server/modules/admin/schema.ts';
import { bookingRecords } from '../../../src/server/modules/booking/schema.ts';
import { bookingClients } from '../../../src/server/modules/clients/schema.ts';
import { flows } from '../../../src/server/modules/flows/schema.ts';
import { ignoredPhones } from '../../../src/server/modules/phones/schema.ts';
import { DEMO, type TestServer } from '../harness.ts';
import { advance, book, DAY, deliveryServer, flow, nowSec, sandboxLog } from '../delivery/support.ts';

let server: TestServer;
beforeAll(async () => {
  server = await deliveryServer({ SEED_DEMO: 'true' });
});
afterAll(async () => server?.close());

const PASSWORD = 'secret12';
const path = (url: string) => new URL(url).pathname.replace('/api/v1', '');

/** An owner with a started flow, a booked visit (messages planned), a blacklisted number and a payment. */
async function busyOwner(email: string, clientPhone: string) {
  const user = await server.createUser(email, PASSWORD);
  const now = nowSec(server);
  await server.api.db.insert(payments).values({ publicId: crypto.randomUUID(), userId: user.id, tariff: 2, dateBegin: now - DAY, dateEnd: now + 365 * DAY, createdAt: new Date(server.clock.now()), comment: 'paid by Anna Petrova', isAutoPay: true, yoomoneySubscriptionId: 'sub-1' });
  const o = { id: user.id, token: user.token };
  await flow(server, o, 'recordReminder');
  await book(server, o, now + 3 * DAY, { phone: clientPhone });
  expect((await server.call('POST', '/Phones/Ignore', { token: o.token, body: { phone: '+79160000001' } })).status).toBe(201);
  const hooks = await server.call('GET', '/Booking/WebhookUrls', { token: o.token });
  return { ...user, hooks: { yclients: path(hooks.body.yclients), iiko: path(hooks.body.iiko) } };
}

const count = async (table: typeof flows | typeof messages | typeof bookingRecords | typeof bookingClients | typeof ignoredPhones, userId: number) =>
  (await server.api.db.select().from(table).where(eq(table.userId, userId))).length;

const remove = (token: string, body: unknown) => server.call('POST', '/Account/Delete', { token, body });

describe('POST /Account/Delete', () => {
  it('refuses a wrong password or confirmation, naming the field, and changes nothing', async () => {
    const u = await busyOwner('keep@example.com', '+79161234567');
    const before = await server.api.db.select().from(users).where(eq(users.id, u.id));

    const wrongPassword = await remove(u.token, { password: 'wrong-one', confirmation: 'keep@example.com' });
    expect(wrongPassword.status).toBe(400);
    expect(wrongPassword.body.errors).toEqual([expect.objectContaining({ field: 'password', code: 'currentPasswordWrong' })]);

    const wrongConfirmation = await remove(u.token, { password: PASSWORD, confirmation: 'other@example.com' });
    expect(wrongConfirmation.status).toBe(400);
    expect(wrongConfirmation.body.errors).toEqual([expect.objectContaining({ field: 'confirmation', code: 'deleteConfirmationWrong' })]);

    expect((await remove(u.token, { password: PASSWORD })).status).toBe(400); // the confirmation is required
    expect(await server.api.db.select().from(users).where(eq(users.id, u.id))).toEqual(before);
    expect(await count(flows, u.id)).toBe(1);
    expect(await count(messages, u.id)).toBeGreaterThan(0);
    expect((await server.call('GET', '/Flows', { token: u.token })).status).toBe(200);
  });

  it('removes the business, keeps payments anonymised, frees the email and kills every token and URL', async () => {
    const u = await busyOwner('leaving@example.com', '+79165550000');
    expect(await count(messages, u.id)).toBeGreaterThan(0);
    const images = join(server.dataDir, 'flow-images', String(u.id));
    mkdirSync(images, { recursive: true });
    writeFileSync(join(images, `${'a'.repeat(32)}.png`), 'png');

    // A mail still in the outbox (no SMTP here) names the address: it goes with the account.
    expect((await server.call('POST', '/Account/ForgotPassword', { body: { email: 'leaving@example.com' } })).status).toBeLessThan(300);
    expect(await server.outbox('leaving@example.com')).not.toEqual([]);

    // The confirmation is the email as typed: case and spaces do not matter.
    expect((await remove(u.token, { password: PASSWORD, confirmation: ' Leaving@Example.com ' })).status).toBe(204);

    for (const table of [flows, messages, bookingRecords, bookingClients, ignoredPhones]) expect(await count(table, u.id)).toBe(0);
    expect(existsSync(images)).toBe(false);
    expect(await server.outbox('leaving@example.com')).toEqual([]);
    expect(await server.api.db.select().from(refreshTokens).where(eq(refreshTokens.userId, u.id))).toEqual([]);
    const [row] = await server.api.db.select().from(users).where(eq(users.id, u.id));
    expect(row).toMatchObject({ email: `deleted-${u.id}@deleted.invalid`, passwordHash: null, phone: null, fullName: null });
    expect(row!.deletedAt).not.toBeNull();
    const [pay] = await server.api.db.select().from(payments).where(eq(payments.userId, u.id));
    expect(pay).toMatchObject({ tariff: 2, comment: null, isAutoPay: false, yoomoneySubscriptionId: null });

    // Every access token and refresh token is dead on the next request; the webhook URLs are unknown.
    for (const [method, route] of [['GET', '/Flows'], ['GET', '/Account/CurrentUser'], ['GET', '/Booking/Settings'], ['GET', '/Phones/Ignore'], ['POST', '/Account/Delete']] as const) {
      const res = await server.call(method, route, { token: u.token, body: method === 'POST' ? { password: PASSWORD, confirmation: 'leaving@example.com' } : undefined });
      expect(res.status, route).toBe(401);
      expect(res.body.code).toBe('tokenInvalid');
    }
    expect((await server.call('POST', '/Account/RefreshToken', { body: { refreshToken: u.refreshToken } })).status).toBe(400);
    expect((await server.call('POST', u.hooks.yclients, { body: { resource: 'record' } })).status).toBe(404);
    expect((await server.call('POST', u.hooks.iiko, { body: [] })).status).toBe(404);
    expect((await server.call('POST', '/account/login', { body: { email: 'leaving@example.com', password: PASSWORD } })).body.code).toBe('invalidCredentials');

    // Nothing more is sent, and the email registers again as a new account.
    await advance(server, 4 * DAY);
    expect((await sandboxLog(server)).filter((m) => m.to.includes('79165550000'))).toEqual([]);
    const again = await server.call('POST', '/account/register', { body: { email: 'leaving@example.com', password: PASSWORD, confirmPassword: PASSWORD, phone: '+79991112233', countryId: 1 } });
    expect(again.status, JSON.stringify(again.body)).toBe(201);
    expect(again.body.id).not.toBe(u.id);
  });

  it('keeps the shared demo account (409)', async () => {
    const demo = await server.login(DEMO.email, DEMO.password);
    const res = await remove(demo.token, { password: DEMO.password, confirmation: DEMO.email });
    expect(res.status).toBe(409);
    expect(res.body.code).toBe('demoAccountLocked');
  });
});

describe('a user gone between token issue and use', () => {
  it('answers 401 to the access token and 400 to the refresh token, never 500', async () => {
    const u = await server.createUser('vanished@example.com', PASSWORD, 'admin');
    await server.api.db.delete(users).where(eq(users.id, u.id));
    for (const [method, route] of [['GET', '/Flows'], ['GET', '/Account/CurrentUser'], ['GET', '/Booking/WebhookUrls'], ['GET', '/Admin/Users'], ['GET', `/Admin/Users/${u.id}`], ['POST', `/Admin/Users/${u.id}/Block`]] as const) {
      const res = await server.call(method, route, { token: u.token });
      expect(res.status, route).toBe(401);
    }
    expect((await server.call('POST', '/Account/RefreshToken', { body: { refreshToken: u.refreshToken } })).status).toBe(400);
  });
});
