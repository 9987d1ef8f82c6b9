import { useState, type FormEvent } from 'react';
import { createT } from '../../../i18n/translate.ts';
import { validateForgotPassword } from '../../../shared/validation/forms.ts';
import { forgotPassword } from '../store.ts';
import type { AccountProps } from './props.ts';
import { FormMessage, SubmitButton, TextField } from '../../../ui/field.tsx';
import { explainFieldErrors, explainProblem } from '../../../api/explain-problem.ts';

export default function ForgotPasswordForm({ locale, messages, links }: AccountProps) {
  const t = createT(locale, messages);
  const [email, setEmail] = useState('');
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [result, setResult] = useState<{ kind: 'error' | 'success'; text: string } | null>(null);
  const [busy, setBusy] = useState(false);

  async function submit(event: FormEvent) {
    event.preventDefault();
    if (busy) return;
    const found = explainFieldErrors(validateForgotPassword({ email }), t);
    setErrors(found);
    setResult(null);
    if (Object.keys(found).length) return;
    setBusy(true);
    const { data, error } = await forgotPassword({ email: email.trim(), clientHost: location.origin }).catch(() => ({ data: undefined, error: undefined }));
    setBusy(false);
    if (data) setResult({ kind: 'success', text: t('server.forgotPasswordSent') });
    else setResult({ kind: 'error', text: explainProblem(error, t) });
  }

  return (
    <form noValidate onSubmit={submit} className="flex flex-col gap-4" aria-label={t('forgot.submit')}>
      <p className="m-0 text-ink-muted">{t('forgot.intro')}</p>
      {result && <FormMessage kind={result.kind}>{result.text}</FormMessage>}
      <TextField label={t('email')} type="email" name="email" autoComplete="email" required value={email} error={errors.email} onChange={(e) => setEmail(e.target.value)} />
      <SubmitButton busy={busy} busyLabel={t('working')}>{t('forgot.submit')}</SubmitButton>
      <a href={links.login} className="text-brand-dark underline">{t('forgot.back')}</a>
    </form>
  );
}
