import { loadChunk } from '../../../shared/lazy.ts';
import { useEffect, useState, type FormEvent, type ReactNode } from 'react';
import { createT, type T } from '../../../i18n/translate.ts';
import { fromSystemLanguage, LOCALE_NAMES, LOCALES, toSystemLanguage, type Locale } from '../../../i18n/locales.ts';
import { checkConfirmation, checkCountry, checkEmail, checkPassword, type FieldError } from '../../../shared/validation/rules.ts';
import { CountrySelect, TimeZoneSelect, zoneChoice, type KeptZone } from './RegionFields.tsx';
import { usePhoneExample } from './phone-hint.ts';
import { messages as texts } from '../../../shared/validation/messages.ts';
import { storeTokens } from '../../../api/tokens.ts';
import { notify } from '../../../scripts/notify.ts';
import type { CurrentUser } from '../../../stores/session.ts';
import { changeEmail, changePassword, currentUser, updateProfile } from '../store.ts';
import type { AccountProps } from './props.ts';
import { Checkbox, FormMessage, SubmitButton, TextField } from '../../../ui/field.tsx';
import { explainFieldErrors, explainProblem } from '../../../api/explain-problem.ts';
import type { NamespaceMessages } from '../../../i18n/namespaces.ts';
import type { MessageKey } from '../../../i18n/translate.ts';

type AccountKey = MessageKey<NamespaceMessages['account']>;

interface ProfileProps extends AccountProps {
  /** URL prefix per locale of this brand, for switching the page after a language change. */
  prefixes: Partial<Record<Locale, string>>;
}

type Problem = { message?: string; errors?: { field: string; message: string }[] } | undefined;

/** One section = one change = one call, with its own success or failure toast (§8 account changes). */
// Six saves on one page: only a section with an edit since its last save shows its Save as the primary action.
function Section({ title, busy, submitLabel, t, onSubmit, children }: { title: string; busy: boolean; submitLabel: string; t: T; onSubmit: () => void; children: ReactNode }) {
  const [edited, setEdited] = useState(false);
  useEffect(() => {
    if (!busy) setEdited(false);
  }, [busy]);
  return (
    <form noValidate onSubmit={(e: FormEvent) => (e.preventDefault(), onSubmit())} onInput={() => setEdited(true)} onChange={() => setEdited(true)} className="flex flex-col gap-3 p-4 bg-white rounded-md border border-gray-200" aria-label={title}>
      <h2 className="m-0 text-lg font-semibold">{title}</h2>
      {children}
      <div><SubmitButton busy={busy} busyLabel={t('working')} tone={edited ? 'normal' : 'secondary'}>{submitLabel}</SubmitButton></div>
    </form>
  );
}

