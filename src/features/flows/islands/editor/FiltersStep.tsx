import { useState } from 'react';
import type { T } from '../../../../i18n/translate.ts';
import { CLIENT_CATEGORIES, DELIVERY_TYPES, LAPSED_DAYS, ORDER_STATUSES, RECORD_STATUSES } from '../../../../shared/flows/filters.ts';
import { flowSource } from '../../../../shared/flows/types.ts';
import { ChoiceGroup, MultiPick, useBookingLists } from './BookingPicks.tsx';
import { errorId, FieldError, inputClass, Labelled, RangeFields } from './fields.tsx';
import type { Errors, Flow } from '../../store-editor.ts';

interface Props {
  t: T;
  flow: Flow;
  errors: Errors;
  change: (patch: Partial<Flow>) => void;
}

const RANGES = ['time', 'visitCount', 'spend'] as const;
const CHANGES = ['date', 'time', 'master', 'services'] as const;

const words = (text: string) => text.split(',').map((w) => w.trim()).filter(Boolean);

/**
 * §3 filters: masters and services from the booking model (booking flows), visit or order statuses, delivery types
 * (order flows), client categories, category words, range filters (§5: FROM < TO, or both -1 for "any"), and the
 * change-consideration switches (which edits of a booking make a changed-record flow send). docs/flows.md "Filters".
 */
export default function FiltersStep({ t, flow, errors, change }: Props) {
  const lists = useBookingLists();
  const cc = flow.changeConsideration;
  const orders = flowSource(flow, flow.type) === 'orders';
  const set = (patch: Partial<Flow['filters']>) => change({ filters: { ...flow.filters, ...patch } });
  const choices = (values: readonly string[], prefix: string) => values.map((id) => ({ id, label: t.dynamic(`${prefix}.${id}`) }));
  // The categories box keeps what is typed (a trailing comma, spaces) and stores the words.
  const [categories, setCategories] = useState(flow.filters.categories.join(', '));
  return (
    <div className="grid gap-4 max-w-xl">
      {!orders && <MultiPick t={t} name="masters" lists={lists} selected={flow.filters.masters} onChange={(masters) => set({ masters })} />}
      {!orders && <MultiPick t={t} name="services" lists={lists} selected={flow.filters.services} onChange={(services) => set({ services })} />}
      <div>
        <Labelled label={t('filter.categories')} hint={t(orders ? 'categoriesHintOrders' : 'categoriesHint')}>
          <input
            className={inputClass}
            value={categories}
            aria-invalid={!!errors['filters.categories'] || undefined}
            aria-describedby={errorId('filters.categories')}
            onChange={(e) => (setCategories(e.target.value), set({ categories: words(e.target.value) }))}
          />
        </Labelled>
        <FieldError t={t} errors={errors} field="filters.categories" />
      </div>
      {(['statuses', 'types', 'clientCategory'] as const).map((name) => {
        if (name === 'types' && !orders) return null; // a booking record has no type
        const options =
          name === 'statuses' ? choices(orders ? ORDER_STATUSES : RECORD_STATUSES, orders ? 'orderStatus' : 'recordStatus')
          : name === 'types' ? choices(DELIVERY_TYPES, 'deliveryType')
          : choices(CLIENT_CATEGORIES, 'clientCategory');
        return (
          <ChoiceGroup
            key={name}
            legend={t(`filter.${name}`)}
            hint={t(`filterHint.${name}`, { days: LAPSED_DAYS })}
            name={name}
            options={options}
            selected={flow.filters[name]}
            onChange={(v) => set({ [name]: v })}
            errorField={`filters.${name}`}
            error={<FieldError t={t} errors={errors} field={`filters.${name}`} />}
          />
        );
      })}
      <p className="text-sm text-ink-muted m-0">{t('rangeHint')}</p>
      {RANGES.map((name) => (
        <RangeFields key={name} t={t} legend={t(`filter.${name}`)} field={`filters.${name}`} range={flow.filters[name]} errors={errors} onChange={(range) => set({ [name]: range })} />
      ))}
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
