// One interface for the payment providers (issue 18; docs/payment-providers.md). YooKassa serves the rouble brands,
// Stripe the international ones; the checkout and webhook routes see only this.

export type ProviderName = 'yookassa' | 'stripe';

/** An amount in minor units (kopecks, cents) and its ISO 4217 code in upper case. */
export interface Money {
  amount: number;
  currency: string;
}

/**
 * Our three states. YooKassa's `waiting_for_capture` (we always capture at once) and Stripe's open or unpaid-yet
 * session are `pending`; an expired session is `canceled` with reason `expired`. The provider's own word stays in
 * `providerStatus` for the log.
 */
export type PaymentStatus = 'pending' | 'succeeded' | 'canceled';

export interface ProviderPayment {
  provider: ProviderName;
  /** YooKassa's payment id; Stripe's Checkout Session id (`cs_…`). */
  id: string;
  status: PaymentStatus;
  providerStatus: string;
  amount: Money;
  /** What we attached at creation (our checkout id …), as the provider holds it. */
  metadata: Record<string, string>;
  /** A payment method saved for auto-pay (YooKassa `payment_method.saved`); never set by Stripe. */
  savedMethod?: { id: string; title: string };
  /** Why it was canceled (YooKassa `cancellation_details`, Stripe `expired` or the payment's last error). */
  cancellation?: { party?: string; reason: string };
  /** Stripe subscription mode: the subscription Stripe now renews on its own. */
  subscriptionId?: string;
  test: boolean;
}

/** What auto-pay means at the provider: YooKassa saves the method for our own renewals, Stripe opens a subscription. */
export interface AutoPay {
  /** Renewal period in months (1 … 12). */
  intervalMonths: number;
}

export interface CheckoutRequest {
  /** Per logical attempt: a retry of the same attempt sends the same key and gets the same payment. */
  idempotencyKey: string;
  amount: Money;
  /** Shown to the payer (YooKassa keeps 128 characters, Stripe uses it as the product name). */
  description: string;
  /** Where the provider sends the payer back, paid or not; it carries our checkout id (neither provider adds one). */
  returnUrl: string;
  customerEmail?: string;
  /** Our references, strings, at most 16 keys; `checkoutId` also becomes Stripe's `client_reference_id`. */
  metadata: Record<string, string>;
  /** Save the method for auto-pay (YooKassa) / Stripe subscription mode; absent = a one-off payment. */
  autoPay?: AutoPay;
}

export interface SavedMethodCharge {
  idempotencyKey: string;
  amount: Money;
  description: string;
  methodId: string;
  metadata: Record<string, string>;
}

/**
 * Why a call did not give an answer to act on:
 * - `keyRefused`: the provider refused our key (401/403): the operator must fix the settings;
 * - `down`: timeout, network, 429 or 5xx: try again later with the same idempotency key;
 * - `refused`: the provider refused the request itself (400 with its error body);
 * - `notFound`: no such payment;
 * - `unsupported`: the provider does not work that way (Stripe renews subscriptions itself).
 */
export type ProviderFailure =
  | { ok: false; kind: 'keyRefused'; status: number }
  | { ok: false; kind: 'down'; reason: string }
  | { ok: false; kind: 'refused'; code: string; description: string; parameter?: string }
  | { ok: false; kind: 'notFound' }
  | { ok: false; kind: 'unsupported'; reason: string };

export type Outcome<T> = ({ ok: true } & T) | ProviderFailure;

/** What a verified notification means for us. */
export type EventKind =
  /** A first or one-off payment is paid (YooKassa status succeeded after refetch; Stripe checkout.session.completed, paid). */
  | 'paid'
  /** The payment will not be paid (YooKassa canceled). */
  | 'canceled'
  /** Nothing final yet (YooKassa still pending after refetch; a Stripe session completed but unpaid). */
  | 'pending'
  /** Stripe invoice.paid of a renewal. */
  | 'renewalPaid'
  /** Stripe invoice.payment_failed. */
  | 'renewalFailed'
  /** Stripe customer.subscription.deleted: auto-pay is over. */
  | 'subscriptionEnded'
  /** Authentic, but not one we act on. */
  | 'ignored';

export interface VerifiedEvent {
  kind: EventKind;
  /** Apply each event once by this key (Stripe's event id; YooKassa payment id + refetched status). */
  dedupeKey: string;
  /** The provider's event name as sent (`payment.succeeded`, `invoice.paid` …). */
  providerEvent: string;
  /** The payment as createCheckout named it (YooKassa payment, Stripe session), or Stripe's invoice id for renewals. */
  providerPaymentId: string;
  metadata: Record<string, string>;
  /** YooKassa: the payment as refetched (the truth); Stripe: the session of checkout.session.completed. */
  payment?: ProviderPayment;
  subscriptionId?: string;
  /** Stripe renewals: the invoice's amount. */
  amount?: Money;
  /** Stripe renewal failure: the provider's words. */
  reason?: string;
}

export type NotificationRefusal =
  | 'unknownSource'
  | 'missingSignature'
  | 'badSignature'
  | 'staleTimestamp'
  | 'malformed'
  | 'unknownPayment';

export interface IncomingNotification {
  /** The body exactly as received (a signature covers these bytes). */
  rawBody: string | Buffer;
  headers: Record<string, string | string[] | undefined>;
  /** The caller's address (Fastify `request.ip` behind the configured proxies). */
  sourceAddress: string;
}

/** The credential check alone: YooKassa's source address, Stripe's signature and timestamp. */
export type CredentialCheck = { ok: true } | { ok: false; kind: 'refused'; refusal: NotificationRefusal; reason: string };

export type NotificationOutcome =
  | { ok: true; event: VerifiedEvent }
  | { ok: false; kind: 'refused'; refusal: NotificationRefusal; reason: string }
  /** YooKassa could not be asked about the payment: answer non-2xx so it sends the notification again. */
  | { ok: false; kind: 'down'; reason: string }
  | { ok: false; kind: 'keyRefused'; status: number };

export interface PaymentProvider {
  name: ProviderName;
  /** Who renews auto-pay: `merchant` = our job calls chargeSavedMethod; `provider` = Stripe's subscription does. */
  renewals: 'merchant' | 'provider';
  createCheckout(req: CheckoutRequest): Promise<Outcome<{ payment: ProviderPayment; confirmationUrl: string }>>;
  fetchPayment(id: string): Promise<Outcome<{ payment: ProviderPayment }>>;
  /** A payment with no payer present. Stripe answers `unsupported` without a call: its subscription renews itself. */
  chargeSavedMethod(req: SavedMethodCharge): Promise<Outcome<{ payment: ProviderPayment }>>;
  /**
   * Auto-pay off. YooKassa: nothing to call (our job simply stops charging). Stripe: the subscription ends at the
   * close of the paid period (`cancel_at_period_end`); `endsAt` is when, and `customer.subscription.deleted` follows.
   */
  stopRenewals(req: { subscriptionId: string; idempotencyKey: string }): Promise<Outcome<{ endsAt?: string }>>;
  /**
   * Only the credential, no call and no parsing: for the webhook route's guard, which runs before the body is parsed
   * (docs/webhooks.md "Credentials first"). YooKassa needs no body for it.
   */
  checkNotificationCredential(input: IncomingNotification): CredentialCheck;
  /** The credential, then what the notification means (YooKassa: after fetching the payment again). */
  readNotification(input: IncomingNotification): Promise<NotificationOutcome>;
}

/** The factory's answer when the operator has not set a provider up: the settings it lacks, by name. */
export interface NotConfigured {
  notConfigured: ProviderName;
  missing: string[];
}
