import type { Locale } from '../../../i18n/locales.ts';
import type { NamespaceMessages, WithUi } from '../../../i18n/namespaces.ts';

type FlowNames = Pick<NamespaceMessages['flows'], 'kind' | 'status' | 'mode'>;
/** The admin namespace plus the flow kind, status and mode names it borrows from flows (under `flowNames`) and the kit's `ui` texts. */
export type AdminMessages = WithUi<NamespaceMessages['admin'] & { flowNames: FlowNames }>;

/** What every admin island gets from the page: language, the admin messages and localized links. */
export interface AdminProps {
  locale: Locale;
  messages: AdminMessages;
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
