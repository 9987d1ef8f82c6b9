import type { Locale } from '../../../i18n/locales.ts';
import type { NamespaceMessages, WithUi } from '../../../i18n/namespaces.ts';
import type { ChecklistStep } from '../../../stores/home.ts';

/** What the Home island gets from the page: language, the `home` messages and the host's localized links. */
export interface HomeProps {
  locale: Locale;
  messages: WithUi<NamespaceMessages['home']>;
  /** Where each setup step is done; a step this host has no screen for is left out of the checklist. */
  steps: Partial<Record<ChecklistStep, string>>;
  /** Links below the week: the flows list and the message log, with their titles (the sidebar's words). */
  links: { href: string; label: string }[];
}

/** localStorage key: "every setup step was done" at the last visit (the page's pre-paint script lays out the week first). */
export const HOME_COMPLETE_KEY = 'home.setupComplete';
