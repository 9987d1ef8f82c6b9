import type { Locale } from '../../../../i18n/locales.ts';
import type { T } from '../../../../i18n/translate.ts';
import { formatMinutes } from '../../../../shared/duration.ts';
import { errorId, FieldError, inputClass, Labelled, NumberInput } from './fields.tsx';
import type { Errors, Flow } from '../../store-editor.ts';

interface Props {
  t: T;
  locale: Locale;
  flow: Flow;
  errors: Errors;
  change: (patch: Partial<Flow>) => void;
}

const pad = (n: number) => String(n).padStart(2, '0');
/** Unix seconds ↔ the value of a datetime-local input, in the browser's time zone. */
const toLocal = (s: number | null) => {
  if (s === null) return '';
  const d = new Date(s * 1000);
  return `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}T${pad(d.getHours())}:${pad(d.getMinutes())}`;
};
const fromLocal = (v: string) => (v ? Math.floor(new Date(v).getTime() / 1000) : null);

/** §3 hours of sending, delay, end date (§5: at least one day from now), first-send flag, group by visit. */
export default function TimingStep({ t, locale, flow, errors, change }: Props) {
  const hours = flow.sendingHours;
  return (
    <div className="grid gap-4 max-w-xl">
      <fieldset className="border border-gray-200 rounded p-3 m-0" aria-describedby={errorId('sendingHours')}>
        <legend className="text-sm font-medium px-1">{t('sendingHours')}</legend>
        <div className="grid grid-cols-2 gap-3">
          <Labelled label={t('from')}>
            <NumberInput value={hours.from} min={0} max={24} field="sendingHours" invalid={!!errors.sendingHours} onChange={(from) => change({ sendingHours: { ...hours, from } })} />
          </Labelled>
          <Labelled label={t('to')}>
            <NumberInput value={hours.to} min={0} max={24} field="sendingHours" invalid={!!errors.sendingHours} onChange={(to) => change({ sendingHours: { ...hours, to } })} />
          </Labelled>
        </div>
        <FieldError t={t} errors={errors} field="sendingHours" />
      </fieldset>
      <div>
        <Labelled label={t('delayMinutes')} hint={flow.delayMinutes >= 60 ? formatMinutes(locale, flow.delayMinutes) : undefined}>
          <NumberInput value={flow.delayMinutes} min={0} field="delayMinutes" invalid={!!errors.delayMinutes} onChange={(delayMinutes) => change({ delayMinutes })} />
        </Labelled>
        <FieldError t={t} errors={errors} field="delayMinutes" />
      </div>
      <div>
        <Labelled label={t('endDate')} hint={t('endDateHint')}>
          <input
            type="datetime-local"
            className={inputClass}
            value={toLocal(flow.endDate)}
            aria-invalid={!!errors.endDate || undefined}
            aria-describedby={errorId('endDate')}
            onChange={(e) => change({ endDate: fromLocal(e.target.value) })}
          />
        </Labelled>
        <FieldError t={t} errors={errors} field="endDate" />
      </div>
      <label className="flex items-center gap-2 text-sm">
        <input type="checkbox" checked={flow.firstSendOnly} onChange={(e) => change({ firstSendOnly: e.target.checked })} />
        {t('firstSendOnly')}
      </label>
      <label className="flex items-center gap-2 text-sm">
        <input type="checkbox" checked={flow.groupByVisit} onChange={(e) => change({ groupByVisit: e.target.checked })} />
        {t('groupByVisit')}
      </label>
    </div>
  );
}
