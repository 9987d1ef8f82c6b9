/**
 * Which spec runs on which brands. Every spec not listed here runs on every brand (it checks what differs per brand:
 * routes, titles, sidebars, redirects, languages). A feature spec checks a screen whose markup depends only on the
 * host's variant and language, so it runs once per variant and once per language that ships the screen, not on
 * every brand that has it. `E2E_EVERY_BRAND=1` runs each feature spec on every brand with the feature again
 * (the specs still skip brands without it). docs/testing.md explains the choice.
 */
import { loadBrands } from '../../src/brand/load.ts';
import type { Brand } from '../../src/brand/schema.ts';
import { routesForBrand } from '../../src/routes/select.ts';

/** Feature specs: the route whose brands they cover, or a fixed list of hosts. */
export const FEATURE_SPECS: Record<string, { route: string } | { brands: string[] }> = {
  'account.spec.ts': { brands: ['main-ru', 'main-intl'] },
  'account-end.spec.ts': { brands: ['main-ru', 'main-intl'] },
  'admin.spec.ts': { route: 'adminUsers' },
  'bell.spec.ts': { brands: ['main-ru', 'main-intl'] },
  // §6 flags: a host with every one of them and one with none (docs/shell.md "Host flags").
  'brand-flags.spec.ts': { brands: ['main-ru', 'clinic'] },
  // WhatsApp numbers and the public QR page against the gateway double, both languages of the main hosts.
  'connections.spec.ts': { brands: ['main-ru', 'main-intl'] },
  // The fallback order, a number's sending state and the flow's "Send from": one language is enough.
  'sending-settings.spec.ts': { brands: ['main-ru'] },
  // Telegram bots, Twilio senders and Sigma SMS accounts against their doubles, both languages of the main hosts.
  'connections-providers.spec.ts': { brands: ['main-ru', 'main-intl'] },
  // WhatsApp Business accounts, their templates and the connect callback against the 360dialog double, both languages.
  'connections-waba.spec.ts': { brands: ['main-ru', 'main-intl'] },
  // The business systems (issue 19) against their doubles, both languages of the main hosts.
  'connections-booking.spec.ts': { brands: ['main-ru', 'main-intl'] },
  'connections-iiko.spec.ts': { brands: ['main-ru', 'main-intl'] },
  'connections-amo.spec.ts': { brands: ['main-ru', 'main-intl'] },
  'connections-chatwoot.spec.ts': { brands: ['main-ru', 'main-intl'] },
  // The referral programme and applying a code: the RUB host (gift text, values hidden); issue 18.
  'partners.spec.ts': { brands: ['main-ru'] },
  'blacklist.spec.ts': { route: 'blacklist' },
  'editor-chips.spec.ts': { route: 'flowEdit' },
  // Issue 16's shell and way-finding checks on the two main hosts (both languages, every flag they test).
  'feedback.spec.ts': { brands: ['main-ru', 'main-intl'] },
  'wayfinding.spec.ts': { brands: ['main-ru', 'main-intl'] },
  'flow-editor.spec.ts': { route: 'flowEdit' },
  'flow-image.spec.ts': { brands: ['main-ru'] },
  'flows.spec.ts': { route: 'flows' },
  'home.spec.ts': { brands: ['main-ru', 'main-intl'] },
  // Layout shift on the two main hosts and the AI app (issue 16 point 10; docs/lighthouse.md).
  'layout-shift.spec.ts': { brands: ['main-ru', 'main-intl', 'ai-app'] },
  // The payments screens and the pay journey on the YooKassa host and the Stripe host (both languages).
  'payments.spec.ts': { brands: ['main-ru', 'main-intl'] },
  // The distributions list on a distribution host and a main host (issue 20): one per language.
  'distributions-list.spec.ts': { brands: ['distribution-ru', 'main-intl'] },
  // The distribution editor (issue 20): the distribution host in Russian and a main host in English.
  'distributions.spec.ts': { brands: ['distribution-ru', 'main-intl'] },
  'delivery.spec.ts': { route: 'messageLogs' },
  'message-statuses.spec.ts': { route: 'messageLogs' },
  'quickstart.spec.ts': { route: 'quickstart' },
  'subscribers.spec.ts': { route: 'subscribers' },
  'templates.spec.ts': { route: 'templates' },
};

/**
 * One brand per variant that serves the route, then one more per language still missing. Variants with fewer
 * candidates choose first; within a variant the brand with the most routes (the fullest sidebar and flags) wins,
 * a language not covered yet breaking the tie.
 */
export function featureBrands(route: string, brands: Brand[] = loadBrands()): string[] {
  const candidates = brands.filter((b) => routesForBrand(b).some((r) => r.name === route));
  const size = (b: Brand) => routesForBrand(b).length;
  const variants = [...new Set(candidates.map((b) => b.variant))].map((v) => candidates.filter((b) => b.variant === v));
  variants.sort((a, b) => a.length - b.length);
  const chosen: Brand[] = [];
  const covered = () => new Set(chosen.map((b) => b.locale.default));
  const pick = (group: Brand[]) => {
    const fullest = group.filter((b) => size(b) === Math.max(...group.map(size)));
    chosen.push(fullest.find((b) => !covered().has(b.locale.default)) ?? fullest[0]!);
  };
  for (const group of variants) pick(group);
  for (const locale of new Set(candidates.map((b) => b.locale.default))) {
    if (!covered().has(locale)) pick(candidates.filter((b) => b.locale.default === locale));
  }
  return chosen.map((b) => b.id);
}

/** The brands a spec file runs on. */
export function specBrands(file: string, brands: Brand[] = loadBrands()): string[] {
  const rule = FEATURE_SPECS[file];
  if (!rule) return brands.map((b) => b.id);
  const chosen = 'brands' in rule ? rule.brands : featureBrands(rule.route, brands);
  // A renamed route or brand must not turn a spec off silently.
  if (!chosen.length || chosen.some((id) => !brands.some((b) => b.id === id))) {
    throw new Error(`tests/e2e/coverage.ts: ${file} names ${JSON.stringify(rule)}, which matches no brand (renamed?)`);
  }
  return chosen;
}

/** Spec files a brand's Playwright project leaves out (glob patterns for `testIgnore`). */
export function ignoredSpecs(brandId: string, brands: Brand[] = loadBrands()): string[] {
  if (process.env.E2E_EVERY_BRAND) return [];
  return Object.keys(FEATURE_SPECS)
    .filter((file) => !specBrands(file, brands).includes(brandId))
    .map((file) => `**/${file}`);
}
