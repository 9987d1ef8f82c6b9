import type { T } from '../../../i18n/translate.ts';
import { TARIFFS } from '../../../shared/tariffs.ts';

/** The texts the public pay page shows, resolved at build time in the page's language ({{…}} filled in the browser). */
export interface PublicPayTexts {
  loading: string;
  for: string;
  period: string;
  amount: string;
  paid: string;
  notFound: string;
  failed: string;
  termsRequired: string;
  busy: string;
  providerUnavailable: string;
  /** Tariff id → its name. */
  tariffs: Record<string, string>;
}

export const publicPayTexts = (t: T): PublicPayTexts => ({
  loading: t('public.loading'),
  for: t('public.for', { tariff: '{{tariff}}' }),
  period: t('public.period', { from: '{{from}}', to: '{{to}}' }),
  amount: t('public.amount', { amount: '{{amount}}' }),
  paid: t('public.paid'),
  notFound: t('public.notFound'),
  failed: t('public.failed'),
  termsRequired: t('terms.required'),
  busy: t('pay.busy'),
  providerUnavailable: t('public.providerUnavailable'),
  tariffs: Object.fromEntries(Object.entries(TARIFFS).map(([id, key]) => [id, t.dynamic(`tariff.${key}`)])),
});
