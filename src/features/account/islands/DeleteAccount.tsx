import { useState, type FormEvent } from 'react';
import { useStore } from '@nanostores/react';
import { createT } from '../../../i18n/translate.ts';
import { explainFieldErrors, explainProblem } from '../../../api/explain-problem.ts';
import { notify } from '../../../scripts/notify.ts';
import { SubmitButton, TextField } from '../../../ui/field.tsx';
import { deleteAccount } from '../store.ts';
import { $session } from '../../../stores/session.ts';
import { normalizeEmail } from '../../../shared/validation/rules.ts';
import type { AccountProps } from './props.ts';

/**
 * The profile's danger zone (docs/account.md "Deleting the account"): the current password and the account's email
 * typed as confirmation (the label shows it). The server checks both; afterwards the browser is signed out and
 * lands on the sign-in page, which says the account was deleted.
 */
export default function DeleteAccount({ locale, messages, links }: AccountProps) {
  const t = createT(locale, messages);
  // The shell has loaded the signed-in user already; no second request.
  const email = useStore($session).user?.email ?? null;
  const [password, setPassword] = useState('');
  const [confirmation, setConfirmation] = useState('');
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [busy, setBusy] = useState(false);

  if (email === null) return null;

  async function submit(event: FormEvent) {
    event.preventDefault();
    if (busy) return;
    const found = explainFieldErrors(
      [
        ...(password ? [] : [{ field: 'password', code: 'passwordRequired' }]),
        ...(normalizeEmail(confirmation) === normalizeEmail(email!) ? [] : [{ field: 'confirmation', code: 'deleteConfirmationWrong' }]),
      ],
      t,
    );
    setErrors(found);
    if (Object.keys(found).length) return;
    setBusy(true);
    const { response, error } = await deleteAccount({ password, confirmation }).catch(() => ({ response: undefined, error: undefined }));
    if (response?.ok) return location.assign(`${links.login}?deleted=1`);
    setBusy(false);
    setErrors(explainFieldErrors(error?.errors, t));
    notify('error', error ? `${t('deleteAccount.failed')}: ${explainProblem(error, t)}` : t('deleteAccount.failed'));
  }

  return (
    <form noValidate onSubmit={submit} aria-labelledby="delete-account-title" className="flex flex-col gap-3 p-4 mt-6 max-w-xl bg-white rounded-md border-2 border-red-700">
      <h2 id="delete-account-title" className="m-0 text-lg font-semibold text-red-800">{t('deleteAccount.title')}</h2>
      <p className="m-0 text-sm text-red-800">{t('deleteAccount.warning')}</p>
      <TextField label={t('currentPassword')} type="password" name="deletePassword" autoComplete="current-password" value={password} error={errors.password} onChange={(e) => setPassword(e.target.value)} />
      <TextField label={t('deleteAccount.confirmation', { email })} type="email" name="deleteConfirmation" autoComplete="off" value={confirmation} error={errors.confirmation} onChange={(e) => setConfirmation(e.target.value)} />
      <div><SubmitButton tone="danger" busy={busy} busyLabel={t('working')}>{t('deleteAccount.submit')}</SubmitButton></div>
    </form>
  );
}
