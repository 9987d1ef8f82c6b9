import type { Locale } from '../../../i18n/locales.ts';
import type { NamespaceMessages, WithUi } from '../../../i18n/namespaces.ts';

/** What the distributions screens get from the page: language, the `distributions` messages and paths they link to. */
export interface DistributionsProps {
  locale: Locale;
  messages: WithUi<NamespaceMessages['distributions']>;
  /** The locale prefix of this brand's paths ('' or '/en'), for links inside the domain. */
  base: string;
  /** /payments where the brand has it (tariff 13 and message packs are bought there). */
  paymentsHref?: string;
}

/** The editor also reads the flow editor's texts: it reuses its message, buttons and sending parts. */
export interface DistributionEditorProps extends DistributionsProps {
  flowEditorMessages: NamespaceMessages['flows']['editor'];
}
