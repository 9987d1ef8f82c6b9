// Subscriptions (issue 18; docs/subscriptions.md "Subscriptions"): the owner's list with Active first, auto-pay off
// and on, cancel; another owner's id is 404, a bad body 400 naming the field, Stripe told once (and a Stripe that
// does not answer changes nothing).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { subscriptions } from '../../../src/server/modules/payments/schema.ts';
import { startStripeFake, type StripeFake } from '../../fakes/stripe-fake.ts';
import { startYooKassaFake, type YooKassaFake } from '../../fakes/yookassa-fake.ts';
import { startServer, type TestServer } from '../harness.ts';
import { DAY, openStripe, openYooKassa, providerEnv, subscriptionRow } from './subscription-support.ts';

let server: TestServer;
let yk: YooKassaFake;
let stripe: StripeFake;
let alice: { id: number; token: string };
let bob: { id: number; token: string };

beforeAll(async () => {
  [yk, stripe] = await Promise.all([startYooKassaFake(), startStripeFake()]);
  server = await startServer({ env: providerEnv(yk, stripe) });
  alice = await server.createUser('subs-alice@example.com', 'secret1');
  bob = await server.createUser('subs-bob@example.com', 'secret1');
});
afterAll(async () => {
  await server?.close();
  await Promise.all([yk?.close(), stripe?.close()]);
});

const patch = (token: string, id: number, body: unknown) => server.call('PATCH', `/Payments/Subscriptions/${id}`, { token, body });
const cancel = (token: string, id: number) => server.call('POST', `/Payments/Subscriptions/${id}/Cancel`, { token });
const all = () => server.api.db.select().from(subscriptions).orderBy(subscriptions.id);
/** Stripe's "stop renewing" calls for a subscription. */
/** A running subscription at the Stripe double; `stops` counts the "end with the period" requests it received. */
function stripeSubscription(id: string) {
  const now = Math.floor(Date.now() / 1000);
  const seen = { stops: 0 };
  let atPeriodEnd = false;
  const sub: Record<string, unknown> = { id, object: 'subscription', status: 'active', metadata: {}, cancel_at: null, current_period_start: now, current_period_end: now + 30 * DAY };
  Object.defineProperty(sub, 'cancel_at_period_end', {
    enumerable: true,
    get: () => atPeriodEnd,
    set: (value: boolean) => {
      atPeriodEnd = value;
      if (value) seen.stops++;
    },
  });
  stripe.subscriptions.set(id, sub);
  return seen;
}

describe('GET /Payments/Subscriptions', () => {
  it('the owner\'s own, Active first, with what the screen shows; none of another owner\'s', async () => {
    const now = Math.floor(server.clock.now() / 1000);
    const ended = await openYooKassa(server, alice.id, { periodEnd: now - DAY, nextChargeAt: null, autoPay: false });
    const running = await openYooKassa(server, alice.id, { unitIds: [], tariff: 16 });
    const noMethod = await openYooKassa(server, alice.id, { savedMethod: undefined, autoPay: false, nextChargeAt: null, periodEnd: now + 5 * DAY });
    await openYooKassa(server, bob.id);
    const res = await server.call('GET', '/Payments/Subscriptions', { token: alice.token });
    expect(res.status).toBe(200);
    expect(res.body.subscriptions.map((s: { id: number }) => s.id)).toEqual([running.id, noMethod.id, ended.id]);
    expect(res.body.subscriptions[0]).toEqual({
      id: running.id,
      tariff: 16,
      unit: 'account',
      unitIds: [],
      status: 'Active',
      isTrial: false,
      intervalMonths: 1,
      paidMonths: 1,
      amount: 150000,
      currency: 'RUB',
      provider: 'yookassa',
      autoPay: true,
      canAutoPay: true,
      cancelled: false,
      periodEndUnixTime: running.periodEnd,
      nextChargeUnixTime: running.periodEnd,
      lastChargeError: null,
    });
    expect(res.body.subscriptions[1]).toMatchObject({ status: 'Active', canAutoPay: false, autoPay: false, nextChargeUnixTime: null });
    expect(res.body.subscriptions[2]).toMatchObject({ status: 'Expired' });
    expect((await server.call('GET', '/Payments/Subscriptions')).status).toBe(401);
  });
});

