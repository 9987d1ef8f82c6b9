import { loadChunk } from '../../../shared/lazy.ts';
import { useEffect, useState, type FormEvent } from 'react';
import { createT } from '../../../i18n/translate.ts';
import { DEFAULT_COUNTRY_ID } from '../../../shared/countries.ts';
import { CountrySelect, TimeZoneSelect, zoneChoice } from './RegionFields.tsx';
import { usePhoneExample } from './phone-hint.ts';
import { checkCountry, type FieldError } from '../../../shared/validation/rules.ts';
import { currentUser, updateProfile } from '../store.ts';
import type { AccountProps } from './props.ts';
import { FormMessage, SubmitButton, TextField } from '../../../ui/field.tsx';
import { explainFieldErrors, explainProblem } from '../../../api/explain-problem.ts';

/**
 * /account/update: accounts made by Google sign-in add the phone (and country) that registration asks for, and
 * the business time zone (GMT-12 … GMT+12; the browser's offset when the stored zone is still the default, §9).
 */
export default function AccountUpdate({ locale, messages, links, countryRequired }: AccountProps) {
  const t = createT(locale, messages);
  const [phone, setPhone] = useState('');
  const [countryId, setCountryId] = useState('');
  const phoneExample = usePhoneExample(locale, countryId);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [failure, setFailure] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const [zone, setZone] = useState('');
  const [kept, setKept] = useState<{ zone: string; offset: number } | null>(null);

  useEffect(() => {
    currentUser().then(({ data }) => {
      if (!data) return;
      // What the user typed before the answer came wins over what the server has.
      setPhone((typed) => typed || (data.phoneNumber ?? ''));
      setCountryId((chosen) => chosen || (data.countryId === null ? '' : String(data.countryId)));
      const choice = zoneChoice(data.timeZone, data.timeZoneOffset, true);
      setKept(choice.kept);
      setZone((chosen) => chosen || choice.zone);
    }).catch(() => undefined);
  }, []);

  async function submit(event: FormEvent) {
    event.preventDefault();
    if (busy) return;
    const country = countryId === '' ? undefined : Number(countryId);
    const phoneRules = await loadChunk(() => import('../../../shared/validation/phone.ts')).catch(() => null);
    if (!phoneRules) return setFailure(t('server.network'));
    const { checkPhone } = phoneRules;
    const found = [checkPhone(phone, 'phoneNumber'), checkCountry(country, countryRequired)].filter((e): e is FieldError => !!e);
    setErrors(explainFieldErrors(found, t));
    if (found.length) return;
    setBusy(true);
    const timeZoneOffset = zone === '' ? undefined : Number(zone);
    const { data, error } = await updateProfile({ phoneNumber: phone.trim(), countryId: country ?? DEFAULT_COUNTRY_ID, timeZoneOffset })
      .catch(() => ({ data: undefined, error: undefined }));
    if (data) return location.assign(links.home);
    setBusy(false);
    setErrors(explainFieldErrors(error?.errors, t));
    setFailure(explainProblem(error, t));
  }

  return (
    <form noValidate onSubmit={submit} className="flex flex-col gap-4 max-w-md" aria-label={t('update.submit')}>
      <p className="m-0 text-ink-muted">{t('update.intro')}</p>
      {failure && <FormMessage kind="error">{failure}</FormMessage>}
      <TextField label={t('phone')} type="tel" name="phoneNumber" autoComplete="tel" required value={phone} hint={t('phoneHint', { example: phoneExample })} error={errors.phoneNumber} onChange={(e) => setPhone(e.target.value)} />
      <CountrySelect t={t} id="update-country" locale={locale} value={countryId} error={errors.countryId} onChange={setCountryId} />
      <TimeZoneSelect t={t} value={zone} kept={kept} onChange={setZone} />
      <div><SubmitButton busy={busy} busyLabel={t('working')}>{t('update.submit')}</SubmitButton></div>
    </form>
  );
}
