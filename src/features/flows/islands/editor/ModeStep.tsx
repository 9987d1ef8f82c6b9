import { useState } from 'react';
import { ConfirmDialog } from '../../../../ui/confirm-dialog.tsx';
import type { T } from '../../../../i18n/translate.ts';
import { errorId, FieldError, inputClass } from './fields.tsx';
import SendFrom from './SendFrom.tsx';
import type { Errors, Flow } from '../../store-editor.ts';

interface Props {
  t: T;
  flow: Flow;
  errors: Errors;
  change: (patch: Partial<Flow>) => void;
}

/**
 * §4 mode: test sends to the owner's numbers, combat to clients; moving to combat is confirmed in a modal dialog.
 * The number the flow sends from sits here too, with the test numbers.
 */
export default function ModeStep({ t, flow, errors, change }: Props) {
  const [asking, setAsking] = useState(false);

  return (
    <div className="grid gap-4 max-w-xl">
      <fieldset className="border border-gray-200 rounded p-3 m-0">
        <legend className="text-sm font-medium px-1">{t('mode')}</legend>
        {(['test', 'combat'] as const).map((mode) => (
          <div key={mode} className="py-1 text-sm">
            <label className="flex items-center gap-2 font-medium">
              <input
                type="radio"
                name="flow-mode"
                value={mode}
                checked={flow.mode === mode}
                aria-describedby={`mode-hint-${mode}`}
                onChange={() => (mode === 'combat' ? setAsking(true) : change({ mode }))}
              />
              {t(`modeName.${mode}`)}
            </label>
            <p id={`mode-hint-${mode}`} className="m-0 ml-6 text-ink-muted">{t(`modeHint.${mode}`)}</p>
          </div>
        ))}
      </fieldset>
      <div>
        <label className="flex flex-col gap-1 text-sm font-medium">
          {t('testPhones')}
          <input
            className={inputClass}
            value={flow.testPhones}
            inputMode="tel"
            autoComplete="off"
            aria-invalid={!!errors.testPhones || undefined}
            aria-describedby={`testPhones-hint ${errorId('testPhones')}`}
            onChange={(e) => change({ testPhones: e.target.value })}
          />
        </label>
        <p id="testPhones-hint" className="text-xs text-ink-muted m-0 mt-1">{t('testPhonesHint')}</p>
        <FieldError t={t} errors={errors} field="testPhones" />
      </div>
      <SendFrom t={t} flow={flow} errors={errors} change={change} />
      <ConfirmDialog
        open={asking}
        title={t('combat.title')}
        text={t('combat.text')}
        confirm={t('combat.yes')}
        cancel={t('combat.no')}
        onConfirm={() => change({ mode: 'combat' })}
        onClose={() => setAsking(false)}
        role="dialog"
      />
    </div>
  );
}
