import { MultiPick, useBookingLists } from '../../../flows/islands/editor/BookingPicks.tsx';
import { RangeFields } from '../../../flows/islands/editor/fields.tsx';
import type { ClientFilters } from '../../store-editor.ts';
import type { StepProps } from './LazyStep.tsx';
import Segments from './Segments.tsx';

const RANGES = ['visitCount', 'spend', 'lastVisitDays'] as const;

/**
 * The client base through filters: visits, spend and days since the last visit as FROM/TO ranges and the masters
 * and services picked from the owner's lists (the flow editor's parts), with saved audiences to reuse them.
 */
export default function ClientAudience(props: StepProps) {
  const { te, tp, dist, errors, changeDist, running } = props;
  const lists = useBookingLists();
  // A hand edit no longer matches the saved audience it came from.
  const set = (patch: Partial<ClientFilters>) => changeDist({ filters: { ...dist.filters, ...patch }, segmentId: null });
  return (
    <fieldset className="border-0 p-0 m-0 grid gap-4" disabled={running}>
      <legend className="text-base font-semibold mb-2">{te('filtersTitle')}</legend>
      <Segments {...props} />
      <p className="text-sm text-ink-muted m-0">{tp('rangeHint')}</p>
      {RANGES.map((name) => (
        <RangeFields
          key={name}
          t={tp}
          legend={name === 'lastVisitDays' ? te('lastVisitDays') : tp(`filter.${name}`)}
          field={`filters.${name}`}
          range={dist.filters[name]}
          errors={errors}
          onChange={(range) => set({ [name]: range })}
        />
      ))}
      <MultiPick t={tp} name="masters" lists={lists} selected={dist.filters.masters} onChange={(masters) => set({ masters })} />
      <MultiPick t={tp} name="services" lists={lists} selected={dist.filters.services} onChange={(services) => set({ services })} />
    </fieldset>
  );
}
