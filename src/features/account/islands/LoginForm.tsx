import { useEffect, useState, type FormEvent } from 'react';
import { useStore } from '@nanostores/react';
import { createT } from '../../../i18n/translate.ts';
import { validateLogin } from '../../../shared/validation/forms.ts';
import { startSession } from '../../../scripts/shell-session.ts';
import { $session, login } from '../../../stores/session.ts';
import { afterSignIn, queryParam } from './navigation.ts';
import type { AccountProps } from './props.ts';
import { GoogleButton } from './GoogleButton.tsx';
import { FormMessage, SubmitButton, TextField } from '../../../ui/field.tsx';
import { explainFieldErrors, explainProblem } from '../../../api/explain-problem.ts';

export default function LoginForm({ locale, messages, links, googleClientId }: AccountProps) {
  const t = createT(locale, messages);
  const session = useStore($session);
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [failed, setFailed] = useState(false);
  const [busy, setBusy] = useState(false);
  // Where a deleted account lands (DeleteAccount.tsx): read after hydration, the page itself is the same for all.
  const [deleted, setDeleted] = useState(false);
  useEffect(() => setDeleted(queryParam('deleted') === '1'), []);

  async function submit(event: FormEvent) {
    event.preventDefault();
    if (busy) return;
    const found = explainFieldErrors(validateLogin({ email, password }), t);
    setErrors(found);
    setFailed(false);
    if (Object.keys(found).length) return;
    setBusy(true);
    startSession();
    const ok = await login(email.trim(), password).catch(() => false);
    if (ok) return location.assign(afterSignIn(links.home));
    setBusy(false);
    setFailed(true);
  }

  // §8: the sign-in view shows 'Invalid email or password'; other problems (rate limit) by their code.
  const authError = session.authError;
  const failure = session.authProblem ? explainProblem(session.authProblem, t) : t('server.invalidCredentials');
  return (
    <form noValidate onSubmit={submit} className="flex flex-col gap-4" aria-label={t('login.submit')}>
      {deleted && !failed && <FormMessage kind="success">{t('deleteAccount.deleted')}</FormMessage>}
      {failed && <FormMessage kind="error">{authError === null ? t('server.network') : failure}</FormMessage>}
      <TextField label={t('email')} type="email" name="email" autoComplete="email" required value={email} error={errors.email}
        onChange={(e) => setEmail(e.target.value)} />
      <TextField label={t('password')} type="password" name="password" autoComplete="current-password" required value={password}
        error={errors.password} hint={t('login.passwordHint')} maxLength={50} onChange={(e) => setPassword(e.target.value)} />
      <SubmitButton busy={busy} busyLabel={t('working')}>{t('login.submit')}</SubmitButton>
      <p className="m-0 flex flex-wrap justify-between gap-2">
        <a href={links.forgotPassword} className="text-brand-dark underline">{t('login.forgot')}</a>
        <a href={links.demo} className="text-brand-dark underline">{t('login.demo')}</a>
      </p>
      <p className="m-0">{t('login.noAccount')} <a href={links.register} className="text-brand-dark underline">{t('login.register')}</a></p>
      {googleClientId && <GoogleButton clientId={googleClientId} label={t('login.google')} />}
    </form>
  );
}
