import type { T } from '../../../i18n/translate.ts';
import { FieldError, Labelled, NumberInput } from './fields.tsx';
import type { Errors, Flow } from './state.ts';

interface Props {
  t: T;
  flow: Flow;
  errors: Errors;
  change: (patch: Partial<Flow>) => void;
}

const RANGES = ['time', 'visitCount', 'spend'] as const;

/** §3 range filters (§5: FROM < TO, or both -1 for "any"). */
export default function FiltersStep({ t, flow, errors, change }: Props) {
  return (
    <div className="grid gap-4 max-w-xl">
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
    </div>
  );
}
