import type { T } from '../../../i18n/translate.ts';
import { TARIFFS } from '../../../shared/tariffs.ts';
/** The kit's list notices (`ui` texts); a failure tells staff where the details are (the console). */
export const listTexts = (t: T) => ({ loading: t('ui.loading'), failed: t('common.loadFailed'), empty: t('ui.empty') });

/** A tariff id with its name (§3 names 0-25); ids beyond the named ones stay numbers. */
export function tariffLabel(t: T, n: number): string {
  const key = (TARIFFS as Record<number, string>)[n];
  return key ? `${n} · ${t(`tariff.${key}`)}` : t('pays.tariffN', { n });
}

/** A positive integer from the query string (`?id=12`), else null. */
export function queryInt(name: string): number | null {
  if (typeof location === 'undefined') return null;
  const value = Number(new URLSearchParams(location.search).get(name));
  return Number.isInteger(value) && value > 0 ? value : null;
}

/** A positive integer path segment after `after` (`/admin/status/12`). */
export function pathInt(after: string): number | null {
  if (typeof location === 'undefined') return null;
  const parts = location.pathname.split('/').filter(Boolean);
  const at = parts.indexOf(after);
  const value = Number(parts[at + 1]);
  return at >= 0 && Number.isInteger(value) && value > 0 ? value : null;
}

const INSTANCE_STATES = ['init', 'GotQrCode', 'NotAuthorized', 'Connected', 'Authorized', 'loading', 'error'];
/** The WhatsApp gateway's state names are operator words: each reads in the page's language ('unknown'/null: never reported). */
export const instanceStateText = (t: T, s: string | null) => (!s || s === 'unknown' ? t('instances.unknown') : INSTANCE_STATES.includes(s) ? t.dynamic(`instances.states.${s}`) : s);

const COMPANY_STATES = ['Connected', 'Disconnected'];
/** A booking company's connection state from the booking system, in the page's language; an unknown one stays as sent. */
export const companyStateText = (t: T, s: string | null | undefined) => (!s ? t('accounts.statusUnknown') : COMPANY_STATES.includes(s) ? t.dynamic(`status.states.${s}`) : s);
