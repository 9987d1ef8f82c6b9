import { DEFAULT_BRAND_ID, findBrandByHost, loadBrands } from '../../brand/load.ts';

export interface BrandRules {
  id: string;
  countryAtRegistration: boolean;
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
  return { id: brand?.id ?? DEFAULT_BRAND_ID, countryAtRegistration: brand?.flags.countryAtRegistration ?? false };
}
