import { and, eq } from 'drizzle-orm';
import { linkedAccounts } from '../../../src/server/modules/account/schema.ts';
import { payments } from '../../../src/server/modules/admin/schema.ts';
import { checkouts, paymentEvents, subscriptions } from '../../../src/server/modules/payments/schema.ts';
import { startStripeFake, type StripeFake } from '../../fakes/stripe-fake.ts';
import { startYooKassaFake, type YooKassaFake } from '../../fakes/yookassa-fake.ts';
import { startServer, type TestServer } from '../harness.ts';

// The API with both payment providers set up against their doubles, as an operator would (settings only).

export const WHSEC = 'whsec_test_checkout_secret';
export const RU = { 'client-host': 'https://app.notifio.ru' };
export const INTL = { 'client-host': 'https://app.notifio.me' };

export interface PayWorld {
  server: TestServer;
  yk: YooKassaFake;
  st: StripeFake;
  close(): Promise<void>;
}

/** `env` over the defaults; a value of '' leaves the setting out (a provider not configured). */
export async function startPayWorld(env: Record<string, string> = {}): Promise<PayWorld> {
  const yk = await startYooKassaFake();
  const st = await startStripeFake();
  const all: Record<string, string> = {
    YOOKASSA_SHOP_ID: yk.shopId,
    YOOKASSA_SECRET_KEY: yk.secretKey,
    YOOKASSA_API_URL: yk.url,
    YOOKASSA_NOTIFY_SOURCES: '127.0.0.1',
    STRIPE_SECRET_KEY: st.secretKey,
    STRIPE_WEBHOOK_SECRET: WHSEC,
    STRIPE_API_URL: st.url,
    ...env,
  };
  const server = await startServer({ env: Object.fromEntries(Object.entries(all).filter(([, v]) => v !== '')) });
  return {
    server,
    yk,
    st,
    async close() {
      await server.close();
      await yk.close();
      await st.close();
    },
  };
}

let seq = 0;

/** A new owner with one booking company (the unit of tariffs 0 and 1). */
export async function ownerWithCompany(w: PayWorld) {
  const user = await w.server.createUser(`pay-co-${++seq}-${Date.now()}@example.com`, 'secret1');
  const [company] = await w.server.api.db
    .insert(linkedAccounts)
    .values({ userId: user.id, kind: 'yclientsCompany', name: `Salon ${seq}`, createdAt: new Date(w.server.clock.now()) })
    .returning({ id: linkedAccounts.id });
  return { ...user, company: String(company!.id) };
}

export const checkout = (w: PayWorld, token: string, body: unknown, headers: Record<string, string> = RU) => w.server.call('POST', '/Payments/Checkout', { token, body, headers });

/** Posts a Stripe event signed at the server's clock (or `t`), as Stripe delivers it. */
export async function stripeNotify(w: PayWorld, type: string, object: Record<string, unknown>, opts: { t?: number; secret?: string; body?: string } = {}) {
  const body = opts.body ?? w.st.event(type, object);
  const t = opts.t ?? Math.floor(w.server.clock.now() / 1000);
  const res = await fetch(`${w.server.base}/Webhooks/stripe`, { method: 'POST', headers: { 'content-type': 'application/json', 'stripe-signature': w.st.sign(body, opts.secret ?? WHSEC, t) }, body });
  return { status: res.status, body: await res.json().catch(() => undefined), event: body };
}

export async function yookassaNotify(w: PayWorld, event: string, id: string) {
  const res = await w.yk.notify(`${w.server.base}/Webhooks/yookassa`, event, id);
  return { status: res.status, body: await res.json().catch(() => undefined) };
}

export const rowsOfOrder = (w: PayWorld, orderId: string) => w.server.api.db.select().from(payments).where(eq(payments.orderId, orderId));
export const checkoutRow = async (w: PayWorld, id: string) => (await w.server.api.db.select().from(checkouts).where(eq(checkouts.id, id)))[0];
export const subscriptionsOf = (w: PayWorld, userId: number) => w.server.api.db.select().from(subscriptions).where(eq(subscriptions.userId, userId));
export const eventsOf = (w: PayWorld, provider: string) => w.server.api.db.select().from(paymentEvents).where(and(eq(paymentEvents.provider, provider)));

/** Everything a refused request could have written. */
export async function paySnapshot(w: PayWorld) {
  const db = w.server.api.db;
  return {
    checkouts: (await db.select().from(checkouts)).length,
    payments: (await db.select().from(payments)).length,
    subscriptions: (await db.select().from(subscriptions)).length,
    events: (await db.select().from(paymentEvents)).length,
  };
}
