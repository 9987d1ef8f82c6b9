import { describe, expect, it } from 'vitest';
import { loadBrand } from '../../src/brand/load.ts';
import { ROUTE_VARIANTS, type Brand } from '../../src/brand/schema.ts';
import { ROUTES } from '../../src/routes/registry.ts';
import { routesForBrand, staticPathOf } from '../../src/routes/select.ts';
import { matchPattern, patternToRegex } from '../../src/routes/match.ts';
import { accountLinks, sidebarLinks } from '../../src/routes/sidebar.ts';
import { routeManifest, redirectsFile } from '../../src/routes/manifest.ts';
import { bookingAccountRoutes } from '../../src/shared/crm.ts';

const paths = (brand: Brand) => routesForBrand(brand).map((r) => r.path);

/** Every path spec §2 lists for the default variant. */
const DEFAULT_PATHS = [
  '/', '/flows', '/flows/edit/:workflowId/:step?', '/flows/EditTextInFlows', '/payments', '/payments/subscriptions',
  '/publicPayments', '/templates', '/templates/yclients', '/templates/altegio', '/templates/iikocrm', '/templates/apicrm',
  '/templates/:integration/add/:templateType', '/templates/:integration/edit/:workflowId', '/widgets/', '/widgets/review',
  '/widgets/confirm/settings', '/widgets/reviews/rating/:id', '/widgets/reviews-ai', '/widgets/reviews-ai/:widgetId',
  '/phones/ignore', '/phones/subscribers', '/il/:encUserGuid', '/account/login', '/account/update',
  '/account/forgot-password', '/account/reset-password', '/account/register', '/account/profile', '/account/quickstart',
  '/account/quickstartYclients', '/account/quickstartYclientsSimple', '/account/quickstartAltegio',
  '/account/medflex-onboarding', '/Account/ConfirmEmail', '/account/google/callback',
  '/account/register/yclients/:applicationId', '/account/register/altegio/:applicationId', '/demo',
  '/partners/promocodes', '/partners/promocode', '/accounts/telegram', '/accounts/amo', '/accounts/amo/connect',
  '/accounts/yclients', '/accounts/whats-app', '/accounts/dialog360', '/accounts/iiko', '/accounts/sigma',
  '/accounts/twilio', '/accounts/chatwoot', '/accounts/altegio', '/accounts/medflexLpus', '/insights',
  '/insights/message-logs/', '/insights/conversion', '/insights/rfm/:dashboardId', '/distributions', '/short-link',
  '/to/:encodedId/', '/ideas', '/chatbots/', '/chatbots/booking', '/flowCopilotBotsHided',
  '/flowCopilotBotsHided/:copilotBotId', '/ai-chat/:botId', '/404', '/widget/404',
  '/admin/users', '/admin/pays', '/admin/promocodes', '/admin/instances', '/admin/users/:userId/diagnostics',
  '/admin/news', '/admin/status/:companyId', '/admin/outgoing', '/admin/newClients', '/admin/promocodes/create',
];

describe('route registry', () => {
  it('route names are unique and each variant has one route per path', () => {
    expect(new Set(ROUTES.map((r) => r.name)).size).toBe(ROUTES.length);
    for (const variant of ROUTE_VARIANTS) {
      const inVariant = ROUTES.filter((r) => r.variants === 'all' || r.variants.includes(variant)).map((r) => r.path);
      expect(new Set(inVariant).size, variant).toBe(inVariant.length);
    }
  });

  it('the default variant holds every route of §2', () => {
    const have = paths(loadBrand('main-ru'));
    for (const path of DEFAULT_PATHS) expect(have, path).toContain(path);
  });

  it('distribution hosts have no flows and no home page; / redirects to /distributions', () => {
    const brand = loadBrand('distribution-ru');
    expect(paths(brand)).not.toContain('/flows');
    expect(paths(brand)).not.toContain('/');
    expect(paths(brand)).toContain('/distributions');
    expect(routeManifest(brand).redirects).toContainEqual({ from: '/', to: '/distributions', status: 302 });
    expect(routeManifest(brand).redirects).toContainEqual({ from: '/en/', to: '/en/distributions', status: 302 });
  });

  it('the quality host has home, chats, calls and reports', () => {
    const have = paths(loadBrand('quality'));
    for (const p of ['/', '/chats', '/calls', '/reports/:reportId']) expect(have).toContain(p);
    expect(have).not.toContain('/flows');
  });

  it('the dashboard host has its quick start, conversion, reviews and Twilio; quick start redirects', () => {
    const brand = loadBrand('ai-dashboard');
    for (const p of ['/', '/account/dashboardQuickStart', '/conversion', '/reviews', '/accounts/twilio']) expect(paths(brand)).toContain(p);
    expect(routesForBrand(brand).find((r) => r.path === '/')!.name).toBe('dashboard');
    expect(routeManifest(brand).redirects).toEqual([{ from: '/account/quickstart', to: '/account/dashboardQuickStart', status: 302 }]);
  });

  it('the onboarding host has its own home and quick start redirects to onboarding', () => {
    const brand = loadBrand('ai-assistant');
    expect(routesForBrand(brand).find((r) => r.path === '/')!.name).toBe('onboardingHome');
    expect(routeManifest(brand).redirects[0]).toEqual({ from: '/account/quickstart', to: '/account/onboarding', status: 302 });
  });

  it('admin routes need the admin role; promo creation needs super-admin', () => {
    const admin = ROUTES.filter((r) => r.path.startsWith('/admin'));
    expect(admin.length).toBe(10);
    for (const route of admin) expect(route.requireAuth && route.role).toBeTruthy();
    expect(ROUTES.find((r) => r.path === '/admin/promocodes/create')!.role).toBe('superadmin');
  });

  it('public routes of §6 need no sign-in and widgets hide floating help', () => {
    for (const p of ['/publicPayments', '/il/:encUserGuid', '/to/:encodedId/', '/ai-chat/:botId', '/account/google/callback', '/demo', '/404', '/widget/404']) {
      expect(ROUTES.find((r) => r.path === p)!.requireAuth, p).toBe(false);
    }
    for (const name of ['shortLinkRedirect', 'ratingWidget', 'ignorePhone', 'publicAiChat', 'iikoBookingWidget', 'bookingWidget', 'qrCodeWidgetView', 'visitNotifyWidget']) {
      expect(ROUTES.find((r) => r.name === name)!.hideFloating, name).toBe(true);
    }
  });

  it('a disabled flag removes its routes (promo codes)', () => {
    const brand = loadBrand('main-ru');
    const without = { ...brand, flags: { ...brand.flags, promoCodes: false } };
    expect(paths(without)).not.toContain('/partners/promocodes');
  });

  it('static pages of parameterised routes', () => {
    const byName = (n: string) => ROUTES.find((r) => r.name === n)!;
    expect(staticPathOf(byName('flowEdit'))).toBe('/flows/edit/_');
    expect(staticPathOf(byName('templateAdd'))).toBe('/templates/_/add/_');
    expect(staticPathOf(byName('shortLinkRedirect'))).toBe('/to/_');
    expect(staticPathOf(byName('flows'))).toBe('/flows');
  });
});

