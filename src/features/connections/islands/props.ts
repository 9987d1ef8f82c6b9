import type { Locale } from '../../../i18n/locales.ts';
import type { NamespaceMessages, WithUi } from '../../../i18n/namespaces.ts';

/** What the connections screens get from the page: language, the `connections` messages and localized paths. */
export interface ConnectionsProps {
  locale: Locale;
  messages: WithUi<NamespaceMessages['connections']>;
  /** Localized path of the public QR page with the token left out, e.g. `/en/widget/qr/`. */
  qrPageBase: string;
}