export default function ProfileForm({ locale, messages, prefixes }: ProfileProps) {
  const t = createT(locale, messages);
  const [user, setUser] = useState<CurrentUser | null>(null);
  const [loadFailed, setLoadFailed] = useState(false);
  const [busy, setBusy] = useState<string | null>(null);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [email, setEmail] = useState({ newEmail: '', password: '' });
  const [phone, setPhone] = useState('');
  const [passwords, setPasswords] = useState({ currentPassword: '', newPassword: '', confirmPassword: '' });
  const [language, setLanguage] = useState<Locale>(locale);
  const [reports, setReports] = useState({ notSendWeeklyYclientsReports: false, notSendWeeklyIikoReports: false });
  const [region, setRegion] = useState<{ countryId: string; zone: string; kept: KeptZone }>({ countryId: '', zone: '', kept: null });
  const phoneExample = usePhoneExample(locale, region.countryId);

  useEffect(() => {
    currentUser()
      .then(({ data }) => {
        if (!data) return setLoadFailed(true);
        setUser(data);
        setEmail({ newEmail: data.email, password: '' });
        setPhone(data.phoneNumber ?? '');
        setLanguage(fromSystemLanguage(data.language) ?? locale);
        setReports({ notSendWeeklyYclientsReports: data.notSendWeeklyYclientsReports, notSendWeeklyIikoReports: data.notSendWeeklyIikoReports });
        setRegion({ countryId: data.countryId === null ? '' : String(data.countryId), ...zoneChoice(data.timeZone, data.timeZoneOffset, false) });
      })
      .catch(() => setLoadFailed(true));
  }, []);

  /** Runs one change: local rules first (nothing is sent when they fail), then the call. */
  async function change(section: string, rules: (FieldError | undefined)[], call: () => Promise<{ data?: unknown; error?: Problem }>, okKey: AccountKey, failKey: AccountKey) {
    const found = rules.filter((r): r is FieldError => !!r);
    setErrors(explainFieldErrors(found, t));
    if (found.length || busy) return false;
    setBusy(section);
    const { data, error } = await call().catch(() => ({ data: undefined, error: undefined }));
    setBusy(null);
    if (data) {
      notify('success', t(okKey));
      return data;
    }
    setErrors(explainFieldErrors(error?.errors, t));
    notify('error', error ? `${t(failKey)}: ${explainProblem(error, t)}` : t(failKey));
    return false;
  }

  if (loadFailed) return <FormMessage kind="error">{t('profile.loadFailed')}</FormMessage>;

  // While the user loads, the same sections stand empty and disabled (from the server on): nothing moves when the
  // values come.
  return (
    <fieldset disabled={!user} aria-busy={!user} className="contents">
      {!user && <p role="status" className="sr-only">{t('profile.loading')}</p>}
      <div className="flex flex-col gap-6 max-w-xl">
        <Section title={t('profile.emailSection')} t={t} busy={busy === 'email'} submitLabel={t('profile.saveEmail')}
          onSubmit={async () => {
            const updated = await change('email', [checkEmail(email.newEmail, 'newEmail'), email.password ? undefined : { field: 'password', code: 'passwordRequired', message: texts.passwordRequired }],
              () => changeEmail({ newEmail: email.newEmail.trim(), password: email.password }), 'server.emailChanged', 'server.emailChangeFailed');
            if (updated) setUser(updated as CurrentUser);
            setEmail((e) => ({ ...e, password: '' }));
          }}>
          <p className="m-0 text-sm text-ink-muted">{t('profile.emailHint')}</p>
          <TextField label={t('newEmail')} type="email" name="newEmail" autoComplete="email" value={email.newEmail} error={errors.newEmail} onChange={(e) => setEmail({ ...email, newEmail: e.target.value })} />
          <TextField label={t('currentPassword')} type="password" name="emailPassword" autoComplete="current-password" value={email.password} error={errors.password} onChange={(e) => setEmail({ ...email, password: e.target.value })} />
        </Section>

        <Section title={t('profile.phoneSection')} t={t} busy={busy === 'phone'} submitLabel={t('profile.savePhone')}
          onSubmit={async () => {
            const phoneRules = await loadChunk(() => import('../../../shared/validation/phone.ts')).catch(() => null);
            if (!phoneRules) return notify('error', t('server.network'));
            const { checkPhone } = phoneRules;
            const updated = await change('phone', [checkPhone(phone, 'phoneNumber')], () => updateProfile({ phoneNumber: phone.trim() }), 'server.phoneChanged', 'server.phoneChangeFailed');
            if (updated) setPhone((updated as CurrentUser).phoneNumber ?? '');
          }}>
          <TextField label={t('phone')} type="tel" name="phoneNumber" autoComplete="tel" value={phone} hint={t('phoneHint', { example: phoneExample })} error={errors.phoneNumber} onChange={(e) => setPhone(e.target.value)} />
        </Section>

        <Section title={t('profile.passwordSection')} t={t} busy={busy === 'password'} submitLabel={t('profile.savePassword')}
          onSubmit={async () => {
            const result = await change('password',
              [passwords.currentPassword ? undefined : { field: 'currentPassword', code: 'passwordRequired', message: texts.passwordRequired }, checkPassword(passwords.newPassword, 'newPassword'), checkConfirmation(passwords.newPassword, passwords.confirmPassword)],
              () => changePassword(passwords), 'server.passwordChanged', 'server.passwordChangeFailed');
            if (result) storeTokens(localStorage, result as { token: string; refreshToken: string });
            setPasswords({ currentPassword: '', newPassword: '', confirmPassword: '' });
          }}>
          <TextField label={t('currentPassword')} type="password" name="currentPassword" autoComplete="current-password" value={passwords.currentPassword} error={errors.currentPassword} onChange={(e) => setPasswords({ ...passwords, currentPassword: e.target.value })} />
          <TextField label={t('newPassword')} type="password" name="newPassword" autoComplete="new-password" value={passwords.newPassword} error={errors.newPassword} onChange={(e) => setPasswords({ ...passwords, newPassword: e.target.value })} />
          <TextField label={t('confirmPassword')} type="password" name="confirmPassword" autoComplete="new-password" value={passwords.confirmPassword} error={errors.confirmPassword} onChange={(e) => setPasswords({ ...passwords, confirmPassword: e.target.value })} />
        </Section>

        <Section title={t('profile.languageSection')} t={t} busy={busy === 'language'} submitLabel={t('profile.saveLanguage')}
          onSubmit={async () => {
            const ok = await change('language', [], () => updateProfile({ language: toSystemLanguage(language) }), 'server.languageChanged', 'server.languageChangeFailed');
            if (!ok || language === locale || !(language in prefixes)) return;
            localStorage.setItem('locale', language);
            const rest = location.pathname.slice((prefixes[locale] ?? '').length) || '/';
            location.assign((prefixes[language] ?? '') + rest);
          }}>
          <label htmlFor="profile-language" className="font-medium">{t('profile.language')}</label>
          <select id="profile-language" value={language} onChange={(e) => setLanguage(e.target.value as Locale)} className="px-3 py-2 rounded-md border border-gray-400 bg-white">
            {LOCALES.map((l) => <option key={l} value={l} lang={l}>{LOCALE_NAMES[l]}</option>)}
          </select>
        </Section>

        <Section title={t('profile.regionSection')} t={t} busy={busy === 'region'} submitLabel={t('profile.saveRegion')}
          onSubmit={() => {
            const countryId = region.countryId === '' ? undefined : Number(region.countryId);
            const timeZoneOffset = region.zone === '' ? undefined : Number(region.zone);
            return change('region', [checkCountry(countryId, timeZoneOffset === undefined)], () => updateProfile({ ...(countryId === undefined ? {} : { countryId }), ...(timeZoneOffset === undefined ? {} : { timeZoneOffset }) }), 'profile.regionChanged', 'profile.regionChangeFailed');
          }}>
          <CountrySelect t={t} id="profile-country" locale={locale} value={region.countryId} error={errors.countryId} onChange={(countryId) => setRegion({ ...region, countryId })} />
          <TimeZoneSelect t={t} value={region.zone} kept={region.kept} onChange={(zone) => setRegion({ ...region, zone })} />
        </Section>

        <Section title={t('profile.reportsSection')} t={t} busy={busy === 'reports'} submitLabel={t('profile.saveReports')}
          onSubmit={() => change('reports', [], () => updateProfile(reports), 'server.reportSettingsChanged', 'server.reportSettingsChangeFailed')}>
          <Checkbox label={t('profile.noYclientsReports')} checked={reports.notSendWeeklyYclientsReports} onChange={(e) => setReports({ ...reports, notSendWeeklyYclientsReports: e.target.checked })} />
          <Checkbox label={t('profile.noIikoReports')} checked={reports.notSendWeeklyIikoReports} onChange={(e) => setReports({ ...reports, notSendWeeklyIikoReports: e.target.checked })} />
        </Section>
      </div>
    </fieldset>
  );
}
