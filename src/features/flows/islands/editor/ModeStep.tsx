import { useEffect, useRef, useState } from 'react';
import type { T } from '../../../../i18n/translate.ts';
import { errorId, FieldError, inputClass } from './fields.tsx';
import type { Errors, Flow } from './state.ts';

interface Props {
  t: T;
  flow: Flow;
  errors: Errors;
  change: (patch: Partial<Flow>) => void;
}

const primary = 'px-3 py-1.5 rounded text-sm font-medium bg-red-700 text-white hover:bg-red-800 cursor-pointer border-0';
const secondary = 'px-3 py-1.5 rounded text-sm border border-gray-300 bg-white text-ink hover:bg-gray-100 cursor-pointer';

/** §4 mode: test sends to the owner's numbers, combat to clients; moving to combat is confirmed in a modal dialog. */
export default function ModeStep({ t, flow, errors, change }: Props) {
  const dialog = useRef<HTMLDialogElement>(null);
  const cancel = useRef<HTMLButtonElement>(null);
  const [asking, setAsking] = useState(false);

  useEffect(() => {
    const el = dialog.current;
    if (asking && el && !el.open) {
      el.showModal(); // modal: the page behind is inert, Esc cancels
      cancel.current?.focus(); // the safe choice first
    }
    if (!asking && el?.open) el.close();
  }, [asking]);

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
      <dialog
        ref={dialog}
        aria-labelledby="combat-title"
        aria-describedby="combat-text"
        className="rounded border border-gray-300 p-4 max-w-md backdrop:bg-black/40"
        onClose={() => setAsking(false)}
      >
        <h2 id="combat-title" className="text-base font-semibold m-0">{t('combat.title')}</h2>
        <p id="combat-text" className="text-sm my-2">{t('combat.text')}</p>
        <div className="flex gap-2">
          <button type="button" className={primary} onClick={() => (change({ mode: 'combat' }), setAsking(false))}>{t('combat.yes')}</button>
          <button ref={cancel} type="button" className={secondary} onClick={() => setAsking(false)}>{t('combat.no')}</button>
        </div>
      </dialog>
    </div>
  );
}
