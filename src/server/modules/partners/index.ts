import { defineModule } from '../../platform/http/module.ts';
import { partnersHandlers } from './handlers.ts';

// The partners domain (issue 18; docs/partners.md): the referral programme (the owner's code, links, referrals,
// rewards) and applying a promo code. The code itself is a `promocodes` row of the admin module's store.
export const partnersModule = defineModule({ name: 'partners', handlers: partnersHandlers });
