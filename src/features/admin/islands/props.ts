import type { Locale } from '../../../i18n/locales.ts';
import type { Messages } from '../../../i18n/translate.ts';

/** What every admin island gets from the page: language, the admin messages and localized links. */
export interface AdminProps {
  locale: Locale;
  messages: Messages;
  links: AdminLinks;
}

/** Localized paths; `{id}` is replaced at run time. */
export interface AdminLinks {
  users: string;
  pays: string;
  promocodes: string;
  promocodeCreate: string;
  diagnostics: string;
  status: string;
}

export const linkTo = (pattern: string, id: number | string) => pattern.replace('{id}', encodeURIComponent(String(id)));
