import type { Locale } from './locales.ts';

/** i18next-format messages: nested objects, `{{var}}` placeholders, plural keys `_one/_few/_many/_other`. */
export type Messages = { [key: string]: string | Messages };

function lookup(messages: Messages, key: string): string | undefined {
  let node: string | Messages | undefined = messages;
  for (const part of key.split('.')) {
    if (node === undefined || typeof node === 'string') return undefined;
    node = node[part];
  }
  return typeof node === 'string' ? node : undefined;
}

const pluralRules = new Map<Locale, Intl.PluralRules>();

function pluralSuffix(locale: Locale, count: number): string {
  let rules = pluralRules.get(locale);
  if (!rules) pluralRules.set(locale, (rules = new Intl.PluralRules(locale)));
  return rules.select(count);
}

export type Vars = Record<string, string | number>;

/**
 * A t() over one namespace. A missing key returns the key itself so the gap is visible, never an empty string;
 * the unit tests check that every locale has every key.
 */
export function createT(locale: Locale, messages: Messages) {
  return function t(key: string, vars: Vars = {}): string {
    const count = vars.count;
    const text =
      (typeof count === 'number' ? lookup(messages, `${key}_${pluralSuffix(locale, count)}`) : undefined) ??
      lookup(messages, key) ??
      key;
    return text.replace(/\{\{\s*(\w+)\s*\}\}/g, (_, name: string) => String(vars[name] ?? ''));
  };
}

export type T = ReturnType<typeof createT>;
