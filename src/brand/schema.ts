import { z } from 'zod';
import { LOCALES } from '../i18n/locales.ts';
import { CURRENCIES } from '../shared/payments/currency.ts';

/** Route sets of §2: each host serves one of these variants. */
export const ROUTE_VARIANTS = ['default', 'distribution', 'quality', 'dashboard', 'onboarding'] as const;
export type RouteVariant = (typeof ROUTE_VARIANTS)[number];

/** Sidebar entries a brand may list, in the order it lists them (§2 "Sidebar by host"). */
export const SIDEBAR_ITEMS = [
  'quickstart',
  'home',
  'dashboard',
  'flows',
  'distributions',
  'payments',
  'insights',
  'conversion',
  'reviews',
  'widgets',
  'chatbots',
  'blacklist',
  'copilotBots',
  'chats',
  'calls',
] as const;
export type SidebarItem = (typeof SIDEBAR_ITEMS)[number];

/** Entries of the accounts dropdown; `booking` becomes YCLIENTS or Altegio by the user's crms list. */
export const ACCOUNT_ITEMS = [
  'whatsapp',
  'telegram',
  'waba',
  'iiko',
  'amo',
  'sigma',
  'twilio',
  'chatwoot',
  'clinic',
  'booking',
] as const;
export type AccountItem = (typeof ACCOUNT_ITEMS)[number];

/** Host feature flags of §6. One vocabulary, checked by the generator and islands through isEnabled(). */
export const FLAGS = [
  'footer',
  'accountSettings',
  'externalSidebarLinks',
  'addFlowButton',
  'quickStart',
  'notificationBell',
  'languageSelect',
  'promoCodes',
  'countryAtRegistration',
  'news',
  'floatingHelp',
  'payNotifications',
] as const;
export type Flag = (typeof FLAGS)[number];

/** Tariff ids of §3: 0-25 are named, the catalogue holds 34 types. */
export const TARIFF_IDS = Array.from({ length: 34 }, (_, id) => id);

const url = z.url({ error: 'expected an absolute URL such as https://example.com/path' });
const host = z
  .string()
  .regex(/^[a-z0-9.-]+$/, { error: 'expected a bare host name such as cabinet.example.com (no scheme, no path)' });

