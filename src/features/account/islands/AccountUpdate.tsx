import { loadChunk } from '../../../shared/lazy.ts';
import { useEffect, useMemo, useState, type FormEvent } from 'react';
import { createT } from '../../../i18n/translate.ts';
import { COUNTRIES, DEFAULT_COUNTRY_ID } from '../../../shared/countries.ts';
import { checkCountry, type FieldError } from '../../../shared/validation/rules.ts';
import { currentUser, updateProfile } from '../store.ts';
import type { AccountProps } from './props.ts';
import { FormMessage, SubmitButton, TextField } from '../../../ui/field.tsx';
import { explainFieldErrors, explainProblem } from '../../../api/explain-problem.ts';

/** /account/update: accounts made by Google sign-in add the phone (and country) that registration asks for. */
export default function AccountUpdate({ locale, messages, links, countryRequired }: AccountProps) {
  const t = createT(locale, messages);
  const [phone, setPhone] = useState('');
  const [countryId, setCountryId] = useState('');
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [failure, setFailure] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const names = useMemo(() => new Intl.DisplayNames([locale], { type: 'region' }), [locale]);

  useEffect(() => {
    currentUser().then(({ data }) => {
      if (!data) return;
      // What the user typed before the answer came wins over what the server has.
      setPhone((typed) => typed || (data.phoneNumber ?? ''));
      setCountryId((chosen) => chosen || (data.countryId === null ? '' : String(data.countryId)));
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
    const { data, error } = await updateProfile({ phoneNumber: phone.trim(), countryId: country ?? DEFAULT_COUNTRY_ID })
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
      <TextField label={t('phone')} type="tel" name="phoneNumber" autoComplete="tel" required value={phone} hint={t('phoneHint')} error={errors.phoneNumber} onChange={(e) => setPhone(e.target.value)} />
      <div className="flex flex-col gap-1">
        <label htmlFor="update-country" className="font-medium">{t('country')}</label>
        <select id="update-country" value={countryId} onChange={(e) => setCountryId(e.target.value)} aria-invalid={errors.countryId ? true : undefined}
          aria-describedby={errors.countryId ? 'update-country-error' : undefined} className="px-3 py-2 rounded-md border border-gray-400 bg-white">
          <option value="">{t('countryPlaceholder')}</option>
          {COUNTRIES.map((c) => <option key={c.id} value={c.id}>{names.of(c.iso)}</option>)}
          <option value={DEFAULT_COUNTRY_ID}>{t('countryOther')}</option>
        </select>
        {errors.countryId && <p id="update-country-error" className="m-0 text-sm text-red-700">{errors.countryId}</p>}
      </div>
      <div><SubmitButton busy={busy} busyLabel={t('working')}>{t('update.submit')}</SubmitButton></div>
    </form>
  );
}
