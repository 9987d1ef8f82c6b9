import type { ServerConfig } from '../../../platform/config.ts';
import { stripeProvider } from './stripe.ts';
import type { NotConfigured, PaymentProvider, ProviderName } from './types.ts';
import { yookassaProvider } from './yookassa.ts';

export type * from './types.ts';

/**
 * The provider the operator set up, or `notConfigured` naming the settings it lacks (the product then says that
 * paying waits for the operator; docs/payment-providers.md "Settings").
 */
export function paymentProvider(config: Pick<ServerConfig, 'payments' | 'now'>, name: ProviderName): PaymentProvider | NotConfigured {
  if (name === 'yookassa') {
    const { shopId, secretKey } = config.payments.yookassa;
    if (!shopId || !secretKey) return { notConfigured: name, missing: [...(shopId ? [] : ['YOOKASSA_SHOP_ID']), ...(secretKey ? [] : ['YOOKASSA_SECRET_KEY'])] };
    return yookassaProvider({ ...config.payments.yookassa, shopId, secretKey });
  }
  const { secretKey, webhookSecret } = config.payments.stripe;
  if (!secretKey || !webhookSecret) return { notConfigured: name, missing: [...(secretKey ? [] : ['STRIPE_SECRET_KEY']), ...(webhookSecret ? [] : ['STRIPE_WEBHOOK_SECRET'])] };
  return stripeProvider({ ...config.payments.stripe, secretKey, webhookSecret }, config.now);
}

export const isConfigured = (p: PaymentProvider | NotConfigured): p is PaymentProvider => !('notConfigured' in p);
