import type { Locale } from '../../../i18n/locales.ts';
import type { NamespaceMessages } from '../../../i18n/namespaces.ts';

/** What the account screens get from the page: language, their messages and the host's links and rules. */
export interface AccountProps {
  locale: Locale;
  messages: NamespaceMessages['account'];
  links: {
    home: string;
    login: string;
    register: string;
    forgotPassword: string;
    demo: string;
    profile: string;
    update: string;
  };
  countryRequired: boolean;
  googleClientId?: string;
}
