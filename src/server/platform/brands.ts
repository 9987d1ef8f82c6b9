import { DEFAULT_BRAND_ID, findBrandByHost, loadBrands } from '../../brand/load.ts';
import { detectLocale } from '../../i18n/detect.ts';
import type { Currency } from '../../shared/payments/currency.ts';
import { toSystemLanguage, type Locale, type SystemLanguage } from '../../i18n/locales.ts';

export interface BrandRules {
  id: string;
  countryAtRegistration: boolean;
  /** The brand's interface language, and whether it is the only one (then a sign-up always gets it). */
  locale: { default: Locale; fixed: boolean };
  /** §6 available tariffs of the host, and the currency its prices are in (docs/payments.md). */
  tariffs: readonly number[];
  currency: Currency;
}

/** Host part of a Client-Host value, which is a page origin ("https://host:port") or a bare host. */
export function hostOf(clientHost: string | null | undefined): string | undefined {
  if (!clientHost) return undefined;
  try {
    return new URL(clientHost).host;
  } catch {
    return clientHost.trim() || undefined;
  }
}

/** The brand serving a Client-Host; unknown or missing hosts count as the main Russian cabinet. */
export function brandForHost(clientHost: string | null | undefined): BrandRules {
  const host = hostOf(clientHost);
  const brand = (host && findBrandByHost(host)) || loadBrands().find((b) => b.id === DEFAULT_BRAND_ID);
  return {
    id: brand?.id ?? DEFAULT_BRAND_ID,
    countryAtRegistration: brand?.flags.countryAtRegistration ?? false,
    locale: brand?.locale ?? { default: 'ru', fixed: false },
    tariffs: brand?.tariffs ?? [],
    currency: brand?.currency ?? 'RUB',
  };
}

/**
 * The language a new account is stored with: the one its sign-up page was shown in (the browser sends it), else the
 * one its browser prefers (Accept-Language, as the pages detect it, §1), else the brand's. A brand with one
 * language always gives that one.
 */
export function signUpLanguage(brand: BrandRules, chosen: SystemLanguage | undefined, acceptLanguage: string | undefined): SystemLanguage {
  if (brand.locale.fixed) return toSystemLanguage(brand.locale.default);
  if (chosen) return chosen;
  const preferred = (acceptLanguage ?? '').split(',').map((part) => part.split(';')[0]!.trim()).filter((tag) => tag && tag !== '*');
  return toSystemLanguage(preferred.length ? detectLocale(preferred) : brand.locale.default);
}