describe('path patterns', () => {
  it('match parameters, optional last segments and trailing slashes', () => {
    expect(matchPattern('/flows/edit/:workflowId/:step?', '/flows/edit/42')).toEqual({ workflowId: '42' });
    expect(matchPattern('/flows/edit/:workflowId/:step?', '/flows/edit/42/texts')).toEqual({ workflowId: '42', step: 'texts' });
    expect(matchPattern('/flows/edit/:workflowId/:step?', '/flows/edit')).toBeNull();
    expect(matchPattern('/to/:encodedId/', '/to/abc')).toEqual({ encodedId: 'abc' });
    expect(matchPattern('/to/:encodedId/', '/to/abc/')).toEqual({ encodedId: 'abc' });
    expect(matchPattern('/il/:id', '/il/a/b')).toBeNull();
    expect(matchPattern('/il/:id', '/il/%E0%A4%A')).toBeNull();
    expect(new RegExp(patternToRegex('/flows/edit/:workflowId/:step?')).test('/flows/edit/1/2')).toBe(true);
    expect(new RegExp(patternToRegex('/flows/edit/:workflowId/:step?')).test('/flows/edit/1/2/3')).toBe(false);
  });

  it('the CDN redirects file expands optional parameters', () => {
    const file = redirectsFile(routeManifest(loadBrand('main-ru')));
    expect(file).toContain('/flows/edit/:workflowId /flows/edit/_/ 200');
    expect(file).toContain('/flows/edit/:workflowId/:step /flows/edit/_/ 200');
    expect(file).toContain('/en/il/:encUserGuid /en/il/_/ 200');
    expect(file).toContain('/en/* /en/404/ 404');
  });
});

describe('sidebar by host (§2)', () => {
  const items = (id: string) => sidebarLinks(loadBrand(id)).map((l) => l.item);
  const accounts = (id: string) => accountLinks(loadBrand(id)).map((l) => l.item);

  it('default hosts', () => {
    expect(items('main-ru')).toEqual(['quickstart', 'home', 'flows', 'distributions', 'payments', 'insights', 'widgets', 'chatbots', 'blacklist', 'copilotBots']);
    expect(sidebarLinks(loadBrand('main-ru'))[0]!.mobileOnly).toBe(true);
    expect(accounts('main-ru')).toEqual(['whatsapp', 'telegram', 'waba', 'iiko', 'amo', 'sigma', 'twilio', 'chatwoot', 'clinic', 'yclients', 'altegio']);
  });
  it('distribution, quality, AI app, dashboard and clinic hosts', () => {
    expect(items('distribution-intl')).toEqual(['distributions', 'payments']);
    expect(accounts('distribution-intl')).toEqual(['whatsapp', 'waba']);
    expect(items('quality')).toEqual(['home', 'chats', 'calls']);
    expect(accounts('quality')).toEqual(['whatsapp']);
    expect(items('ai-app')).toEqual(['home', 'distributions', 'payments', 'copilotBots']);
    expect(accounts('ai-app')).toEqual(['whatsapp', 'chatwoot', 'clinic']);
    expect(items('ai-dashboard')).toEqual(['dashboard', 'conversion', 'reviews']);
    expect(accounts('ai-dashboard')).toEqual(['whatsapp', 'twilio', 'chatwoot']);
    expect(items('clinic')).toEqual(['home', 'payments', 'copilotBots']);
  });
  it('the booking entry follows the crms list, then the country group of §6', () => {
    expect(bookingAccountRoutes(['Yclients'], 55)).toEqual(['accountsYclients']);
    expect(bookingAccountRoutes(['Altegio'], 1)).toEqual(['accountsAltegio']);
    expect(bookingAccountRoutes([], 3)).toEqual(['accountsYclients']);
    expect(bookingAccountRoutes([], 55)).toEqual(['accountsAltegio']);
    expect(bookingAccountRoutes(['Iiko'], 1)).toEqual([]);
    // An owner connected to both systems sees both entries.
    expect(bookingAccountRoutes(['Yclients', 'Altegio'], 55)).toEqual(['accountsYclients', 'accountsAltegio']);
  });
});