describe('PATCH /Payments/Subscriptions/{id}', () => {
  it('YooKassa: off stops the next charge, on queues it again at the period end', async () => {
    const sub = await openYooKassa(server, alice.id);
    const off = await patch(alice.token, sub.id, { autoPay: false });
    expect(off.status).toBe(200);
    expect(off.body).toMatchObject({ autoPay: false, nextChargeUnixTime: null, canAutoPay: true });
    expect((await patch(alice.token, sub.id, { autoPay: false })).body).toEqual(off.body); // again: the same
    const on = await patch(alice.token, sub.id, { autoPay: true });
    expect(on.status).toBe(200);
    expect(on.body).toMatchObject({ autoPay: true, nextChargeUnixTime: sub.periodEnd });
  });

  it('on without a saved method: 409 autoPayNeedsCheckout, nothing changed', async () => {
    const sub = await openYooKassa(server, alice.id, { savedMethod: undefined, autoPay: false, nextChargeAt: null });
    const before = await all();
    const res = await patch(alice.token, sub.id, { autoPay: true });
    expect(res.status).toBe(409);
    expect(res.body.code).toBe('autoPayNeedsCheckout');
    expect(await all()).toEqual(before);
  });

  it('on for an ended period: 409 (a checkout pays the next one)', async () => {
    const sub = await openYooKassa(server, alice.id, { periodEnd: Math.floor(server.clock.now() / 1000) - 60, autoPay: false, nextChargeAt: null });
    expect((await patch(alice.token, sub.id, { autoPay: true })).body.code).toBe('autoPayNeedsCheckout');
  });

  it("another owner's id and an unknown id: 404, nothing changed", async () => {
    const sub = await openYooKassa(server, alice.id);
    const before = await all();
    for (const id of [sub.id, 999999]) {
      const res = await patch(bob.token, id, { autoPay: false });
      expect(res.status).toBe(404);
      expect(res.body.code).toBe('subscriptionNotFound');
      expect((await cancel(bob.token, id)).status).toBe(404);
    }
    expect(await all()).toEqual(before);
  });

  it('a bad body or id: 400 naming the field, nothing changed', async () => {
    const sub = await openYooKassa(server, alice.id);
    const before = await all();
    for (const [body, field] of [
      [{ autoPay: 'yes' }, 'autoPay'],
      [{}, 'autoPay'],
      [{ autoPay: false, extra: 1 }, 'extra'],
    ] as const) {
      const res = await patch(alice.token, sub.id, body);
      expect(res.status, JSON.stringify(body)).toBe(400);
      expect(res.body.errors[0].field).toBe(field);
    }
    expect((await patch(alice.token, 0, { autoPay: false })).status).toBe(400);
    expect((await server.call('PATCH', '/Payments/Subscriptions/abc', { token: alice.token, body: { autoPay: false } })).status).toBe(400);
    expect(await all()).toEqual(before);
  });

  it('Stripe: off asks Stripe once to end with the period; on again is 409; cancel then asks nothing more', async () => {
    const seen = stripeSubscription('sub_off_1');
    const sub = await openStripe(server, alice.id, 'sub_off_1');
    const off = await patch(alice.token, sub.id, { autoPay: false });
    expect(off.status).toBe(200);
    expect(off.body).toMatchObject({ autoPay: false, canAutoPay: false, nextChargeUnixTime: null });
    expect(seen.stops).toBe(1);
    expect(stripe.subscriptions.get('sub_off_1')!.cancel_at_period_end).toBe(true);
    expect((await patch(alice.token, sub.id, { autoPay: false })).status).toBe(200);
    const on = await patch(alice.token, sub.id, { autoPay: true });
    expect(on.status).toBe(409);
    expect(on.body.code).toBe('autoPayNeedsCheckout');
    expect((await cancel(alice.token, sub.id)).body).toMatchObject({ cancelled: true, autoPay: false });
    expect(seen.stops).toBe(1);
  });

  it('Stripe not answering: 502 providerUnavailable, nothing changed; the retry goes through', async () => {
    stripeSubscription('sub_down_1');
    const sub = await openStripe(server, alice.id, 'sub_down_1');
    const before = await all();
    stripe.failNext(1, 500);
    const res = await patch(alice.token, sub.id, { autoPay: false });
    expect(res.status).toBe(502);
    expect(res.body.code).toBe('providerUnavailable');
    expect(await all()).toEqual(before);
    stripe.failNext(1, 503);
    expect((await cancel(alice.token, sub.id)).status).toBe(502);
    expect(await all()).toEqual(before);
    expect((await cancel(alice.token, sub.id)).body).toMatchObject({ cancelled: true });
  });
});

describe('POST /Payments/Subscriptions/{id}/Cancel', () => {
  it('no more charges, the period runs to its end, twice answers the same', async () => {
    const sub = await openYooKassa(server, alice.id);
    const first = await cancel(alice.token, sub.id);
    expect(first.status).toBe(200);
    expect(first.body).toMatchObject({ cancelled: true, autoPay: false, canAutoPay: false, nextChargeUnixTime: null, status: 'Active', periodEndUnixTime: sub.periodEnd });
    expect((await cancel(alice.token, sub.id)).body).toEqual(first.body);
    expect((await patch(alice.token, sub.id, { autoPay: true })).status).toBe(409);
    expect(await subscriptionRow(server, sub.id)).toMatchObject({ cancelled: true, nextChargeAt: null });
  });

  it('Stripe: stopped once across cancel and a repeated cancel', async () => {
    const seen = stripeSubscription('sub_cancel_1');
    const sub = await openStripe(server, alice.id, 'sub_cancel_1');
    expect((await cancel(alice.token, sub.id)).status).toBe(200);
    expect((await cancel(alice.token, sub.id)).status).toBe(200);
    expect(seen.stops).toBe(1);
  });
});
