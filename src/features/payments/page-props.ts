import type { PageContext } from '../../routes/page-context.ts';
import { messagesFor, withUi } from '../../i18n/messages.ts';
import type { PaymentsProps } from './islands/props.ts';

/** The payments islands' props for this host: messages and the localized paths the screens link to. */
export function paymentsProps(ctx: PageContext): PaymentsProps {
  const connect: PaymentsProps['connect'] = {};
  const where = { instance: 'accountsWhatsApp', company: 'accountsYclients', organisation: 'accountsIiko', clinicBranch: 'accountsMedflexLpus' } as const;
  for (const [kind, route] of Object.entries(where) as [keyof typeof where, string][]) {
    const href = ctx.hrefOf(route);
    if (href) connect[kind] = href;
  }
  return {
    locale: ctx.locale,
    messages: withUi(ctx.locale, messagesFor(ctx.locale, 'payments')),
    paymentsPath: ctx.hrefOf('payments') ?? ctx.href('/payments'),
    subscriptionsPath: ctx.hrefOf('subscriptions') ?? ctx.href('/payments/subscriptions'),
    connect,
  };
}
