import { useId, useState } from 'react';
import { notify } from '../../../../scripts/notify.ts';
import { FormMessage, SubmitButton, TextField } from '../../../../ui/field.tsx';
import { connectAccount, loadOverview, type BookingAccount, type ConnectInput } from '../../store-booking-systems.ts';
import { useAddForm } from '../use-add-form.ts';
import type { BookingContext } from './texts.ts';

const EMPTY = { login: '', password: '', userToken: '' };
type By = ConnectInput['by'];

/**
 * Connect by the system's login and password (the usual way; the server trades them for a user token) or by a user
 * token the owner already has (a toggle). Problems show at their field or under the form; a limit or a missing
 * partner key found only now reads the overview again, which then shows its notice instead of the form.
 */
export function ConnectForm({ ctx, titleId, onConnected }: { ctx: BookingContext; titleId: string; onConnected: (row: BookingAccount) => void }) {
  const { t, named, system } = ctx;
  const [by, setBy] = useState<By>('password');
  const form = useAddForm<keyof typeof EMPTY, BookingAccount>(t, EMPTY, by === 'token' ? ['userToken'] : ['login', 'password']);
  const { values, errors, set } = form;
  const groupId = useId();
  const onSubmit = form.submit(
    async (v) => {
      const result = await connectAccount({ by, ...v });
      const code = result.problem?.code;
      if (code === 'accountLimitReached' || code === 'bookingPartnerNotConfigured') await loadOverview(system, true);
      return result;
    },
    (row) => {
      notify('success', t('bookingSystems.form.connected', { name: row.name }));
      onConnected(row);
    },
  );

  return (
    <form noValidate onSubmit={onSubmit} aria-labelledby={titleId} className="border border-gray-200 rounded p-3 mb-4 bg-white flex flex-col gap-3" data-booking-connect>
      <h2 id={titleId} className="text-base font-semibold m-0">{t('bookingSystems.form.title', named)}</h2>
      <fieldset className="border-0 p-0 m-0 flex flex-wrap gap-4">
        <legend className="text-sm font-medium mb-1">{t('bookingSystems.form.by')}</legend>
        {(['password', 'token'] as const).map((mode) => (
          <label key={mode} className="inline-flex items-center gap-2 text-sm cursor-pointer">
            <input type="radio" name={`${groupId}-by`} value={mode} checked={by === mode} onChange={() => setBy(mode)} />
            {t(mode === 'token' ? 'bookingSystems.form.byToken' : 'bookingSystems.form.byPassword')}
          </label>
        ))}
      </fieldset>
      <div className="grid gap-3 max-w-2xl sm:grid-cols-2">
        {by === 'password' ? (
          <>
            <TextField label={t('bookingSystems.form.login', named)} hint={t('bookingSystems.form.loginHint', named)} name="login" maxLength={254} autoComplete="off" required value={values.login} error={errors.login} onChange={set('login')} />
            <TextField label={t('bookingSystems.form.password', named)} hint={t('bookingSystems.form.passwordHint')} type="password" name="password" maxLength={128} autoComplete="new-password" required value={values.password} error={errors.password} onChange={set('password')} />
          </>
        ) : (
          <TextField label={t('bookingSystems.form.userToken')} hint={t('bookingSystems.form.userTokenHint', named)} type="password" name="userToken" minLength={8} maxLength={256} autoComplete="off" required value={values.userToken} error={errors.userToken} onChange={set('userToken')} />
        )}
      </div>
      {form.problem && <FormMessage kind="error">{form.problem}</FormMessage>}
      <div>
        <SubmitButton busy={form.busy} busyLabel={t('working')}>{t('bookingSystems.form.submit')}</SubmitButton>
      </div>
    </form>
  );
}
