import type { RouteVariant } from '../brand/schema.ts';
import type { RedirectDef, RouteDef } from './types.ts';

/** Main cabinet route sets: the default hosts and the onboarding (AI-assistant) host. */
const MAIN: readonly RouteVariant[] = ['default', 'onboarding'];

const cabinet = (name: string, path: string, variants: RouteDef['variants'] = MAIN, extra: Partial<RouteDef> = {}): RouteDef => ({
  name,
  path,
  layout: 'shared',
  requireAuth: true,
  variants,
  ...extra,
});

const publicPage = (name: string, path: string, variants: RouteDef['variants'], extra: Partial<RouteDef> = {}): RouteDef => ({
  name,
  path,
  layout: 'single',
  requireAuth: false,
  variants,
  ...extra,
});

const widget = (name: string, path: string, extra: Partial<RouteDef> = {}): RouteDef =>
  publicPage(name, path, MAIN, { hideFloating: true, ...extra });

const admin = (name: string, path: string, role: RouteDef['role'] = 'admin'): RouteDef =>
  cabinet(name, path, ['default'], { role, domain: 'admin' });

/** Every screen of spec §2. Pages, rewrites, titles and the sidebar all come from this list. */
export const ROUTES: readonly RouteDef[] = [
  // Home: each variant has its own screen on "/", except distribution hosts, which redirect.
  cabinet('home', '/', ['default', 'quality'], { domain: 'home' }),
  cabinet('onboardingHome', '/', ['onboarding'], { domain: 'home' }),
  cabinet('dashboard', '/', ['dashboard'], { domain: 'home' }),

  // Flows and templates
  cabinet('flows', '/flows', MAIN, { domain: 'flows' }),
  cabinet('flowEdit', '/flows/edit/:workflowId/:step?', MAIN, { domain: 'flows' }),
  cabinet('flowsMassEdit', '/flows/EditTextInFlows', MAIN, { domain: 'flows' }),
  cabinet('templates', '/templates', MAIN, { domain: 'flows' }),
  cabinet('templatesYclients', '/templates/yclients', MAIN, { domain: 'flows' }),
  cabinet('templatesAltegio', '/templates/altegio', MAIN, { domain: 'flows' }),
  cabinet('templatesIikocrm', '/templates/iikocrm', MAIN, { domain: 'flows' }),
  cabinet('templatesApicrm', '/templates/apicrm', MAIN, { domain: 'flows' }),
  cabinet('templateAdd', '/templates/:integration/add/:templateType', MAIN, { domain: 'flows' }),
  cabinet('templateEdit', '/templates/:integration/edit/:workflowId', MAIN, { domain: 'flows' }),

  // Payments
  cabinet('payments', '/payments', ['default', 'onboarding', 'distribution'], { domain: 'payments' }),
  cabinet('subscriptions', '/payments/subscriptions', ['default', 'onboarding', 'distribution'], { domain: 'payments' }),
  publicPage('publicPayments', '/publicPayments', ['default', 'onboarding', 'distribution'], { domain: 'payments' }),

  // Widgets
  cabinet('widgets', '/widgets/'),
  cabinet('widgetReview', '/widgets/review'),
  cabinet('widgetConfirmSettings', '/widgets/confirm/settings'),
  widget('ratingWidget', '/widgets/reviews/rating/:id'),
  cabinet('reviewsAi', '/widgets/reviews-ai'),
  cabinet('reviewsAiWidget', '/widgets/reviews-ai/:widgetId'),

  // Phones
  cabinet('blacklist', '/phones/ignore', MAIN, { domain: 'phones' }),
  cabinet('subscribers', '/phones/subscribers', MAIN, { domain: 'phones' }),
  publicPage('ignorePhone', '/il/:encUserGuid', MAIN, { hideFloating: true, domain: 'phones' }),

  // Account screens, on every host
  publicPage('login', '/account/login', 'all', { guestOnly: true, domain: 'account' }),
  publicPage('register', '/account/register', 'all', { guestOnly: true, domain: 'account' }),
  publicPage('forgotPassword', '/account/forgot-password', 'all', { guestOnly: true, domain: 'account' }),
  publicPage('resetPassword', '/account/reset-password', 'all', { guestOnly: true, domain: 'account' }),
  cabinet('accountUpdate', '/account/update', 'all', { domain: 'account' }),
  // Account settings (§6 flag): hosts without it build no profile page and show no link to it.
  cabinet('profile', '/account/profile', 'all', { feature: 'accountSettings', domain: 'account' }),
  publicPage('confirmEmail', '/Account/ConfirmEmail', 'all', { domain: 'account' }),
  publicPage('googleCallback', '/account/google/callback', 'all', { domain: 'account' }),
  publicPage('demo', '/demo', 'all', { domain: 'account' }),
  cabinet('quickstart', '/account/quickstart', ['default'], { feature: 'quickStart', domain: 'onboarding' }),
  cabinet('quickstartYclients', '/account/quickstartYclients', ['default'], { feature: 'quickStart', domain: 'onboarding' }),
  cabinet('quickstartYclientsSimple', '/account/quickstartYclientsSimple', ['default'], { feature: 'quickStart', domain: 'onboarding' }),
  cabinet('quickstartAltegio', '/account/quickstartAltegio', ['default'], { feature: 'quickStart', domain: 'onboarding' }),
  cabinet('medflexOnboarding', '/account/medflex-onboarding', MAIN),
  cabinet('onboarding', '/account/onboarding', ['onboarding']),
  cabinet('dashboardQuickStart', '/account/dashboardQuickStart', ['dashboard']),
  publicPage('registerYclients', '/account/register/yclients/:applicationId', MAIN, { domain: 'account' }),
  publicPage('registerAltegio', '/account/register/altegio/:applicationId', MAIN, { domain: 'account' }),

  // Partners
  cabinet('partnersPromocodes', '/partners/promocodes', MAIN, { feature: 'promoCodes', domain: 'partners' }),
  cabinet('partnersPromocode', '/partners/promocode', MAIN, { feature: 'promoCodes', domain: 'partners' }),

  // Connected accounts
  cabinet('accountsTelegram', '/accounts/telegram', MAIN, { domain: 'connections' }),
  cabinet('accountsAmo', '/accounts/amo', MAIN, { domain: 'connections' }),
  cabinet('accountsAmoConnect', '/accounts/amo/connect', MAIN, { domain: 'connections' }),
  cabinet('accountsYclients', '/accounts/yclients', MAIN, { domain: 'connections' }),
  cabinet('accountsWhatsApp', '/accounts/whats-app', 'all', { domain: 'connections' }),
  cabinet('accountsDialog360', '/accounts/dialog360', ['default', 'onboarding', 'distribution'], { domain: 'connections' }),
  cabinet('accountsDialog360Connect', '/accounts/dialog360/:token/:accountId', ['default', 'onboarding', 'distribution'], { domain: 'connections' }),
  cabinet('accountsIiko', '/accounts/iiko', MAIN, { domain: 'connections' }),
  cabinet('accountsSigma', '/accounts/sigma', MAIN, { domain: 'connections' }),
  cabinet('accountsTwilio', '/accounts/twilio', ['default', 'onboarding', 'dashboard'], { domain: 'connections' }),
  cabinet('accountsChatwoot', '/accounts/chatwoot', ['default', 'onboarding', 'dashboard'], { domain: 'connections' }),
  cabinet('accountsAltegio', '/accounts/altegio', MAIN, { domain: 'connections' }),
  cabinet('accountsMedflexLpus', '/accounts/medflexLpus'),

  // Analytics
  cabinet('insights', '/insights'),
  cabinet('messageLogs', '/insights/message-logs/', MAIN, { domain: 'delivery' }),
  cabinet('insightsConversion', '/insights/conversion', MAIN, { scrollTop: true, domain: 'delivery' }),
  cabinet('rfm', '/insights/rfm/:dashboardId'),

  // Distributions, short links, ideas
  cabinet('distributions', '/distributions', ['default', 'onboarding', 'distribution'], { domain: 'distributions' }),
  cabinet('distributionEdit', '/distributions/edit/:distributionId/:step?', ['default', 'onboarding', 'distribution'], { domain: 'distributions' }),
  cabinet('shortLink', '/short-link'),
  widget('shortLinkRedirect', '/to/:encodedId/'),
  cabinet('ideas', '/ideas'),

  // Chat-bots and AI copilot bots
  cabinet('chatbots', '/chatbots/'),
  cabinet('chatbotsBooking', '/chatbots/booking'),
  cabinet('copilotBots', '/flowCopilotBotsHided'),
  cabinet('copilotBot', '/flowCopilotBotsHided/:copilotBotId'),
  widget('publicAiChat', '/ai-chat/:botId'),

  // Public widgets named in §2 without a path of their own there; the paths are ours (docs/routes.md).
  widget('iikoBookingWidget', '/widget/iiko-booking/:widgetId'),
  widget('bookingWidget', '/widget/booking/:widgetId'),
  widget('qrCodeWidgetView', '/widget/qr/:linkId', { domain: 'connections' }),
  widget('visitNotifyWidget', '/widget/visit-notify/:widgetId'),

  // Quality-control host
  cabinet('chats', '/chats', ['quality']),
  cabinet('calls', '/calls', ['quality']),
  cabinet('report', '/reports/:reportId', ['quality']),

  // Dashboard host
  cabinet('conversion', '/conversion', ['dashboard'], { scrollTop: true }),
  cabinet('reviews', '/reviews', ['dashboard']),

  // Admin area (staff use the main hosts)
  admin('adminUsers', '/admin/users'),
  admin('adminPays', '/admin/pays'),
  admin('adminPromocodes', '/admin/promocodes'),
  admin('adminPromocodeCreate', '/admin/promocodes/create', 'superadmin'),
  admin('adminInstances', '/admin/instances'),
  admin('adminUserDiagnostics', '/admin/users/:userId/diagnostics'),
  admin('adminNews', '/admin/news'),
  admin('adminStatus', '/admin/status/:companyId'),
  admin('adminOutgoing', '/admin/outgoing'),
  admin('adminNewClients', '/admin/newClients'),

  // Not found
  publicPage('notFound', '/404', 'all'),
  publicPage('widgetNotFound', '/widget/404', 'all', { hideFloating: true }),
];

export const REDIRECTS: readonly RedirectDef[] = [
  { from: '/', to: '/distributions', variants: ['distribution'] },
  { from: '/account/quickstart', to: '/account/dashboardQuickStart', variants: ['dashboard'] },
  { from: '/account/quickstart', to: '/account/onboarding', variants: ['onboarding'] },
];
