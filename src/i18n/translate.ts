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

/** A plural form's base key: `found_one`, `found_other` → `found` (t() picks the form from `count`). */
type BaseKey<K extends string> = K extends `${infer B}_${'zero' | 'one' | 'two' | 'few' | 'many' | 'other'}` ? B : K;
type Leaves<M, P extends string> = {
  [K in keyof M & string]: M[K] extends string ? `${P}${BaseKey<K>}` : Leaves<M[K], `${P}${K}.`>;
}[keyof M & string];
/** Every key t() accepts for messages of type M (nested keys joined with '.'); any string for untyped Messages. */
export type MessageKey<M> = string extends keyof M ? string : Leaves<M, ''>;

/**
 * t() checked against the English messages M (Starlight's typed t() is the model). `t.dynamic(key)` is the visible
 * escape hatch for keys built at run time; the unit test that every locale has every key is the second net.
 * The key is declared as a method parameter so a typed t still passes where a plain `T` is expected (shared UI kit).
 */
export type TypedT<M> = { t(key: MessageKey<M>, vars?: Vars): string }['t'] & { dynamic(key: string, vars?: Vars): string };

/**
 * A t() over one namespace. A missing key returns the key itself so the gap is visible, never an empty string;
 * the unit tests check that every locale has every key.
 */
export function createT<M extends Messages = Messages>(locale: Locale, messages: M): TypedT<M> {
  const t = (key: string, vars: Vars = {}): string => {
    const count = vars.count;
    const text =
      (typeof count === 'number' ? lookup(messages, `${key}_${pluralSuffix(locale, count)}`) : undefined) ??
      lookup(messages, key) ??
      key;
    return text.replace(/\{\{\s*(\w+)\s*\}\}/g, (_, name: string) => String(vars[name] ?? ''));
  };
  return Object.assign(t, { dynamic: t });
}

/** An untyped t() (any string key): what shared UI and code that builds keys at run time take. */
export type T = TypedT<Messages>;
