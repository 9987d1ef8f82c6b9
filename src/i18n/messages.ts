import type { Locale } from './locales.ts';
import type { Messages } from './translate.ts';

/** Namespaces, one JSON file each per locale under messages/<locale>/. Islands import only their own. */
export const NAMESPACES = ['shell', 'routes', 'account', 'admin', 'flows', 'editor', 'templates', 'insights'] as const;
export type Namespace = (typeof NAMESPACES)[number];

const files = import.meta.glob<Messages>('./messages/*/*.json', { eager: true, import: 'default' });

export function messagesFor(locale: Locale, namespace: Namespace): Messages {
  const found = files[`./messages/${locale}/${namespace}.json`];
  if (!found) throw new Error(`Missing messages: src/i18n/messages/${locale}/${namespace}.json`);
  return found;
}
