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
  /** The owner's pay link (`?link=`): what is paid for, line by line, and its states. */
  link: {
    to: string;
    until: string;
    line: string;
    pack: string;
    packs: Record<string, string>;
    sum: string;
    paid: string;
    expired: string;
    notFound: string;
    pending: string;
    canceled: string;
  };
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
  link: {
    to: t('public.linkTo', { brand: '{{brand}}' }),
    until: t('public.linkUntil', { date: '{{date}}' }),
    line: t('total.line', { name: '{{name}}', units: '{{units}}', months: '{{months}}' }),
    pack: t('total.pack', { name: '{{name}}', quantity: '{{quantity}}' }),
    packs: { messages: t('packs.messages'), reviews: t('packs.reviews'), aiBalance: t('packs.aiBalance') },
    sum: t('total.sum', { total: '{{total}}' }),
    paid: t('public.linkPaid'),
    expired: t('public.linkExpired'),
    notFound: t('public.linkNotFound'),
    pending: t('result.pending'),
    canceled: t('public.linkCanceled'),
  },
});
