import { useEffect, useRef } from 'react';
import type { T } from '../../../i18n/translate.ts';
import { notify } from '../../../scripts/notify.ts';
import { secondaryButtonClass } from '../../../ui/classes.ts';
import { FormMessage, SubmitButton, TextField } from '../../../ui/field.tsx';
import { replaceWabaKey, type WabaAccount } from '../store-waba.ts';
import { useAddForm } from './use-add-form.ts';

/**
 * A new 360dialog key for an account whose key was revoked or changed: the account keeps its id (the flows that
 * send through it), errors show at the field, and a save closes the form (docs/connections.md "Replacing the key").
 */
export function WabaReplaceKey({ t, account, onClose }: { t: T; account: WabaAccount; onClose: () => void }) {
  const form = useAddForm<'apiKey', WabaAccount>(t, { apiKey: '' }, ['apiKey']);
  const titleId = `waba-replace-${account.id}`;
  const field = useRef<HTMLDivElement>(null);
  // Opened from the row: the keyboard goes straight to the key.
  useEffect(() => field.current?.querySelector('input')?.focus(), []);
  const onSubmit = form.submit(
    ({ apiKey }) => replaceWabaKey(account.id, apiKey),
    (row) => {
      notify('success', t('waba.replaced', { name: row.name }));
      onClose();
    },
  );

  return (
    <form noValidate onSubmit={onSubmit} aria-labelledby={titleId} className="border border-gray-200 rounded p-3 my-4 bg-white flex flex-col gap-3" data-replace-key={account.id}>
      <h3 id={titleId} className="text-base font-semibold m-0">{t('waba.replaceTitle', { name: account.name })}</h3>
      <p className="m-0 text-sm text-ink-muted">{t('waba.replaceIntro')}</p>
      <div className="max-w-md" ref={field}>
        <TextField label={t('waba.newApiKey')} hint={t('waba.apiKeyHint')} type="password" name="apiKey" maxLength={200} autoComplete="new-password" required value={form.values.apiKey} error={form.errors.apiKey} onChange={form.set('apiKey')} />
      </div>
      {form.problem && <FormMessage kind="error">{form.problem}</FormMessage>}
      <div className="flex gap-2">
        <SubmitButton busy={form.busy} busyLabel={t('working')}>{t('waba.replaceSubmit')}</SubmitButton>
        <button type="button" className={secondaryButtonClass} onClick={onClose}>{t('waba.create.cancel')}</button>
      </div>
    </form>
  );
}
