import type { AppContext } from '../../platform/context.ts';
import { HttpError } from '../../platform/http/problem.ts';
import type { Handlers } from '../../platform/http/types.ts';

const notBuilt = () => new HttpError(501, 'notFound');

/** Checkout, the public pay link and the providers' notifications (issue 18; being built). */
export function checkoutHandlers(_ctx: AppContext): Handlers<'startCheckout' | 'getCheckout' | 'getPublicPayment' | 'startPublicCheckout' | 'yookassaNotification' | 'stripeNotification'> {
  return {
    startCheckout: async () => { throw notBuilt(); },
    getCheckout: async () => { throw notBuilt(); },
    getPublicPayment: async () => { throw notBuilt(); },
    startPublicCheckout: async () => { throw notBuilt(); },
    yookassaNotification: async () => { throw notBuilt(); },
    stripeNotification: async () => { throw notBuilt(); },
  };
}
