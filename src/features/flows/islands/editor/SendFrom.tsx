import { useEffect } from 'react';
import { useStore } from '@nanostores/react';
import type { T } from '../../../../i18n/translate.ts';
import { Select } from '../../../../ui/select.tsx';
import { $whatsApp, displayPhone, isConnected, loadNumbers } from '../../../connections/store.ts';
import { errorId, FieldError } from './fields.tsx';
import type { Errors, Flow } from '../../store-editor.ts';

interface Props {
  t: T;
  flow: Flow;
  errors: Errors;
  change: (patch: Partial<Flow>) => void;
}

/**
 * The flow's sending number (`connectionId`, docs/connections.md "Which connection"): the owner's WhatsApp numbers
 * from the connections store, after the default (null: the first connected number at send time).
 */
export default function SendFrom({ t, flow, errors, change }: Props) {
  const list = useStore($whatsApp);
  useEffect(() => void loadNumbers(), []);

  const options = list.numbers.map((n) => {
    const label = [n.name, displayPhone(n.phone)].filter(Boolean).join(' ');
    return { value: n.id, label: isConnected(n.state) ? label : t('sendFromOff', { name: label }) };
  });
  const chosen = flow.connectionId ?? null;
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
          onChange={(e) => change({ connectionId: e.target.value ? Number(e.target.value) : null })}
        />
      </label>
      <p id="connectionId-hint" className="text-xs text-ink-muted m-0 mt-1">{list.failed ? t('sendFromFailed') : t('sendFromHint')}</p>
      <FieldError t={t} errors={errors} field="connectionId" />
    </div>
  );
}
