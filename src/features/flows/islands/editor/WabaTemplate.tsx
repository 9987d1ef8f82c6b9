import { useEffect } from 'react';
import { useStore } from '@nanostores/react';
import type { T } from '../../../../i18n/translate.ts';
import { Select } from '../../../../ui/select.tsx';
import { MESSAGE_VARIABLES } from '../../../../shared/flows/variables.ts';
import { templateVariableCount, WABA_FIXED_MAX, type WabaVariable } from '../../../../shared/flows/waba.ts';
import { $wabaTemplates, loadWabaTemplates, sendableTemplates } from '../../store-waba.ts';
import { errorId, FieldError, inputClass } from './fields.tsx';
import type { Errors, Flow } from '../../store-editor.ts';

interface Props {
  t: T;
  flow: Flow;
  errors: Errors;
  change: (patch: Partial<Flow>) => void;
  connectionId: number;
}

const FIXED = 'text';
const keyOf = (t: { name: string; language: string }) => `${t.name}|${t.language}`;

/**
 * A WhatsApp Business account's template for the flow (docs/flows.md "WhatsApp Business template"): one of its
 * approved templates, with its body, and what fills each {{n}} (a message variable or a fixed text).
 */
export default function WabaTemplate({ t, flow, errors, change, connectionId }: Props) {
  const all = useStore($wabaTemplates);
  useEffect(() => void loadWabaTemplates(connectionId), [connectionId]);
  const loaded = all[String(connectionId)];
  const templates = sendableTemplates(loaded?.templates ?? []);
  const chosen = flow.wabaTemplate ?? null;
  const template = chosen ? templates.find((x) => keyOf(x) === keyOf(chosen)) : undefined;
  const count = template ? templateVariableCount(template.body) : 0;
  const mapping = (flow.wabaVariables ?? []) as WabaVariable[];

  const options = templates.map((x) => ({ value: keyOf(x), label: `${x.name} (${x.language})` }));
  // The stored choice stays visible while loading, or after Meta stopped approving it (the server then says why).
  if (chosen && !template) options.push({ value: keyOf(chosen), label: `${chosen.name} (${chosen.language})` });

  const choose = (value: string) => {
    const next = templates.find((x) => keyOf(x) === value);
    change({ wabaTemplate: next ? { name: next.name, language: next.language } : null, wabaVariables: mapping });
  };
  const setValue = (i: number, v: WabaVariable) => {
    const next: WabaVariable[] = Array.from({ length: Math.max(count, mapping.length) }, (_, j) => mapping[j] ?? { text: '' });
    next[i] = v;
    change({ wabaVariables: next });
  };

  return (
    <div className="grid gap-3 border border-gray-200 rounded p-3">
      <div>
        <label className="flex flex-col gap-1 text-sm font-medium">
          {t('waba.template')}
          <Select
            name="wabaTemplate"
            options={options}
            placeholder={loaded ? t('waba.choose') : t('waba.loading')}
            empty={loaded ? (loaded.failed ? t('waba.loadFailed') : t('waba.none')) : undefined}
            value={chosen ? keyOf(chosen) : ''}
            aria-invalid={!!errors.wabaTemplate || undefined}
            aria-describedby={`wabaTemplate-hint ${errorId('wabaTemplate')}`}
            onChange={(e) => choose(e.target.value)}
          />
        </label>
        <p id="wabaTemplate-hint" className="text-xs text-ink-muted m-0 mt-1">{t('waba.window')}</p>
        <FieldError t={t} errors={errors} field="wabaTemplate" />
      </div>
      {template && (
        <figure className="m-0">
          <figcaption className="text-sm font-medium">{t('waba.body')}</figcaption>
          <p className="m-0 mt-1 p-2 rounded bg-gray-50 text-sm whitespace-pre-wrap break-words">{template.body}</p>
        </figure>
      )}
      {count > 0 && (
        <fieldset className="border-0 p-0 m-0 grid gap-2">
          <legend className="text-sm font-medium mb-1">{t('waba.values')}</legend>
          {Array.from({ length: count }, (_, i) => {
            const v = mapping[i];
            const fixed = !v || 'text' in v;
            const field = `wabaVariables.${i}`;
            return (
              <div key={i} className="grid gap-1 sm:grid-cols-2 sm:gap-2 items-start">
                <label className="flex flex-col gap-1 text-sm">
                  {t('waba.variable', { n: i + 1 })}
                  <Select
                    name={field}
                    options={[...MESSAGE_VARIABLES.map((name) => ({ value: name, label: t(`var.${name}`) })), { value: FIXED, label: t('waba.fixed') }]}
                    value={fixed ? FIXED : v.variable}
                    aria-invalid={!!errors.wabaVariables || undefined}
                    aria-describedby={errorId('wabaVariables')}
                    onChange={(e) => setValue(i, e.target.value === FIXED ? { text: '' } : { variable: e.target.value as (typeof MESSAGE_VARIABLES)[number] })}
                  />
                </label>
                {fixed && (
                  <label className="flex flex-col gap-1 text-sm">
                    {t('waba.fixedText', { n: i + 1 })}
                    <input
                      className={inputClass}
                      name={`${field}.text`}
                      value={v && 'text' in v ? v.text : ''}
                      maxLength={WABA_FIXED_MAX}
                      onChange={(e) => setValue(i, { text: e.target.value })}
                    />
                  </label>
                )}
              </div>
            );
          })}
          <FieldError t={t} errors={errors} field="wabaVariables" />
        </fieldset>
      )}
    </div>
  );
}
