/** Interface languages as BCP-47 tags (HTML lang, message folders). The spec's system codes differ for pt-BR. */
export const LOCALES = ['ru', 'en', 'uk', 'pt-BR'] as const;
export type Locale = (typeof LOCALES)[number];

/** The language codes the API stores (§1: ru, en, uk, pt_br). */
export type SystemLanguage = 'ru' | 'en' | 'uk' | 'pt_br';

export function toSystemLanguage(locale: Locale): SystemLanguage {
  return locale === 'pt-BR' ? 'pt_br' : locale;
}

export function fromSystemLanguage(code: string): Locale | undefined {
  if (code === 'pt_br') return 'pt-BR';
  return (LOCALES as readonly string[]).includes(code) ? (code as Locale) : undefined;
}

/** URL segment of a locale: lower case, so /pt-br/ rather than /pt-BR/. */
export function localeSegment(locale: Locale): string {
  return locale.toLowerCase();
}

export const LOCALE_NAMES: Record<Locale, string> = {
  ru: 'Русский',
  en: 'English',
  uk: 'Українська',
  'pt-BR': 'Português (Brasil)',
};
