import type { AccountItem, Brand, SidebarItem } from '../brand/schema.ts';
import { routesForBrand } from './select.ts';

/** Which route each sidebar entry opens. */
const SIDEBAR_ROUTE: Record<SidebarItem, string> = {
  quickstart: 'quickstart',
  home: 'home',
  dashboard: 'dashboard',
  flows: 'flows',
  distributions: 'distributions',
  payments: 'payments',
  insights: 'insights',
  conversion: 'conversion',
  reviews: 'reviews',
  widgets: 'widgets',
  chatbots: 'chatbots',
  blacklist: 'blacklist',
  copilotBots: 'copilotBots',
  chats: 'chats',
  calls: 'calls',
};

/** `booking` is resolved in the browser: YCLIENTS and/or Altegio by the user's bundle (see bookingAccountRoutes). */
const ACCOUNT_ROUTE: Record<Exclude<AccountItem, 'booking'>, string> = {
  whatsapp: 'accountsWhatsApp',
  telegram: 'accountsTelegram',
  waba: 'accountsDialog360',
  iiko: 'accountsIiko',
  amo: 'accountsAmo',
  sigma: 'accountsSigma',
  twilio: 'accountsTwilio',
  chatwoot: 'accountsChatwoot',
  clinic: 'accountsMedflexLpus',
};

export interface SidebarLink {
  item: string;
  route: string;
  path: string;
  /** Shown only in the mobile layout (§2: quick start). */
  mobileOnly?: boolean;
}

function pathOf(brand: Brand, routeName: string): string | undefined {
  const route = routesForBrand(brand).find((r) => r.name === routeName);
  // The quick start entry follows the variant's redirect target when the host has one.
  return route?.path;
}

export function sidebarLinks(brand: Brand): SidebarLink[] {
  return brand.sidebar.flatMap((item) => {
    const route = item === 'quickstart' ? quickstartRoute(brand) : SIDEBAR_ROUTE[item];
    const path = pathOf(brand, route);
    return path ? [{ item, route, path, mobileOnly: item === 'quickstart' }] : [];
  });
}

export function accountLinks(brand: Brand): SidebarLink[] {
  return brand.accounts.flatMap((item): SidebarLink[] => {
    if (item === 'booking') {
      return (['accountsYclients', 'accountsAltegio'] as const).flatMap((route) => {
        const path = pathOf(brand, route);
        return path ? [{ item: route === 'accountsYclients' ? 'yclients' : 'altegio', route, path }] : [];
      });
    }
    const route = ACCOUNT_ROUTE[item];
    const path = pathOf(brand, route);
    return path ? [{ item, route, path }] : [];
  });
}

/** The quick start screen of a host: the dashboard and onboarding variants have their own. */
export function quickstartRoute(brand: Brand): string {
  if (brand.variant === 'dashboard') return 'dashboardQuickStart';
  if (brand.variant === 'onboarding') return 'onboarding';
  return 'quickstart';
}
