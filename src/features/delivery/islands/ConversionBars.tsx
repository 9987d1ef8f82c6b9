import type { Locale } from '../../../i18n/locales.ts';
import type { T } from '../../../i18n/translate.ts';
import { formatDays } from '../../../shared/duration.ts';
import type { FlowConversion } from '../store.ts';

/** The share for each window as a horizontal bar, the chosen one highlighted; plain markup, no chart library. */
export function ConversionBars({ t, locale, all, days, percent }: { t: T; locale: Locale; all: FlowConversion[]; days: number; percent: (share: number) => string }) {
  return (
    <ul className="list-none m-0 p-0 flex flex-col gap-1.5" aria-label={t('conversion.byWindow')}>
      {all.map((c) => (
        <li key={c.days} className="grid grid-cols-[6rem_1fr_auto] items-center gap-2 text-sm">
          <span className={c.days === days ? 'font-semibold' : undefined}>{formatDays(locale, c.days)}</span>
          <span className="block h-3 rounded bg-gray-100 overflow-hidden" aria-hidden="true">
            <span className={`block h-full ${c.days === days ? 'bg-brand' : 'bg-gray-400'}`} style={{ width: `${Math.round(c.share * 100)}%` }} />
          </span>
          <span className="text-right tabular-nums">{t('conversion.barValue', { share: percent(c.share), converted: c.converted, messaged: c.messaged })}</span>
        </li>
      ))}
    </ul>
  );
}
