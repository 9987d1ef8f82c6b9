import type { T } from '../../../../i18n/translate.ts';
import { BUTTON_TYPES, type ButtonType } from '../../../../shared/flows/kinds.ts';
import { MAX_BUTTONS } from '../../../../shared/flows/validate-core.ts';
import { errorId, FieldError, inputClass } from './fields.tsx';
import type { Errors, Flow } from '../../store-editor.ts';

interface Props {
  t: T;
  flow: Flow;
  errors: Errors;
  change: (patch: Partial<Flow>) => void;
}

const secondary = 'px-3 py-1.5 rounded text-sm border border-gray-300 bg-white text-ink hover:bg-gray-100 cursor-pointer disabled:opacity-50 disabled:cursor-not-allowed';
/** §5: only simple-answer buttons can be used; URL and call buttons are shown, disabled. */
const ENABLED_TYPES: readonly ButtonType[] = ['simpleAnswer'];

/** §3 buttons: at most 3, one per type. */
export default function ButtonsStep({ t, flow, errors, change }: Props) {
  const buttons = flow.buttons;
  const set = (i: number, patch: Partial<Flow['buttons'][number]>) => change({ buttons: buttons.map((b, j) => (j === i ? { ...b, ...patch } : b)) });
  const used = new Set(buttons.map((b) => b.type));

  return (
    <div className="grid gap-4">
      <p className="text-sm text-ink-muted m-0">{t('buttonsHint', { max: MAX_BUTTONS })}</p>
      <div role="group" aria-label={t('addButton')} className="flex flex-wrap gap-2">
        {BUTTON_TYPES.map((type) => {
          const allowed = ENABLED_TYPES.includes(type);
          return (
            <button
              key={type}
              type="button"
              className={secondary}
              disabled={!allowed || used.has(type) || buttons.length >= MAX_BUTTONS}
              aria-describedby={allowed ? undefined : 'buttons-unavailable'}
              onClick={() => change({ buttons: [...buttons, { type, text: '', enabled: true, value: null }] })}
            >
              + {t(`buttonType.${type}`)}
            </button>
          );
        })}
      </div>
      <p id="buttons-unavailable" className="text-xs text-ink-muted m-0">{t('buttonsUnavailable')}</p>
      <FieldError t={t} errors={errors} field="buttons" />
      {buttons.length === 0 && <p className="text-sm m-0">{t('noButtons')}</p>}
      <ol className="grid gap-3 m-0 p-0 list-none">
        {buttons.map((button, i) => {
          const textField = `buttons.${i}.text`;
          const allowed = ENABLED_TYPES.includes(button.type);
          return (
            <li key={`${button.type}-${i}`} className="border border-gray-200 rounded p-3 grid gap-2 sm:grid-cols-[1fr_auto] items-end">
              <div>
                <label className="flex flex-col gap-1 text-sm font-medium">
                  {t('buttonText', { type: t(`buttonType.${button.type}`) })}
                  <input
                    className={inputClass}
                    value={button.text}
                    maxLength={100}
                    aria-invalid={!!errors[textField] || undefined}
                    aria-describedby={errorId(textField)}
                    onChange={(e) => set(i, { text: e.target.value })}
                  />
                </label>
                <FieldError t={t} errors={errors} field={textField} />
                <FieldError t={t} errors={errors} field={`buttons.${i}.type`} />
                <FieldError t={t} errors={errors} field={`buttons.${i}.enabled`} />
              </div>
              <div className="flex items-center gap-3 pb-1">
                <label className="flex items-center gap-1 text-sm">
                  <input type="checkbox" checked={button.enabled && allowed} disabled={!allowed} onChange={(e) => set(i, { enabled: e.target.checked })} />
                  {t('buttonEnabled')}
                </label>
                <button type="button" className={secondary} onClick={() => change({ buttons: buttons.filter((_, j) => j !== i) })}>
                  {t('removeButton', { type: t(`buttonType.${button.type}`) })}
                </button>
              </div>
            </li>
          );
        })}
      </ol>
    </div>
  );
}
