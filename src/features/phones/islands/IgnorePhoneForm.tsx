import { useMemo, useState, type FormEvent } from 'react';
import { createT } from '../../../i18n/translate.ts';
import { addByLink, explain, phoneError } from '../store.ts';
import type { InsightsProps } from './props.ts';
import { FormMessage, SubmitButton, TextField } from '../../../ui/field.tsx';

/** The public page /il/{encUserGuid}: anyone with the link adds a number to the business's blacklist. */
export default function IgnorePhoneForm(props: InsightsProps) {
  const t = useMemo(() => createT(props.locale, props.messages), [props.locale, props.messages]);
  const [phone, setPhone] = useState('');
  const [error, setError] = useState<string>();
  const [result, setResult] = useState<{ kind: 'error' | 'success'; text: string } | null>(null);
  const [busy, setBusy] = useState(false);

  async function submit(event: FormEvent) {
    event.preventDefault();
    if (busy) return;
    setResult(null);
    setBusy(true);
    const invalid = await phoneError(t, phone);
    setError(invalid);
    if (invalid) return setBusy(false);
    const token = location.pathname.split('/').filter(Boolean).at(-1) ?? '';
    const { data, error: problem, response } = await addByLink(token, phone).catch(() => ({ data: undefined, error: undefined, response: undefined }));
    setBusy(false);
    if (data) {
      setResult({ kind: 'success', text: t('public.done') });
      setPhone('');
      return;
    }
    const { fields, message } = explain(t, problem, response?.status);
    setError(fields.phone);
    if (message) setResult({ kind: 'error', text: message });
  }

  return (
    <form noValidate onSubmit={submit} className="flex flex-col gap-4" aria-label={t('public.submit')}>
      <p className="m-0 text-ink-muted">{t('public.intro')}</p>
      {result && <FormMessage kind={result.kind}>{result.text}</FormMessage>}
      <TextField label={t('add.phone')} hint={t('add.phoneHint')} type="tel" name="phone" autoComplete="tel" required value={phone} error={error} onChange={(e) => setPhone(e.target.value)} />
      <SubmitButton busy={busy} busyLabel={t('working')}>{t('public.submit')}</SubmitButton>
    </form>
  );
}
