import type { Locale } from '../../../i18n/locales.ts';
import type { Messages } from '../../../i18n/translate.ts';

/** What the insights screens get from the page: language, the `insights` messages and localized paths. */
export interface InsightsProps {
  locale: Locale;
  messages: Messages;
  /** Localized path of the public ignore page with the token left out, e.g. `/en/il/`. */
  ignorePageBase: string;
}
