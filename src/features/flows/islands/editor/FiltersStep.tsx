import type { T } from '../../../../i18n/translate.ts';
import { MultiPick, useBookingLists } from './BookingPicks.tsx';
import { FieldError, Labelled, NumberInput } from './fields.tsx';
import type { Errors, Flow } from '../../store-editor.ts';

interface Props {
  t: T;
  flow: Flow;
  errors: Errors;
  change: (patch: Partial<Flow>) => void;
}

const RANGES = ['time', 'visitCount', 'spend'] as const;
const CHANGES = ['date', 'time', 'master', 'services'] as const;

/** §3 filters: masters and services from the booking model, range filters (§5: FROM < TO, or both -1 for "any"),
 * and the change-consideration switches (which edits of a booking make a changed-record flow send). */
export default function FiltersStep({ t, flow, errors, change }: Props) {
  const lists = useBookingLists();
  const cc = flow.changeConsideration;
  return (
    <div className="grid gap-4 max-w-xl">
      <MultiPick t={t} name="masters" lists={lists} selected={flow.filters.masters} onChange={(masters) => change({ filters: { ...flow.filters, masters } })} />
      <MultiPick t={t} name="services" lists={lists} selected={flow.filters.services} onChange={(services) => change({ filters: { ...flow.filters, services } })} />
      <p className="text-sm text-ink-muted m-0">{t('rangeHint')}</p>
      {RANGES.map((name) => {
        const field = `filters.${name}`;
        const range = flow.filters[name];
        const set = (patch: Partial<typeof range>) => change({ filters: { ...flow.filters, [name]: { ...range, ...patch } } });
        return (
          <fieldset key={name} className="border border-gray-200 rounded p-3 m-0">
            <legend className="text-sm font-medium px-1">{t(`filter.${name}`)}</legend>
            <div className="grid grid-cols-2 gap-3">
              <Labelled label={t('from')}>
                <NumberInput value={range.from} min={-1} field={field} invalid={!!errors[field]} onChange={(from) => set({ from })} />
              </Labelled>
              <Labelled label={t('to')}>
                <NumberInput value={range.to} min={-1} field={field} invalid={!!errors[field]} onChange={(to) => set({ to })} />
              </Labelled>
            </div>
            <FieldError t={t} errors={errors} field={field} />
          </fieldset>
        );
      })}
      <fieldset className="border border-gray-200 rounded p-3 m-0" aria-describedby="change-hint">
        <legend className="text-sm font-medium px-1">{t('changeTitle')}</legend>
        <p id="change-hint" className="text-sm text-ink-muted m-0 mb-2">{t('changeHint')}</p>
        {CHANGES.map((name) => (
          <label key={name} className="flex items-center gap-2 text-sm">
            <input type="checkbox" role="switch" checked={cc[name]} onChange={(e) => change({ changeConsideration: { ...cc, [name]: e.target.checked } })} />
            {t(`change.${name}`)}
          </label>
        ))}
      </fieldset>
    </div>
  );
}
