import { useMemo } from 'react';
import { createT } from '../../../i18n/translate.ts';
import { notify } from '../../../scripts/notify.ts';
import { Field, TextField } from '../../../ui/field.tsx';
import { Select } from '../../../ui/select.tsx';
import { useStore } from '@nanostores/react';
import { $twilio, addTwilioAccount, deleteTwilioAccount, loadTwilioAccounts, type TwilioAccount, type TwilioInput } from '../store.ts';
import type { ConnectionsProps } from './props.ts';
import { StateBadge } from './StateBadge.tsx';
import { ProviderList } from './ProviderList.tsx';
import { useAddForm } from './use-add-form.ts';

const EMPTY = { name: '', accountSid: '', authToken: '', phone: '', channel: 'sms' };

/** §2 /accounts/twilio: the owner's Twilio senders (SMS or WhatsApp); the auth token only masked once saved. */
export default function TwilioAccounts(props: ConnectionsProps) {
  const t = useMemo(() => createT(props.locale, props.messages), [props.locale, props.messages]);
  const list = useStore($twilio);
  const form = useAddForm<keyof typeof EMPTY, TwilioAccount>(t, EMPTY, ['accountSid', 'authToken', 'phone']);
  const { values, errors, set } = form;
  const nameOf = (a: TwilioAccount) => a.name || a.phone;

  const onSubmit = form.submit(
    (v) => addTwilioAccount({ ...v, channel: v.channel as TwilioInput['channel'] }),
    (row) => notify('success', t('twilio.added', { name: nameOf(row) })),
  );

  return (
    <ProviderList
      t={t}
      kind="twilio"
      list={list}
      load={loadTwilioAccounts}
      remove={deleteTwilioAccount}
      emptyIcon="i-lucide-message-square"
      nameOf={nameOf}
      form={{
        ...form,
        onSubmit,
        fields: (
          <>
            <TextField label={t('twilio.name')} hint={t('twilio.nameHint')} name="name" maxLength={64} autoComplete="off" value={values.name} error={errors.name} onChange={set('name')} />
            <TextField label={t('twilio.accountSid')} hint={t('twilio.accountSidHint')} name="accountSid" maxLength={64} autoComplete="off" spellCheck={false} required value={values.accountSid} error={errors.accountSid} onChange={set('accountSid')} />
            <TextField label={t('twilio.authToken')} hint={t('twilio.authTokenHint')} type="password" name="authToken" maxLength={128} autoComplete="new-password" required value={values.authToken} error={errors.authToken} onChange={set('authToken')} />
            <TextField label={t('twilio.phone')} hint={t('twilio.phoneHint')} type="tel" name="phone" maxLength={40} autoComplete="off" required value={values.phone} error={errors.phone} onChange={set('phone')} />
            <Field label={t('twilio.channel')} hint={t('twilio.channelHint')}>
              {(id) => <Select id={id} name="channel" value={values.channel} onChange={set('channel')} options={[{ value: 'sms', label: t('twilio.sms') }, { value: 'whatsapp', label: t('twilio.whatsapp') }]} />}
            </Field>
          </>
        ),
      }}
      columns={[
        { header: t('col.name'), cell: nameOf },
        { header: t('twilio.accountSid'), cell: (a) => <span className="font-mono text-xs break-all">{a.accountSid}</span> },
        { header: t('twilio.authToken'), cell: (a) => <span className="font-mono" data-masked>{a.authTokenMasked}</span> },
        { header: t('twilio.phone'), cell: (a) => a.phone.replace(/^whatsapp:/, ''), className: 'whitespace-nowrap' },
        { header: t('twilio.channel'), cell: (a) => t(a.channel === 'whatsapp' ? 'twilio.whatsapp' : 'twilio.sms') },
        { header: t('col.state'), cell: (a) => <StateBadge t={t} number={a} reason={a.lastError === 'credentialsUnreadable' ? t('twilio.unreadable') : undefined} /> },
      ]}
    />
  );
}
