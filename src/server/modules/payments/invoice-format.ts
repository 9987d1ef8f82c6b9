/**
 * Amounts as the owner reads them: minor units to `1 200 ₽`, `1 200,50 ₽`, `$1 200.50` (§9: spaces separate
 * thousands; kopecks and cents only when there are some).
 */
export function formatMoney(minor: number, currency: string): string {
  const sign = minor < 0 ? '-' : '';
  const abs = Math.abs(Math.round(minor));
  const whole = String(Math.floor(abs / 100)).replace(/\B(?=(\d{3})+(?!\d))/g, ' ');
  const cents = abs % 100;
  if (currency === 'RUB') return `${sign}${whole}${cents ? `,${String(cents).padStart(2, '0')}` : ''} ₽`;
  if (currency === 'USD') return `${sign}$${whole}${cents ? `.${String(cents).padStart(2, '0')}` : ''}`;
  return `${sign}${whole}${cents ? `.${String(cents).padStart(2, '0')}` : ''} ${currency}`;
}

/** A UTC date as YYYY-MM-DD: the same in every language, never misread as day/month. */
export const dateOf = (unixSeconds: number) => new Date(unixSeconds * 1000).toISOString().slice(0, 10);
