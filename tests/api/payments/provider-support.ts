import { loadConfig, type ServerConfig } from '../../../src/server/platform/config.ts';
import { isConfigured, paymentProvider, type CheckoutRequest, type PaymentProvider, type ProviderName } from '../../../src/server/modules/payments/providers/index.ts';

/** The server's settings as the operator's environment gives them (no data directory touched). */
export const configOf = (env: Record<string, string>, now: () => number = Date.now): ServerConfig =>
  loadConfig({ DATA_DIR: '/nonexistent-payments-test', ...env }, { jwtSecret: 'x'.repeat(32), secrets: { keys: [], source: 'env' }, now });

/** The configured provider, or a failed test naming what the factory missed. */
export function providerOf(env: Record<string, string>, name: ProviderName, now?: () => number): PaymentProvider {
  const p = paymentProvider(configOf(env, now), name);
  if (!isConfigured(p)) throw new Error(`${name} not configured: ${p.missing.join(', ')}`);
  return p;
}

/** A port nothing listens on: the provider is unreachable. */
export const DEAD_URL = 'http://127.0.0.1:9';

let seq = 0;

/** Checkout requests with a fresh key and `metadata.checkoutId` each, over the test file's defaults; `created` fails the test unless the provider accepts. */
export function checkouts(provider: () => PaymentProvider, defaults: Omit<CheckoutRequest, 'idempotencyKey'>) {
  const checkout = (over: Partial<CheckoutRequest> = {}): CheckoutRequest => {
    const n = ++seq;
    return { idempotencyKey: `checkout-${n}-${Date.now()}`, ...defaults, ...over, metadata: { checkoutId: `co-${n}`, ...defaults.metadata, ...over.metadata } };
  };
  const created = async (over: Partial<CheckoutRequest> = {}) => {
    const r = await provider().createCheckout(checkout(over));
    if (!r.ok) throw new Error(`create failed: ${JSON.stringify(r)}`);
    return r;
  };
  return { checkout, created };
}
