// Shared set-up of the subscriptions, renewals and trial tests: a server wired to the provider doubles, subscriptions
// opened as the checkout opens them, the renewal job run on demand and the owner's mail read from the outbox.
import { eq } from 'drizzle-orm';
import { createMailer } from '../../../src/server/platform/mail/mailer.ts';
import { users } from '../../../src/server/modules/account/schema.ts';
import { payments } from '../../../src/server/modules/admin/schema.ts';
import { runRenewals } from '../../../src/server/modules/payments/renewal-job.ts';
import { subscriptions } from '../../../src/server/modules/payments/schema.ts';
import { openSubscription, type NewSubscription, type SubscriptionRow } from '../../../src/server/modules/payments/store-subscriptions.ts';
import type { StripeFake } from '../../fakes/stripe-fake.ts';
import type { YooKassaFake } from '../../fakes/yookassa-fake.ts';
import type { TestServer } from '../harness.ts';

export const RU = { 'client-host': 'https://app.notifio.ru' };
export const INTL = { 'client-host': 'https://app.notifio.me' };
export const DAY = 86_400;

/** The doubles' settings; the delivery loop (which runs the renewal job) only when the test ticks it. */
export const providerEnv = (yk?: YooKassaFake, stripe?: StripeFake): Record<string, string> => ({
  DELIVERY_INTERVAL_MS: '0',
  ...(yk ? { YOOKASSA_SHOP_ID: yk.shopId, YOOKASSA_SECRET_KEY: yk.secretKey, YOOKASSA_API_URL: yk.url } : {}),
  ...(stripe ? { STRIPE_SECRET_KEY: stripe.secretKey, STRIPE_WEBHOOK_SECRET: 'whsec_test_subscriptions', STRIPE_API_URL: stripe.url } : {}),
});

const nowSeconds = (server: TestServer) => Math.floor(server.clock.now() / 1000);

/** A subscription as the paid checkout opens it: YooKassa with a saved method (unless `savedMethod: undefined`) and the next charge at the period's end. */
export function openYooKassa(server: TestServer, userId: number, over: Partial<NewSubscription> = {}): Promise<SubscriptionRow> {
  const periodEnd = over.periodEnd ?? nowSeconds(server) + 30 * DAY;
  return openSubscription(server.api.db, server.api.config.secrets.keys, {
    userId,
    brand: 'main-ru',
    provider: 'yookassa',
    tariff: 16,
    unitIds: [],
    intervalMonths: 1,
    amount: 150000,
    currency: 'RUB',
    autoPay: true,
    paidMonths: 1,
    periodEnd,
    nextChargeAt: periodEnd,
    savedMethod: { id: 'pm-saved-1', title: 'Bank card *4444' },
    at: new Date(server.clock.now()),
    ...over,
  });
}

export function openStripe(server: TestServer, userId: number, providerSubscriptionId: string, over: Partial<NewSubscription> = {}): Promise<SubscriptionRow> {
  return openSubscription(server.api.db, server.api.config.secrets.keys, {
    userId,
    brand: 'main-intl',
    provider: 'stripe',
    tariff: 16,
    unitIds: [],
    intervalMonths: 1,
    amount: 2000,
    currency: 'USD',
    autoPay: true,
    paidMonths: 1,
    periodEnd: nowSeconds(server) + 30 * DAY,
    nextChargeAt: null,
    providerSubscriptionId,
    at: new Date(server.clock.now()),
    ...over,
  });
}

/** One pass of the renewal job, as the delivery tick runs it. */
export const runJob = (server: TestServer) => runRenewals({ db: server.api.db, config: server.api.config, mailer: createMailer(server.api.config, server.api.db) });

export async function subscriptionRow(server: TestServer, id: number): Promise<SubscriptionRow> {
  const [row] = await server.api.db.select().from(subscriptions).where(eq(subscriptions.id, id));
  return row!;
}

/** Owners made by the harness speak Russian; the mail tests read English unless they say otherwise. */
export async function setLanguage(server: TestServer, userId: number, language: 'ru' | 'en' | 'uk' | 'pt_br') {
  await server.api.db.update(users).set({ language }).where(eq(users.id, userId));
}

export const paymentsOfUser = (server: TestServer, userId: number) => server.api.db.select().from(payments).where(eq(payments.userId, userId)).orderBy(payments.id);

/** The owner's mail with this subject; notices sent after a webhook's transaction arrive a moment later. */
export async function mailsWith(server: TestServer, email: string, subject: string, atLeast = 1) {
  for (let i = 0; i < 200; i++) {
    const found = (await server.outbox(email)).filter((m) => m.subject === subject);
    if (found.length >= atLeast) return found;
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
  return (await server.outbox(email)).filter((m) => m.subject === subject);
}
