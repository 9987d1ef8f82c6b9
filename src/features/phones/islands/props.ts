import type { Locale } from '../../../i18n/locales.ts';
import type { NamespaceMessages, WithUi } from '../../../i18n/namespaces.ts';

/** What the insights screens get from the page: language, the `phones` messages and localized paths. */
export interface InsightsProps {
  locale: Locale;
  messages: WithUi<NamespaceMessages['phones']>;
  /** Localized path of the public ignore page with the token left out, e.g. `/en/il/`. */
  ignorePageBase: string;
}
