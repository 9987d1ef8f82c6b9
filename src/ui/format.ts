// Formatting of dates (unix seconds), numbers and money, the same on every screen.

/** Date only, as the day it is in UTC (dates the server keeps as midnight UTC); '—' when absent. */
export const formatDate = (locale: string, unix: number | null | undefined) =>
  unix == null ? '—' : new Date(unix * 1000).toLocaleDateString(locale, { year: 'numeric', month: '2-digit', day: '2-digit', timeZone: 'UTC' });

/** Date and time in the browser's zone; '—' when absent. */
export const formatDateTime = (locale: string, unix: number | null | undefined) =>
  unix == null ? '—' : new Date(unix * 1000).toLocaleString(locale, { dateStyle: 'short', timeStyle: 'short' });

/** §9: whole numbers use spaces as thousands separators; others keep two decimals. */
export const formatAmount = (value: number) =>
  Number.isInteger(value) ? String(value).replace(/\B(?=(\d{3})+(?!\d))/g, ' ') : value.toFixed(2);

/** Money: the amount as formatAmount, then the currency (a code or symbol) when there is one. */
export const formatMoney = (value: number, currency?: string) => (currency ? `${formatAmount(value)} ${currency}` : formatAmount(value));

/** Unix seconds ↔ the value of an <input type="date"> (UTC midnight, so a date means the same day everywhere). */
export const unixToDateInput = (unix: number | null | undefined) => (unix == null ? '' : new Date(unix * 1000).toISOString().slice(0, 10));
export const dateInputToUnix = (value: string): number | null => {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(value);
  return match ? Date.UTC(Number(match[1]), Number(match[2]) - 1, Number(match[3])) / 1000 : null;
};
