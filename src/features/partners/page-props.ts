import type { PageContext } from '../../routes/page-context.ts';
import { messagesFor, withUi } from '../../i18n/messages.ts';
import type { PartnersProps } from './islands/props.ts';

export const partnersProps = (ctx: PageContext): PartnersProps => ({
  locale: ctx.locale,
  messages: withUi(ctx.locale, messagesFor(ctx.locale, 'partners')),
  paymentsHref: ctx.hrefOf('payments'),
  applyHref: ctx.hrefOf('partnersPromocode'),
  programmeHref: ctx.hrefOf('partnersPromocodes'),
});
