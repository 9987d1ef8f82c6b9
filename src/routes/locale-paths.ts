import type { Brand } from '../brand/schema.ts';
import { LOCALES, localeSegment, type Locale } from '../i18n/locales.ts';

/** Locales a brand builds: its default only when the locale is fixed (§1: the AI dashboard is always en). */
export function localesForBrand(brand: Brand): Locale[] {
  return brand.locale.fixed ? [brand.locale.default] : [brand.locale.default, ...LOCALES.filter((l) => l !== brand.locale.default)];
}

/** URL prefix of a locale on a brand: none for the brand default, `/en`, `/pt-br` … otherwise. */
export function localePrefix(brand: Brand, locale: Locale): string {
  return locale === brand.locale.default ? '' : `/${localeSegment(locale)}`;
}

export function localizedPath(brand: Brand, locale: Locale, path: string): string {
  const prefix = localePrefix(brand, locale);
  if (!prefix) return path;
  return path === '/' ? `${prefix}/` : prefix + path;
}
