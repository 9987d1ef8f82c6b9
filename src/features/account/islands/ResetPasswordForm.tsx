import { useEffect, useState, type FormEvent } from 'react';
import { createT } from '../../../i18n/translate.ts';
import { validateResetPassword } from '../../../shared/validation/forms.ts';
import { resetPassword } from '../store.ts';
import { queryParam } from './navigation.ts';
import type { AccountProps } from './props.ts';
import { FormMessage, SubmitButton, TextField } from '../../../ui/field.tsx';
import { explainFieldErrors, explainProblem } from '../../../api/explain-problem.ts';

export default function ResetPasswordForm({ locale, messages, links }: AccountProps) {
  const t = createT(locale, messages);
  // The mailed link carries email and code; both stay editable for someone typing the code by hand.
  const [form, setForm] = useState({ email: '', code: '', newPassword: '', confirmPassword: '' });
  useEffect(() => setForm((f) => ({ ...f, email: queryParam('email'), code: queryParam('code') })), []);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [result, setResult] = useState<{ kind: 'error' | 'success'; text: string } | null>(null);
  const [busy, setBusy] = useState(false);
  const set = (key: keyof typeof form) => (e: { target: HTMLInputElement }) => setForm({ ...form, [key]: e.target.value });

  async function submit(event: FormEvent) {
    event.preventDefault();
    if (busy) return;
    const ruleErrors = validateResetPassword(form, { requireConfirmation: true });
    setErrors(explainFieldErrors(ruleErrors, t));
    // 'Not all fields are filled' and 'Passwords don't match' concern the form as a whole (§5).
    const formLevel = ruleErrors.find((e) => e.code === 'notAllFieldsFilled' || e.code === 'passwordsDontMatch');
    setResult(formLevel ? { kind: 'error', text: explainProblem(formLevel, t) } : null);
    if (ruleErrors.length) return;
    setBusy(true);
    const { data, error } = await resetPassword({ email: form.email.trim(), code: form.code.trim(), newPassword: form.newPassword, confirmPassword: form.confirmPassword })
      .catch(() => ({ data: undefined, error: undefined }));
    setBusy(false);
    if (data) setResult({ kind: 'success', text: t('server.passwordChanged') });
    else setResult({ kind: 'error', text: explainProblem(error, t) });
  }

  const done = result?.kind === 'success';
  return (
    <form noValidate onSubmit={submit} className="flex flex-col gap-4" aria-label={t('reset.submit')}>
      <p className="m-0 text-ink-muted">{t('reset.intro')}</p>
      {result && <FormMessage kind={result.kind}>{result.text}</FormMessage>}
      {done ? (
        <a href={links.login} className="text-brand-dark underline">{t('reset.login')}</a>
      ) : (
        <>
          <TextField label={t('email')} type="email" name="email" autoComplete="email" required value={form.email} error={errors.email} onChange={set('email')} />
          <TextField label={t('code')} name="code" autoComplete="one-time-code" required value={form.code} error={errors.code} onChange={set('code')} />
          <TextField label={t('newPassword')} type="password" name="newPassword" autoComplete="new-password" required value={form.newPassword} error={errors.newPassword} onChange={set('newPassword')} />
          <TextField label={t('confirmPassword')} type="password" name="confirmPassword" autoComplete="new-password" required value={form.confirmPassword} error={errors.confirmPassword} onChange={set('confirmPassword')} />
          <SubmitButton busy={busy} busyLabel={t('working')}>{t('reset.submit')}</SubmitButton>
        </>
      )}
    </form>
  );
}