const hex = z.string().regex(/^#[0-9a-f]{6}$/i, { error: 'expected a colour as #rrggbb' });
/** Today's blue: a brand without a theme looks as every brand did before themes. */
export const DEFAULT_THEME = { primary: '#1f6feb', primaryDark: '#1558c0', primaryLight: '#e8f0fe', accent: '#f59e0b' } as const;
/**
 * An inline SVG mark (no scripts, no handlers, no outside references): it is written into every page as it is,
 * and a favicon is a data: URL of one.
 */
const svgMark = z
  .string()
  .max(8_000, { error: 'keep the mark under 8000 characters (it is inlined into every page)' })
  .regex(/^<svg\s[^>]*xmlns=['"]http:\/\/www\.w3\.org\/2000\/svg['"][\s\S]*<\/svg>$/, {
    error: "expected an inline SVG starting with <svg xmlns='http://www.w3.org/2000/svg'",
  })
  .refine((svg) => !/<script|\son[a-z]+\s*=|href\s*=|url\(/i.test(svg), {
    error: 'must not hold scripts, event handlers, links or url() references',
  });

const flagsShape = Object.fromEntries(FLAGS.map((flag) => [flag, z.boolean().default(false)])) as {
  [K in Flag]: z.ZodDefault<z.ZodBoolean>;
};

export const brandSchema = z
  .strictObject({
    $schema: z.string().optional(),
    id: z.string().regex(/^[a-z0-9-]+$/, { error: 'expected lower-case letters, digits and dashes' }),
    productName: z.string().min(1),
    /** The kit's colours (docs/shell.md "Look"); text colours are checked for AA contrast by tests/unit/brand-theme.test.ts. */
    theme: z
      .strictObject({
        primary: hex.default(DEFAULT_THEME.primary),
        primaryDark: hex.default(DEFAULT_THEME.primaryDark),
        primaryLight: hex.default(DEFAULT_THEME.primaryLight),
        accent: hex.default(DEFAULT_THEME.accent),
      })
      .default(DEFAULT_THEME),
    /** The brand's mark beside the product name; without one the name stands alone. */
    logo: svgMark.optional(),
    /** The tab icon; the logo when omitted. */
    favicon: svgMark.optional(),
    hosts: z.array(host).min(1, { error: 'list at least one production host' }),
    apiBaseUrl: url,
    /** §7: pages served from a host ending in .me talk to this API host instead. */
    apiBaseUrlForMeHosts: url.optional(),
    locale: z
      .strictObject({
        default: z.enum(LOCALES),
        fixed: z.boolean().default(false),
      })
      .default({ default: 'ru', fixed: false }),
    variant: z.enum(ROUTE_VARIANTS),
    sidebar: z.array(z.enum(SIDEBAR_ITEMS)).min(1),
    accounts: z.array(z.enum(ACCOUNT_ITEMS)).default([]),
    addBusinessButton: z.boolean().default(false),
    bottomLinks: z
      .strictObject({
        knowledgeBase: url.optional(),
        ideas: z.boolean().default(false),
        referral: z.boolean().default(false),
        remoteDesktop: z.strictObject({ windows: url, mac: url }).optional(),
      })
      .default({ ideas: false, referral: false }),
    floatingButtons: z
      .strictObject({ channel: url.optional(), supportBot: url.optional(), chat: url.optional() })
      .default({}),
    supportChat: z.strictObject({ scriptUrl: url }).optional(),
    /** OAuth client id for "Sign in with Google"; the button is hidden without it. */
    googleClientId: z.string().min(1).optional(),
    flags: z.strictObject(flagsShape).default(Object.fromEntries(FLAGS.map((f) => [f, false])) as Record<Flag, false>),
    /** i18n key of the add-flow button: addFlow on main hosts, addDistribution on distribution hosts. */
    addFlowTextKey: z.enum(['addFlow', 'addDistribution']).default('addFlow'),
    tariffs: z.array(z.number().int().refine((id) => TARIFF_IDS.includes(id), { error: 'expected a tariff id 0-33' })),
    /** What the brand's prices are in (docs/payments.md "Currency per brand"): RUB on the Russian hosts, USD elsewhere. */
    currency: z.enum(CURRENCIES, { error: 'expected RUB or USD' }),
  })
  .superRefine((brand, ctx) => {
    if (brand.hosts.some((h) => h.endsWith('.me')) && !brand.apiBaseUrlForMeHosts) {
      ctx.addIssue({
        code: 'custom',
        path: ['apiBaseUrlForMeHosts'],
        message: 'required because a host ends in .me (spec §7: .me hosts use their own API host)',
      });
    }
    // §6: the add button reads "Add a distribution" on distribution hosts and "Add a flow" everywhere else.
    const addKey = brand.variant === 'distribution' ? 'addDistribution' : 'addFlow';
    if (brand.flags.addFlowButton && brand.addFlowTextKey !== addKey) {
      ctx.addIssue({ code: 'custom', path: ['addFlowTextKey'], message: `must be ${addKey} on a ${brand.variant} host (spec §6)` });
    }
    if (brand.locale.fixed && brand.flags.languageSelect) {
      ctx.addIssue({
        code: 'custom',
        path: ['flags', 'languageSelect'],
        message: 'must be false when locale.fixed is true (there is only one language to choose)',
      });
    }
    if (brand.sidebar.includes('quickstart') && !brand.flags.quickStart) {
      ctx.addIssue({ code: 'custom', path: ['sidebar'], message: "'quickstart' needs flags.quickStart" });
    }
    if (new Set(brand.tariffs).size !== brand.tariffs.length) {
      ctx.addIssue({ code: 'custom', path: ['tariffs'], message: 'lists a tariff id twice' });
    }
  });

export type BrandInput = z.input<typeof brandSchema>;
export type Brand = z.output<typeof brandSchema>;
