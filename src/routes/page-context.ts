import type { Brand } from '../brand/schema.ts';
import { isEnabled } from '../brand/flags.ts';
import type { Locale } from '../i18n/locales.ts';
import { localesForBrand, localizedPath } from './locale-paths.ts';

export { localesForBrand, localePrefix, localizedPath } from './locale-paths.ts';
import { createT, type T } from '../i18n/translate.ts';
import { messagesFor } from '../i18n/messages.ts';
import { findRoute, routesForBrand, redirectsForBrand, staticPathOf } from './select.ts';
import { quickstartRoute } from './sidebar.ts';
import type { RouteDef } from './types.ts';

/** Everything a page needs to render, derived once from brand, route and locale. */
export interface PageContext {
  brand: Brand;
  route: RouteDef;
  locale: Locale;
  t: T;
  tRoute: T;
  title: string;
  href: (path: string) => string;
  hrefOf: (routeName: string) => string | undefined;
}

export function pageContext(brand: Brand, route: RouteDef, locale: Locale): PageContext {
  const t = createT(locale, messagesFor(locale, 'shell'));
  const tRoute = createT(locale, messagesFor(locale, 'routes'));
  const href = (path: string) => localizedPath(brand, locale, path);
  return {
    brand,
    route,
    locale,
    t,
    tRoute,
    title: `${tRoute.dynamic(route.name)} | ${brand.productName}`, // route names are data: the escape hatch
    href,
    hrefOf: (name) => {
      const target = findRoute(brand, name);
      return target && !target.path.includes(':') ? href(target.path) : undefined;
    },
  };
}

/** One static page per route and locale, plus a stub page for each redirect source that is not a route. */
export function staticPages(brand: Brand) {
  const routes = routesForBrand(brand);
  const pages = localesForBrand(brand).flatMap((locale) => [
    ...routes.map((route) => ({ path: localizedPath(brand, locale, staticPathOf(route)), locale, route, redirectTo: undefined as string | undefined })),
    ...redirectsForBrand(brand)
      .filter((r) => !routes.some((route) => route.path === r.from))
      .map((r) => ({
        path: localizedPath(brand, locale, r.from),
        locale,
        route: findRoute(brand, 'notFound')!,
        redirectTo: localizedPath(brand, locale, r.to),
      })),
  ]);
  return pages;
}

export function quickstartHref(ctx: PageContext): string | undefined {
  return isEnabled(ctx.brand, 'quickStart') ? ctx.hrefOf(quickstartRoute(ctx.brand)) : undefined;
}
