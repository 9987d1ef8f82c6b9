import { useId, type ReactNode } from 'react';
import type { T } from '../../../i18n/translate.ts';
import { TARIFFS } from '../../../shared/tariffs.ts';

// Small building blocks shared by the admin screens: labelled fields, pager, states, dates.

export const inputClass = 'w-full border border-gray-300 rounded px-2 py-1.5 text-sm bg-white focus:outline-2 focus:outline-brand';
export const buttonClass = 'px-3 py-1.5 rounded text-sm font-medium bg-brand text-white hover:bg-brand-dark disabled:opacity-50 cursor-pointer border-0';
export const secondaryButtonClass = 'px-3 py-1.5 rounded text-sm border border-gray-300 bg-white text-ink hover:bg-gray-100 cursor-pointer disabled:opacity-50';
export const linkClass = 'text-brand-dark underline';

export function Field(props: { label: string; error?: string; hint?: string; children: (id: string, describedBy: string | undefined) => ReactNode }) {
  const id = useId();
  const errorId = `${id}-error`;
  return (
    <div className="flex flex-col gap-1">
      <label htmlFor={id} className="text-sm font-medium">
        {props.label}
      </label>
      {props.children(id, props.error ? errorId : undefined)}
      {props.hint && <span className="text-xs text-ink-muted">{props.hint}</span>}
      {props.error && (
        <span id={errorId} className="text-xs text-red-700">
          {props.error}
        </span>
      )}
    </div>
  );
}

export function Check(props: { label: string; checked: boolean; onChange: (v: boolean) => void; disabled?: boolean }) {
  return (
    <label className="flex items-center gap-2 text-sm">
      <input type="checkbox" checked={props.checked} disabled={props.disabled} onChange={(e) => props.onChange(e.target.checked)} />
      {props.label}
    </label>
  );
}

export function Pager(props: { t: T; page: number; pages: number; onPage: (page: number) => void; label: string }) {
  const { t, page, pages } = props;
  if (pages <= 1) return null;
  return (
    <nav aria-label={props.label} className="flex items-center gap-2 mt-3 text-sm">
      <button type="button" className={secondaryButtonClass} disabled={page <= 1} onClick={() => props.onPage(page - 1)}>
        {t('common.previous')}
      </button>
      <span aria-live="polite">{t('common.pageOf', { page, pages })}</span>
      <button type="button" className={secondaryButtonClass} disabled={page >= pages} onClick={() => props.onPage(page + 1)}>
        {t('common.next')}
      </button>
    </nav>
  );
}

export function Section(props: { title: string; children: ReactNode; actions?: ReactNode }) {
  const id = useId();
  return (
    <section aria-labelledby={id} className="bg-white border border-gray-200 rounded-lg p-4 mb-4">
      <div className="flex items-center justify-between gap-2 mb-3">
        <h2 id={id} className="text-lg font-semibold m-0">
          {props.title}
        </h2>
        {props.actions}
      </div>
      {props.children}
    </section>
  );
}

/** Loading, failure (details are in the console, §7) and empty states of a list. */
export function ListState(props: { t: T; loading: boolean; failed: boolean; empty: boolean }) {
  if (props.loading) return <p className="text-sm text-ink-muted" role="status">{props.t('common.loading')}</p>;
  if (props.failed) return <p className="text-sm text-red-700" role="status">{props.t('common.loadFailed')}</p>;
  if (props.empty) return <p className="text-sm text-ink-muted" role="status">{props.t('common.empty')}</p>;
  return null;
}

/** A tariff id with its name (§3 names 0-25); ids beyond the named ones stay numbers. */
export function tariffLabel(t: T, n: number): string {
  const key = (TARIFFS as Record<number, string>)[n];
  return key ? `${n} · ${t(`tariff.${key}`)}` : t('pays.tariffN', { n });
}

export const tableClass = 'w-full text-sm border-collapse';
export const thClass = 'text-left font-semibold border-b border-gray-200 py-1.5 pr-3 align-bottom';
export const tdClass = 'border-b border-gray-100 py-1.5 pr-3 align-top';

/** Unix seconds ↔ the value of an <input type="date"> (UTC midnight, so a date means the same day everywhere). */
export const unixToDateInput = (unix: number | null | undefined) => (unix == null ? '' : new Date(unix * 1000).toISOString().slice(0, 10));
export const dateInputToUnix = (value: string): number | null => {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(value);
  return match ? Date.UTC(Number(match[1]), Number(match[2]) - 1, Number(match[3])) / 1000 : null;
};

export const formatDate = (locale: string, unix: number | null | undefined) =>
  unix == null ? '—' : new Date(unix * 1000).toLocaleDateString(locale, { year: 'numeric', month: '2-digit', day: '2-digit', timeZone: 'UTC' });
export const formatDateTime = (locale: string, unix: number | null | undefined) =>
  unix == null ? '—' : new Date(unix * 1000).toLocaleString(locale, { dateStyle: 'short', timeStyle: 'short' });

/** §9: numbers without decimals use spaces as thousands separators. */
export const formatAmount = (value: number) =>
  Number.isInteger(value) ? String(value).replace(/\B(?=(\d{3})+(?!\d))/g, ' ') : value.toFixed(2);

/** A positive integer from the query string (`?id=12`), else null. */
export function queryInt(name: string): number | null {
  if (typeof location === 'undefined') return null;
  const value = Number(new URLSearchParams(location.search).get(name));
  return Number.isInteger(value) && value > 0 ? value : null;
}

/** A positive integer path segment before `suffix` or at the end (`/admin/status/12`). */
export function pathInt(after: string): number | null {
  if (typeof location === 'undefined') return null;
  const parts = location.pathname.split('/').filter(Boolean);
  const at = parts.indexOf(after);
  const value = Number(parts[at + 1]);
  return at >= 0 && Number.isInteger(value) && value > 0 ? value : null;
}
