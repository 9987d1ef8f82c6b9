import { lazy, Suspense, useEffect } from 'react';
import { useStore } from '@nanostores/react';
import type { T } from '../../../../i18n/translate.ts';
import { Select } from '../../../../ui/select.tsx';
import { $whatsApp, displayPhone, isConnected, loadNumbers } from '../../../connections/store.ts';
import { $waba, loadWabaAccounts } from '../../../connections/store-waba.ts';
import { errorId, FieldError } from './fields.tsx';
import type { Errors, Flow } from '../../store-editor.ts';

interface Props {
  t: T;
  flow: Flow;
  errors: Errors;
  change: (patch: Partial<Flow>) => void;
}

/** The template picker is only needed once a WhatsApp Business account is chosen: not initial JS. */
const WabaTemplate = lazy(() => import('./WabaTemplate.tsx'));

/**
 * The flow's sending number (`connectionId`, docs/connections.md "Which connection"): the owner's WhatsApp numbers
 * from the connections store, after the default (null: the first connected number at send time), then the owner's
 * WhatsApp Business accounts, which bring their template picker (docs/flows.md "WhatsApp Business template").
 */
export default function SendFrom({ t, flow, errors, change }: Props) {
  const list = useStore($whatsApp);
  const waba = useStore($waba);
  useEffect(() => {
    void loadNumbers();
    void loadWabaAccounts();
  }, []);

  const options = list.numbers.map((n) => {
    const label = [n.name, displayPhone(n.phone)].filter(Boolean).join(' ');
    return { value: n.id, label: isConnected(n.state) ? label : t('sendFromOff', { name: label }) };
  });
  for (const a of waba.items) {
    const label = t('waba.option', { name: a.name });
    options.push({ value: a.id, label: isConnected(a.state) ? label : t('sendFromOff', { name: label }) });
  }
  const chosen = flow.connectionId ?? null;
  const isWaba = (id: number | null) => id !== null && waba.items.some((a) => a.id === id);
  // Another connection clears the template (the server does the same); the same account keeps it.
  const choose = (id: number | null) =>
    change(isWaba(id) ? { connectionId: id, ...(id === chosen ? {} : { wabaTemplate: null, wabaVariables: [] }) } : { connectionId: id, wabaTemplate: null, wabaVariables: [] });
  // A number the list does not hold (not loaded, or not WhatsApp) stays choosable rather than silently dropped.
  if (chosen !== null && !options.some((o) => o.value === chosen)) options.push({ value: chosen, label: `#${chosen}` });

  return (
    <div>
      <label className="flex flex-col gap-1 text-sm font-medium">
        {t('sendFrom')}
        <Select
          name="connectionId"
          options={options}
          placeholder={t('sendFromDefault')}
          value={chosen ?? ''}
          aria-invalid={!!errors.connectionId || undefined}
          aria-describedby={`connectionId-hint ${errorId('connectionId')}`}
          onChange={(e) => choose(e.target.value ? Number(e.target.value) : null)}
        />
      </label>
      <p id="connectionId-hint" className="text-xs text-ink-muted m-0 mt-1">{list.failed ? t('sendFromFailed') : isWaba(chosen) ? t('waba.hint') : t('sendFromHint')}</p>
      {chosen === null && flow.wabaTemplate && <p className="text-sm text-amber-800 m-0 mt-1" role="status">{t('waba.accountDeleted')}</p>}
      <FieldError t={t} errors={errors} field="connectionId" />
      {isWaba(chosen) && (
        <Suspense fallback={null}>
          <div className="mt-3">
            <WabaTemplate t={t} flow={flow} errors={errors} change={change} connectionId={chosen!} />
          </div>
        </Suspense>
      )}
    </div>
  );
}
