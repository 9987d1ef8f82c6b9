import type { T } from '../../../i18n/translate.ts';
import type { Quote } from '../store.ts';
import { tariffName } from './names.ts';
import type { QuoteState } from './use-quote.ts';

interface Props {
  t: T;
  money: (minor: number) => string;
  quote: QuoteState;
  /** A refusal that belongs to no field on the screen (an empty cart). */
  cartError?: string;
}

/** The priced cart: each line and pack, the promo applied and the total; "calculating" while a quote is on its way. */
export function QuoteSummary({ t, money, quote, cartError }: Props) {
  const shown: Quote | undefined = quote.kind === 'priced' ? quote.quote : quote.kind === 'pricing' ? quote.last : undefined;
  const pricing = quote.kind === 'pricing';
  return (
    <section aria-labelledby="payments-total" aria-busy={pricing} data-quote={quote.kind} className="border border-gray-200 rounded-md p-3 bg-gray-50">
      <h3 id="payments-total" className="m-0 mb-2 text-base font-semibold">{t('total.title')}</h3>
      {pricing && (
        <p className="m-0 mb-2 text-sm text-ink-muted flex items-center gap-2" role="status">
          <span className="i-lucide-loader-circle animate-spin" aria-hidden="true" />
          {t('total.pricing')}
        </p>
      )}
      {quote.kind === 'idle' && <p className="m-0 text-sm text-ink-muted">{t('cart.empty')}</p>}
      {cartError && <p className="m-0 text-sm text-red-700" role="alert" data-field-error>{cartError}</p>}
      {shown && (
        <div data-stale={pricing || undefined}>
          <ul className="list-none m-0 p-0 text-sm flex flex-col gap-1">
            {shown.lines.map((line) => (
              <li key={line.tariff} className="flex justify-between gap-3">
                <span>{t('total.line', { name: tariffName(t, line.tariff), units: line.units, months: line.months })}</span>
                <span>{money(line.amount)}</span>
              </li>
            ))}
            {shown.packs.map((pack) => (
              <li key={pack.kind} className="flex justify-between gap-3">
                <span>{t('total.pack', { name: t.dynamic(`packs.${pack.kind}`), quantity: pack.quantity })}</span>
                <span>{money(pack.amount)}</span>
              </li>
            ))}
          </ul>
          {shown.promo && <p className="m-0 mt-2 text-sm text-green-800" data-promo-applied>{t('promo.applied', { code: shown.promo.code, percent: shown.promo.discountPercent })}</p>}
          <p className="m-0 mt-2 text-lg font-semibold" data-total>{t('total.sum', { total: money(shown.total) })}</p>
        </div>
      )}
    </section>
  );
}
