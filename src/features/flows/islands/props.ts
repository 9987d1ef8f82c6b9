import type { Locale } from '../../../i18n/locales.ts';
import type { Messages } from '../../../i18n/translate.ts';

/** What the flows screens get from the page: language and the `flows` messages. */
export interface FlowsProps {
  locale: Locale;
  messages: Messages;
  /** Locale URL prefix of the page ('' for the brand's default language, '/en' …), for links between screens. */
  base?: string;
}
