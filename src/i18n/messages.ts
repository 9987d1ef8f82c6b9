import type { Locale } from './locales.ts';
import type { Messages } from './translate.ts';
import { messagesPath, type Namespace, type NamespaceMessages, type WithUi } from './namespaces.ts';

export { NAMESPACES, type Namespace, type NamespaceMessages, type WithUi } from './namespaces.ts';

const shellFiles = import.meta.glob<Messages>('./messages/*/*.json', { eager: true, import: 'default' });
const featureFiles = import.meta.glob<Messages>('../features/*/messages/*.json', { eager: true, import: 'default' });

/** A namespace's messages for a locale, typed as its English file (the keys every locale has). */
export function messagesFor<N extends Namespace>(locale: Locale, namespace: N): NamespaceMessages[N] {
  const path = messagesPath(locale, namespace);
  const found = path.startsWith('i18n/') ? shellFiles[`./${path.slice('i18n/'.length)}`] : featureFiles[`../${path}`];
  if (!found) throw new Error(`Missing messages: src/${path}`);
  return found as NamespaceMessages[N];
}

/** A domain's messages plus the UI kit's (`ui`): what islands with lists, pagers and list states get. */
export function withUi<M extends object>(locale: Locale, messages: M): WithUi<M> {
  return { ...messages, ui: messagesFor(locale, 'ui') };
}
