import type { AppContext } from '../../platform/context.ts';
import { HttpError } from '../../platform/http/problem.ts';
import type { Handlers } from '../../platform/http/types.ts';

const notBuilt = () => new HttpError(501, 'notFound');

/** Subscriptions, auto-pay and the invoice request (issue 18; being built). */
export function subscriptionHandlers(_ctx: AppContext): Handlers<'listSubscriptions' | 'updateSubscription' | 'cancelSubscription' | 'requestInvoice'> {
  return {
    listSubscriptions: async () => { throw notBuilt(); },
    updateSubscription: async () => { throw notBuilt(); },
    cancelSubscription: async () => { throw notBuilt(); },
    requestInvoice: async () => { throw notBuilt(); },
  };
}
