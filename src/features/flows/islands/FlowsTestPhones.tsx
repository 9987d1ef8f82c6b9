import { useState } from 'react';
import type { T } from '../../../i18n/translate.ts';
import type { Locale } from '../../../i18n/locales.ts';
import { useOwnerPhoneExample } from '../../account/islands/phone-hint.ts';
import { explainProblem } from '../../../api/explain-problem.ts';
import { setTestPhones, type BulkResult } from '../store.ts';
import { buttonClass, inputClass, secondaryButtonClass } from '../../../ui/classes.ts';

/** The first number that breaks the shared §5 rule (an empty item between commas counts), or null. */
async function firstBadNumber(value: string): Promise<string | null> {
  // Loaded on demand: the rule carries the phone metadata the list itself does not need.
  const { checkTestPhones } = await import('../../../shared/flows/validate.ts');
  if (!checkTestPhones(value)) return null;
  const parts = value.split(',').map((p) => p.trim());
  return parts.find((p) => p === '' || checkTestPhones(p)) ?? '';
}

interface Props {
  t: T;
  locale: Locale;
  count: number;
  onDone: (result: BulkResult | undefined) => void;
  onCancel: () => void;
}

/** Changes the test numbers of the selected flows: comma-separated, each checked before anything is sent. */
export default function FlowsTestPhones({ t, locale, count, onDone, onCancel }: Props) {
  const example = useOwnerPhoneExample(locale);
  const [value, setValue] = useState('');
  const [error, setError] = useState('');
  const [busy, setBusy] = useState(false);

  const submit = async () => {
    setBusy(true);
    const bad = await firstBadNumber(value);
    if (bad !== null) {
      setError(t('testPhones.invalid', { value: bad || '—' }));
      setBusy(false);
      return;
    }
    const out = await setTestPhones(value.trim());
    setBusy(false);
    if (out.problem !== undefined) {
      if (out.problem) setError(explainProblem(out.problem, t, { prefixes: ['server.'] }));
      else onDone(undefined);
      return;
    }
    onDone(out.data);
  };

  return (
    <form
      aria-labelledby="flows-phones-title"
      className="border border-gray-200 rounded p-3 mb-3 grid gap-2 max-w-xl"
      onSubmit={(e) => (e.preventDefault(), void submit())}
      noValidate
    >
      <h2 id="flows-phones-title" className="text-base font-semibold m-0">{t('testPhones.title', { count })}</h2>
      <label className="flex flex-col gap-1 text-sm font-medium" htmlFor="flows-phones">
        {t('testPhones.label')}
      </label>
      <input
        id="flows-phones"
        className={inputClass}
        value={value}
        onChange={(e) => (setValue(e.target.value), setError(''))}
        placeholder={example}
        inputMode="tel"
        autoComplete="off"
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? 'flows-phones-error' : 'flows-phones-hint'}
        autoFocus
      />
      {error ? (
        <p id="flows-phones-error" className="text-sm text-red-700 m-0" role="alert">{error}</p>
      ) : (
        <p id="flows-phones-hint" className="text-sm text-ink-muted m-0">{t('testPhones.hint')}</p>
      )}
      <div className="flex gap-2">
        <button type="submit" className={buttonClass} disabled={busy}>{t('testPhones.save')}</button>
        <button type="button" className={secondaryButtonClass} onClick={onCancel}>{t('confirm.no')}</button>
      </div>
    </form>
  );
}
