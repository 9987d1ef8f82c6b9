import type { AppContext } from '../../platform/context.ts';
import { requireAuth } from '../../platform/http/auth.ts';
import { HttpError } from '../../platform/http/problem.ts';
import type { Handlers } from '../../platform/http/types.ts';
import { invoiceHandler } from './invoice-handler.ts';
import { isConfigured, paymentProvider } from './providers/index.ts';
import { canAutoPay, subscriptionStatus, toSubscription } from './subscription-mapping.ts';
import { changeSubscription, lockSubscriptionOf, subscriptionOf, subscriptionsOf, type SubscriptionRow } from './store-subscriptions.ts';

/** Subscriptions, auto-pay and the invoice request (issue 18; docs/subscriptions.md). */
export function subscriptionHandlers(ctx: AppContext): Handlers<'listSubscriptions' | 'updateSubscription' | 'cancelSubscription' | 'requestInvoice'> {
  const { db, config } = ctx;
  const keys = config.secrets.keys;
  const nowSeconds = () => Math.floor(config.now() / 1000);
  const view = (row: SubscriptionRow) => toSubscription(keys, row, nowSeconds());

  async function own(userId: number, id: number): Promise<SubscriptionRow> {
    const row = await subscriptionOf(db, userId, id);
    if (!row) throw new HttpError(404, 'subscriptionNotFound');
    return row;
  }

  /**
   * Stripe renews by itself: auto-pay off (or a cancel) asks it to end the subscription with the paid period. Asked
   * before anything is stored, so a Stripe that does not answer leaves the row as it was (502). One key per
   * subscription: asking twice is one request at Stripe.
   */
  async function stopAtProvider(row: SubscriptionRow): Promise<void> {
    if (row.provider !== 'stripe' || !row.providerSubscriptionId || !row.autoPay || row.cancelled) return;
    const provider = paymentProvider(config, 'stripe');
    if (!isConfigured(provider)) throw new HttpError(502, 'providerUnavailable', { params: { reason: 'Stripe is not configured' } });
    const stopped = await provider.stopRenewals({ subscriptionId: row.providerSubscriptionId, idempotencyKey: `stop-renewals-${row.id}` });
    if (stopped.ok || stopped.kind === 'notFound') return; // gone at Stripe already: nothing renews
    if (stopped.kind === 'refused') console.warn(`payments: Stripe refused to stop subscription ${row.id}: ${stopped.code} ${stopped.description}`);
    throw new HttpError(502, 'providerUnavailable', { params: { reason: stopped.kind === 'down' ? stopped.reason : stopped.kind } });
  }

  /** The change under the row's lock, from the row as it is then (a renewal recorded meanwhile is kept). */
  const change = (userId: number, id: number, changes: (row: SubscriptionRow) => Parameters<typeof changeSubscription>[2] | undefined) =>
    db.transaction(async (tx) => {
      const row = await lockSubscriptionOf(tx, userId, id);
      if (!row) throw new HttpError(404, 'subscriptionNotFound');
      const set = changes(row);
      return set ? changeSubscription(tx, id, set) : row;
    });

  return {
    async listSubscriptions(req) {
      const userId = requireAuth(req).userId;
      const now = nowSeconds();
      const rows = await subscriptionsOf(db, userId);
      const active = (r: SubscriptionRow) => (subscriptionStatus(r, now) === 'Active' ? 0 : 1);
      rows.sort((a, b) => active(a) - active(b) || b.periodEnd - a.periodEnd || b.id - a.id);
      return { subscriptions: rows.map(view) };
    },

    async updateSubscription(req) {
      const userId = requireAuth(req).userId;
      const id = req.params.subscriptionId;
      const row = await own(userId, id);
      if (req.body.autoPay === row.autoPay) return view(row);
      if (!req.body.autoPay) {
        await stopAtProvider(row);
        return view(await change(userId, id, () => ({ autoPay: false, nextChargeAt: null })));
      }
      // On again: only with a method we may charge, for a period still running (an ended one is paid by checkout).
      // A Stripe subscription once stopped cannot be resumed here: a new checkout with auto-pay opens another.
      const refuse = (r: SubscriptionRow) => r.provider !== 'yookassa' || !canAutoPay(keys, r) || subscriptionStatus(r, nowSeconds()) === 'Expired';
      if (refuse(row)) throw new HttpError(409, 'autoPayNeedsCheckout');
      return view(
        await change(userId, id, (r) => {
          if (r.autoPay) return undefined;
          if (refuse(r)) throw new HttpError(409, 'autoPayNeedsCheckout');
          return { autoPay: true, nextChargeAt: r.periodEnd, failedAttempts: 0, lastChargeError: null };
        }),
      );
    },

    async cancelSubscription(req) {
      const userId = requireAuth(req).userId;
      const id = req.params.subscriptionId;
      const row = await own(userId, id);
      if (row.cancelled) return view(row);
      await stopAtProvider(row);
      // The paid period runs to its end (the tariff stays on until then); nothing is charged again.
      return view(await change(userId, id, (r) => (r.cancelled ? undefined : { cancelled: true, autoPay: false, nextChargeAt: null })));
    },

    requestInvoice: invoiceHandler(ctx),
  };
}
