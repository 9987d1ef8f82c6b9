import type { Brand } from '../brand/schema.ts';
import { isEnabled } from '../brand/flags.ts';
import { REDIRECTS, ROUTES } from './registry.ts';
import type { RedirectDef, RouteDef } from './types.ts';
import { matchPattern } from './match.ts';

/** The routes a brand serves: those of its variant whose feature flag it enables. */
export function routesForBrand(brand: Brand, routes: readonly RouteDef[] = ROUTES): RouteDef[] {
  return routes.filter(
    (route) =>
      (route.variants === 'all' || route.variants.includes(brand.variant)) &&
      (!route.feature || isEnabled(brand, route.feature)),
  );
}

export function redirectsForBrand(brand: Brand): RedirectDef[] {
  return REDIRECTS.filter((redirect) => redirect.variants.includes(brand.variant));
}

export function findRoute(brand: Brand, name: string): RouteDef | undefined {
  return routesForBrand(brand).find((route) => route.name === name);
}

export function hasParams(route: RouteDef): boolean {
  return route.path.includes(':');
}

/**
 * Where the one static page of a route lives: each `:param` becomes `_`, an optional last one is dropped.
 * `/flows/edit/:workflowId/:step?` → `/flows/edit/_`. The rewrite manifest maps real URLs onto it.
 */
export function staticPathOf(route: RouteDef): string {
  const segments = route.path.split('/').filter(Boolean);
  const kept = segments.filter((s) => !s.endsWith('?')).map((s) => (s.startsWith(':') ? '_' : s));
  return '/' + kept.join('/');
}

/** Route parameters read from a concrete path by a route's pattern, or null when it does not match. */
export function matchPath(route: RouteDef, pathname: string): Record<string, string> | null {
  return matchPattern(route.path, pathname);
}
