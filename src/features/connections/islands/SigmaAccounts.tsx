import { useMemo } from 'react';
import { useStore } from '@nanostores/react';
import { createT } from '../../../i18n/translate.ts';
import { notify } from '../../../scripts/notify.ts';
import { TextField } from '../../../ui/field.tsx';
import { $sigma, addSigmaAccount, deleteSigmaAccount, loadSigmaAccounts, type SigmaAccount } from '../store.ts';
import type { ConnectionsProps } from './props.ts';
import { StateBadge } from './StateBadge.tsx';
import { ProviderList } from './ProviderList.tsx';
import { useAddForm } from './use-add-form.ts';

const EMPTY = { login: '', password: '', sender: '' };

/** §2 /accounts/sigma: the owner's Sigma SMS accounts (login, sender name); the password only masked once saved. */
export default function SigmaAccounts(props: ConnectionsProps) {
  const t = useMemo(() => createT(props.locale, props.messages), [props.locale, props.messages]);
  const list = useStore($sigma);
  const form = useAddForm<keyof typeof EMPTY, SigmaAccount>(t, EMPTY, ['login', 'password', 'sender']);
  const { values, errors, set } = form;
  const onSubmit = form.submit(addSigmaAccount, (row) => notify('success', t('sigma.added', { name: row.login })));

  return (
    <ProviderList
      t={t}
      kind="sigma"
      list={list}
      load={loadSigmaAccounts}
      remove={deleteSigmaAccount}
      emptyIcon="i-lucide-message-square-text"
      nameOf={(a) => a.login}
      form={{
        ...form,
        onSubmit,
        fields: (
          <>
            <TextField label={t('sigma.login')} name="login" maxLength={100} autoComplete="off" required value={values.login} error={errors.login} onChange={set('login')} />
            <TextField label={t('sigma.password')} type="password" name="password" maxLength={128} autoComplete="new-password" required value={values.password} error={errors.password} onChange={set('password')} />
            <TextField label={t('sigma.sender')} hint={t('sigma.senderHint')} name="sender" maxLength={15} autoComplete="off" required value={values.sender} error={errors.sender} onChange={set('sender')} />
          </>
        ),
      }}
      columns={[
        { header: t('sigma.login'), cell: (a) => a.login },
        { header: t('sigma.sender'), cell: (a) => a.sender },
        { header: t('sigma.password'), cell: (a) => <span className="font-mono" data-masked>{a.passwordMasked}</span> },
        { header: t('col.state'), cell: (a) => <StateBadge t={t} number={a} reason={a.lastError === 'credentialsUnreadable' ? t('sigma.unreadable') : undefined} /> },
      ]}
    />
  );
}
