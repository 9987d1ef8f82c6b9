import type { Locale } from '../../../i18n/locales.ts';
import type { NamespaceMessages, WithUi } from '../../../i18n/namespaces.ts';

/** What the payments islands get from the page: language, the `payments` messages and this host's localized paths. */
export interface PaymentsProps {
  locale: Locale;
  messages: WithUi<NamespaceMessages['payments']>;
  /** /payments and /payments/subscriptions on this host, in the page's language. */
  paymentsPath: string;
  subscriptionsPath: string;
  /** Where each kind of unit is connected (an empty unit list leads there); absent where the host lacks the screen. */
  connect: Partial<Record<'instance' | 'company' | 'organisation' | 'clinicBranch', string>>;
}
