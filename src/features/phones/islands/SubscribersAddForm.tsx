import { useId, useState, type FormEvent } from 'react';
import type { T } from '../../../i18n/translate.ts';
import type { Locale } from '../../../i18n/locales.ts';
import { useOwnerPhoneExample } from '../../account/islands/phone-hint.ts';
import { notify } from '../../../scripts/notify.ts';
import { explain, phoneError } from '../store.ts';
import { addSubscriber, CHANNELS, type SubscriberChannel } from '../store-subscribers.ts';
import { SubmitButton, TextField } from '../../../ui/field.tsx';
import { inputClass } from '../../../ui/classes.ts';

/** Records a client's consent by phone (the shared §5 phone rule, errors next to the field). */
export function SubscribersAddForm({ t, locale, onAdded }: { t: T; locale: Locale; onAdded: () => Promise<void> }) {
  const example = useOwnerPhoneExample(locale);
  const [phone, setPhone] = useState('');
  const [name, setName] = useState('');
  const [channel, setChannel] = useState<SubscriberChannel>(CHANNELS[0]!);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [busy, setBusy] = useState(false);
  const channelId = useId();

  async function submit(event: FormEvent) {
    event.preventDefault();
    if (busy) return;
    setBusy(true);
    const invalid = await phoneError(t, phone);
    setErrors(invalid ? { phone: invalid } : {});
    if (invalid) return setBusy(false);
    const { data, error, response } = await addSubscriber(phone, name, channel).catch(() => ({ data: undefined, error: undefined, response: undefined }));
    setBusy(false);
    if (!data) {
      const { fields, message } = explain(t, error, response?.status);
      setErrors(fields);
      if (message) notify('error', message);
      return;
    }
    notify('success', t('subscribers.add.added', { phone: `+${data.phone}` }));
    setPhone('');
    setName('');
    await onAdded();
  }

  return (
    <form noValidate onSubmit={submit} aria-labelledby="add-subscriber-title" className="border border-gray-200 rounded p-3 mb-4 bg-white flex flex-col gap-3">
      <div>
        <h2 id="add-subscriber-title" className="text-base font-semibold m-0">{t('subscribers.add.title')}</h2>
        <p className="text-sm text-ink-muted m-0">{t('subscribers.add.hint')}</p>
      </div>
      <div className="grid gap-3 sm:grid-cols-3">
        <TextField label={t('add.phone')} hint={t('add.phoneHint', { example })} type="tel" name="phone" autoComplete="off" required value={phone} error={errors.phone} onChange={(e) => setPhone(e.target.value)} />
        <TextField label={t('subscribers.add.name')} name="name" maxLength={100} autoComplete="off" value={name} error={errors.name} onChange={(e) => setName(e.target.value)} />
        <div className="flex flex-col gap-1">
          <label htmlFor={channelId} className="font-medium">{t('subscribers.channel')}</label>
          <select id={channelId} name="channel" className={`${inputClass} py-2`} value={channel} onChange={(e) => setChannel(e.target.value as SubscriberChannel)}>
            {CHANNELS.map((c) => <option key={c} value={c}>{t(`subscribers.channelName.${c}`)}</option>)}
          </select>
          {errors.channel && <p className="m-0 text-sm text-red-700" data-field-error>{errors.channel}</p>}
        </div>
      </div>
      <div>
        <SubmitButton busy={busy} busyLabel={t('working')}>{t('subscribers.add.submit')}</SubmitButton>
      </div>
    </form>
  );
}
