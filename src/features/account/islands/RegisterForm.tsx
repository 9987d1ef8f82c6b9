import { loadChunk } from '../../../shared/lazy.ts';
import { useEffect, useState, type FormEvent } from 'react';
import { createT } from '../../../i18n/translate.ts';
import { toSystemLanguage } from '../../../i18n/locales.ts';
import { DEFAULT_COUNTRY_ID } from '../../../shared/countries.ts';
import { browserOffset } from '../../../shared/time-zones.ts';
import { CountrySelect } from './RegionFields.tsx';
import { usePhoneExample } from './phone-hint.ts';
import { checkTerms, type FieldError } from '../../../shared/validation/rules.ts';
import { startSession } from '../../../scripts/shell-session.ts';
import { $session, register } from '../../../stores/session.ts';
import { afterSignIn, queryParam } from './navigation.ts';
import type { AccountProps } from './props.ts';
import { Checkbox, FormMessage, SubmitButton, TextField } from '../../../ui/field.tsx';
import { explainFieldErrors, explainProblem } from '../../../api/explain-problem.ts';
import { referralOfAddress, reportReferralVisit } from '../../partners/visit.ts';

interface RegisterProps extends AccountProps {
  /** Set on /account/register/{yclients|altegio}/{applicationId}: the id is read from the URL. */
  marketplace?: 'Yclients' | 'Altegio';
  /** The system's connections screen: the marketplace's `salon_id` goes there with the application id, to be linked. */
  marketplaceNext?: string;
}

export default function RegisterForm({ locale, messages, links, countryRequired, marketplace, marketplaceNext }: RegisterProps) {
  const t = createT(locale, messages);
  const [form, setForm] = useState({ email: '', password: '', confirmPassword: '', phone: '', countryId: '', terms: false });
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [failure, setFailure] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const phoneExample = usePhoneExample(locale, form.countryId);
  const set = (key: keyof typeof form) => (e: { target: HTMLInputElement | HTMLSelectElement }) =>
    setForm({ ...form, [key]: e.target instanceof HTMLInputElement && e.target.type === 'checkbox' ? e.target.checked : e.target.value });
  useEffect(() => void reportReferralVisit(location.search), []); // a referral link's visit (docs/partners.md)

  async function submit(event: FormEvent) {
    event.preventDefault();
    if (busy) return;
    const countryId = form.countryId === '' ? undefined : Number(form.countryId);
    // The phone rules' metadata is loaded on the first submit, keeping the page's initial JS small.
    const rules = await loadChunk(() => import('../../../shared/validation/register-form.ts')).catch(() => null);
    if (!rules) return setFailure(t('server.network'));
    const { validateRegister } = rules;
    const ruleErrors: FieldError[] = [...validateRegister({ ...form, countryId }, { countryRequired }), ...[checkTerms(form.terms)].filter((e): e is FieldError => !!e)];
    setErrors(explainFieldErrors(ruleErrors, t));
    setFailure(null);
    if (ruleErrors.length) return;
    setBusy(true);
    startSession();
    const applicationId = marketplace ? location.pathname.split('/').filter(Boolean).at(-1) : undefined;
    const ok = await register({
      email: form.email.trim(),
      password: form.password,
      confirmPassword: form.confirmPassword,
      phone: form.phone.trim(),
      countryId: countryId ?? (countryRequired ? undefined : DEFAULT_COUNTRY_ID),
      utmTag: queryParam('utm') || queryParam('utm_source') || null,
      timeZoneOffset: browserOffset(), // §9: the business zone starts as the browser's offset in hours
      language: toSystemLanguage(locale), // the account keeps the language its owner signed up in
      marketplace: marketplace && applicationId ? { system: marketplace, applicationId } : undefined,
      ...referralOfAddress(location.search),
    }).catch(() => false);
    const salonId = queryParam('salon_id');
    // The redirect's signed user data goes on with the ids: the screen's link is refused without it.
    if (ok && marketplaceNext && applicationId && salonId) {
      const install = { salon_id: salonId, application_id: applicationId, user_data: queryParam('user_data'), user_data_sign: queryParam('user_data_sign') };
      return location.assign(`${marketplaceNext}?${new URLSearchParams(install)}`);
    }
    if (ok) return location.assign(afterSignIn(links.home));
    setBusy(false);
    setFailure(explainProblem($session.get().authProblem, t));
  }

  return (
    <form noValidate onSubmit={submit} className="flex flex-col gap-4" aria-label={t('register.submit')}>
      {marketplace && <p className="m-0 text-ink-muted">{t('register.marketplace', { system: marketplace === 'Yclients' ? 'YCLIENTS' : 'Altegio' })}</p>}
      {failure && <FormMessage kind="error">{failure}</FormMessage>}
      <TextField label={t('email')} type="email" name="email" autoComplete="email" required value={form.email} error={errors.email} onChange={set('email')} />
      <TextField label={t('password')} type="password" name="password" autoComplete="new-password" required value={form.password} error={errors.password} onChange={set('password')} />
      <TextField label={t('confirmPassword')} type="password" name="confirmPassword" autoComplete="new-password" required value={form.confirmPassword} error={errors.confirmPassword} onChange={set('confirmPassword')} />
      <TextField label={t('phone')} type="tel" name="phone" autoComplete="tel" required value={form.phone} error={errors.phone} hint={t('phoneHint', { example: phoneExample })} onChange={set('phone')} />
      {countryRequired && (
        <CountrySelect t={t} id="register-country" locale={locale} value={form.countryId} error={errors.countryId} onChange={(countryId) => setForm({ ...form, countryId })} />
      )}
      <Checkbox label={t('terms')} name="terms" checked={form.terms} error={errors.terms} onChange={set('terms')} />
      <SubmitButton busy={busy} busyLabel={t('working')}>{t('register.submit')}</SubmitButton>
      <p className="m-0">{t('register.haveAccount')} <a href={links.login} className="text-brand-dark underline">{t('register.login')}</a></p>
    </form>
  );
}
