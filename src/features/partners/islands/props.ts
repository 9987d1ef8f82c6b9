import type { Locale } from '../../../i18n/locales.ts';
import type { NamespaceMessages, WithUi } from '../../../i18n/namespaces.ts';

/** What the partners screens get from the page: language, the `partners` messages and the localized paths they link to. */
export interface PartnersProps {
  locale: Locale;
  messages: WithUi<NamespaceMessages['partners']>;
  /** /payments where the brand has it: the applied code goes there (`?promocode=`). */
  paymentsHref?: string;
  /** /partners/promocode and /partners/promocodes. */
  applyHref?: string;
  programmeHref?: string;
}
