import type { T } from '../../../i18n/translate.ts';
import { buttonClass } from '../../../ui/classes.ts';
import { formatMinor } from '../cart.ts';
import type { Catalogue } from '../store.ts';
import { tariffName, unlockNames } from './names.ts';

interface Props {
  t: T;
  locale: string;
  catalogue: Catalogue;
  inCart: (tariff: number) => boolean;
  onAdd: (tariff: number) => void;
}

/** The host's tariffs as cards: name, the monthly price of one unit, what it unlocks, and "Add to cart". */
export function TariffCards({ t, locale, catalogue, inCart, onAdd }: Props) {
  if (!catalogue.tariffs.length) return <p className="m-0 text-ink-muted">{t('catalogue.empty')}</p>;
  const money = (minor: number) => formatMinor(minor, catalogue.currency, locale);
  const trial = catalogue.tariffs.some((x) => x.id === catalogue.trial.tariff) ? catalogue.trial : undefined;
  return (
    <>
      <ul className="list-none m-0 p-0 grid gap-3 sm:grid-cols-2 lg:grid-cols-3" aria-label={t('catalogue.title')}>
        {catalogue.tariffs.map((tariff) => {
          const name = tariffName(t, tariff.id);
          const unlocks = unlockNames(t, tariff.unlocks);
          const added = inCart(tariff.id);
          return (
            <li key={tariff.id} data-tariff={tariff.id} className="flex flex-col gap-2 border border-gray-200 rounded-lg p-3 bg-white">
              <h3 className="m-0 text-base font-semibold">{name}</h3>
              <p className="m-0 font-medium" data-price>{t.dynamic(`catalogue.price.${tariff.unit}`, { price: money(tariff.monthlyPrice) })}</p>
              {tariff.additionalUnitDiscountPercent > 0 && (
                <p className="m-0 text-sm text-ink-muted">{t('catalogue.additional', { percent: tariff.additionalUnitDiscountPercent })}</p>
              )}
              {unlocks.length > 0 && (
                <div className="text-sm">
                  <span className="text-ink-muted">{t('catalogue.unlocks')}: </span>
                  <span data-unlocks>{unlocks.join(', ')}</span>
                </div>
              )}
              <div className="mt-auto">
                <button type="button" className={buttonClass} disabled={added} aria-label={added ? undefined : t('catalogue.addLabel', { name })} onClick={() => onAdd(tariff.id)}>
                  {added ? t('catalogue.inCart') : t('catalogue.add')}
                </button>
              </div>
            </li>
          );
        })}
      </ul>
      {trial && (
        <p className="m-0 mt-3 text-sm text-ink-muted">
          {t('catalogue.trial', { days: trial.days, name: tariffName(t, trial.tariff), price: money(trial.amount) })}
        </p>
      )}
    </>
  );
}
