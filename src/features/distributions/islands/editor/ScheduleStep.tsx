import { useEffect, useMemo, useState } from 'react';
import { loadPreview } from '../../store-editor.ts';
import { errorId, FieldError, inputClass, Labelled, NumberInput } from '../../../flows/islands/editor/fields.tsx';
import { zonedDateInput, zonedDateTime, zonedMidnight } from './format.ts';
import type { StepProps } from './LazyStep.tsx';

const DAYS = [1, 2, 3, 4, 5, 6, 7] as const;
/** §9: 300 a day unless the operator set another maximum (the server's dailyCapTooHigh then names it). */
const CAP_HINT_MAX = 300;

/**
 * When messages go out: ISO days of the week, dispatch hours (the flow's sending hours, in the business time zone),
 * the start date (a day in that zone) and the per-day cap, with the finish estimate the server derives from them.
 */
export default function ScheduleStep({ te, tp, locale, flow, dist, errors, change, changeDist, timeZone, revision }: StepProps) {
  // The estimate of the saved settings (the preview's), read again after each save.
  const [estimate, setEstimate] = useState<number | null | undefined>(dist.finishEstimate);
  useEffect(() => {
    let live = true;
    void loadPreview(dist.id).then((r) => live && 'ok' in r && setEstimate(r.ok.finishEstimate));
    return () => {
      live = false;
    };
  }, [dist.id, revision]);
  // 1 January 2024 was a Monday: ISO day d is 2024-01-0d.
  const dayNames = useMemo(() => {
    const f = new Intl.DateTimeFormat(locale, { weekday: 'long', timeZone: 'UTC' });
    return DAYS.map((d) => f.format(new Date(Date.UTC(2024, 0, d))));
  }, [locale]);
  const hours = flow.sendingHours;
  const toggle = (day: number, on: boolean) => changeDist({ daysOfWeek: on ? [...dist.daysOfWeek, day].sort((a, b) => a - b) : dist.daysOfWeek.filter((d) => d !== day) });
  return (
    <div className="grid gap-4 max-w-xl">
      <fieldset className="border border-gray-200 rounded p-3 m-0" aria-describedby={`days-hint ${errorId('daysOfWeek')}`}>
        <legend className="text-sm font-medium px-1">{te('days')}</legend>
        <p id="days-hint" className="text-sm text-ink-muted m-0 mb-2">{te('daysHint')}</p>
        <ul className="list-none p-0 m-0 flex flex-wrap gap-x-4 gap-y-1">
          {DAYS.map((day, i) => (
            <li key={day}>
              <label className="flex items-center gap-2 text-sm">
                <input type="checkbox" checked={dist.daysOfWeek.includes(day)} onChange={(e) => toggle(day, e.target.checked)} />
                {dayNames[i]}
              </label>
            </li>
          ))}
        </ul>
        <FieldError t={tp} errors={errors} field="daysOfWeek" />
      </fieldset>
      <fieldset className="border border-gray-200 rounded p-3 m-0" aria-describedby={`hours-hint ${errorId('sendingHours')}`}>
        <legend className="text-sm font-medium px-1">{te('hours')}</legend>
        <p id="hours-hint" className="text-sm text-ink-muted m-0 mb-2">{te('hoursHint', { zone: timeZone })}</p>
        <div className="grid grid-cols-2 gap-3">
          <Labelled label={tp('from')}>
            <NumberInput value={hours.from} min={0} max={24} field="sendingHours" invalid={!!errors.sendingHours} onChange={(from) => change({ sendingHours: { ...hours, from } })} />
          </Labelled>
          <Labelled label={tp('to')}>
            <NumberInput value={hours.to} min={0} max={24} field="sendingHours" invalid={!!errors.sendingHours} onChange={(to) => change({ sendingHours: { ...hours, to } })} />
          </Labelled>
        </div>
        <FieldError t={tp} errors={errors} field="sendingHours" />
      </fieldset>
      <div>
        <Labelled label={te('startDate')} hint={te('startDateHint')}>
          <input
            type="date"
            className={inputClass}
            value={zonedDateInput(dist.startDate, timeZone)}
            aria-invalid={!!errors.startDate || undefined}
            aria-describedby={errorId('startDate')}
            onChange={(e) => changeDist({ startDate: zonedMidnight(e.target.value, timeZone) })}
          />
        </Labelled>
        <FieldError t={tp} errors={errors} field="startDate" />
      </div>
      <div>
        <Labelled label={te('dailyCap')} hint={te('dailyCapHint', { max: CAP_HINT_MAX })}>
          <NumberInput value={dist.dailyCap} min={1} max={CAP_HINT_MAX} field="dailyCap" invalid={!!errors.dailyCap} onChange={(dailyCap) => changeDist({ dailyCap })} />
        </Labelled>
        <FieldError t={tp} errors={errors} field="dailyCap" />
      </div>
      <p className="text-sm m-0" role="status">
        {estimate ? te('finish', { date: zonedDateTime(locale, estimate, timeZone) }) : te('finishUnknown')}
      </p>
    </div>
  );
}
