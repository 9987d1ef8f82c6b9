import type { Locale } from './locales.ts';

/** Domains whose messages live in their feature folder: src/features/<domain>/messages/<locale>.json. */
export const FEATURE_NAMESPACES = ['account', 'onboarding', 'flows', 'phones', 'delivery', 'admin', 'home', 'connections', 'payments', 'partners', 'distributions'] as const;
/**
 * Namespaces of the page frame, kept here: src/i18n/messages/<locale>/<namespace>.json. `ui` holds the texts the UI
 * kit shows in any domain (list states, pager); a screen with lists hands it to its islands under `messages.ui`.
 */
export const SHELL_NAMESPACES = ['shell', 'routes', 'ui'] as const;
/** One namespace per domain word plus the frame's; islands import only their own. */
export const NAMESPACES = [...SHELL_NAMESPACES, ...FEATURE_NAMESPACES] as const;
export type Namespace = (typeof NAMESPACES)[number];

/** Where a namespace's messages for one locale live, relative to src/ (plain Node can read it: tests do). */
export function messagesPath(locale: Locale, namespace: Namespace): string {
  return (SHELL_NAMESPACES as readonly string[]).includes(namespace)
    ? `i18n/messages/${locale}/${namespace}.json`
    : `features/${namespace}/messages/${locale}.json`;
}

/** Each namespace's English messages: the type t() keys are checked against (other locales match it, unit-tested). */
export interface NamespaceMessages {
  shell: typeof import('./messages/en/shell.json');
  routes: typeof import('./messages/en/routes.json');
  ui: typeof import('./messages/en/ui.json');
  account: typeof import('../features/account/messages/en.json');
  onboarding: typeof import('../features/onboarding/messages/en.json');
  flows: typeof import('../features/flows/messages/en.json');
  phones: typeof import('../features/phones/messages/en.json');
  delivery: typeof import('../features/delivery/messages/en.json');
  admin: typeof import('../features/admin/messages/en.json');
  home: typeof import('../features/home/messages/en.json');
  connections: typeof import('../features/connections/messages/en.json');
  payments: typeof import('../features/payments/messages/en.json');
  partners: typeof import('../features/partners/messages/en.json');
  distributions: typeof import('../features/distributions/messages/en.json');
}

/** A domain's messages with the UI kit's texts under `ui` (t('ui.loading'), Pager prefix 'ui.'). */
export type WithUi<M> = M & { ui: NamespaceMessages['ui'] };
