import { useEffect, useState } from 'react';
import { explainEach } from '../../../api/explain-problem.ts';
import { notify } from '../../../scripts/notify.ts';
import type { AdminSchemas } from '../api.ts';
import { patchUser } from '../store.ts';
import type { AdminProps } from './props.ts';
import { useT } from './useT.ts';
import { Checkbox, Field } from '../../../ui/field.tsx';
import { Section } from '../../../ui/section.tsx';
import { buttonClass, inputClass } from '../../../ui/classes.ts';

type User = AdminSchemas['AdminUser'];
type Patch = AdminSchemas['AdminUserPatch'];

interface Draft {
  phone: string;
  balance: string;
  chatApiInstanceLimit: string;
  countryId: string;
  availableAiReviewsCount: string;
  availableMessagesCount: string;
  fullName: string;
  isYclientsSmsOneTariffEnabled: boolean;
  isDuplication: boolean;
}

const draftOf = (u: User): Draft => ({
  phone: u.phone ?? '',
  balance: String(u.balance),
  chatApiInstanceLimit: String(u.chatApiInstanceLimit),
  countryId: u.countryId == null ? '' : String(u.countryId),
  availableAiReviewsCount: String(u.availableAiReviewsCount),
  availableMessagesCount: String(u.availableMessagesCount),
  fullName: u.fullName ?? '',
  isYclientsSmsOneTariffEnabled: u.isYclientsSmsOneTariffEnabled,
  isDuplication: u.isDuplication,
});

/** Only the fields that changed; numbers are checked here so a typo never reaches the server as NaN. */
function changes(user: User, d: Draft): { patch: Patch; errors: Record<string, string> } {
  const patch: Patch = {};
  const errors: Record<string, string> = {};
  const base = draftOf(user);
  const int = (key: 'chatApiInstanceLimit' | 'availableAiReviewsCount' | 'availableMessagesCount') => {
    if (d[key] === base[key]) return;
    const n = Number(d[key]);
    if (d[key].trim() === '' || !Number.isInteger(n) || n < 0) errors[key] = 'wholeNumber';
    else patch[key] = n;
  };
  if (d.phone !== base.phone && d.phone.trim()) patch.userPhone = d.phone.trim();
  if (d.balance !== base.balance) {
    const n = Number(d.balance.replace(',', '.'));
    if (d.balance.trim() === '' || !Number.isFinite(n)) errors.balance = 'number';
    else patch.balance = n;
  }
  int('chatApiInstanceLimit');
  int('availableAiReviewsCount');
  int('availableMessagesCount');
  if (d.countryId !== base.countryId) {
    const n = Number(d.countryId);
    if (d.countryId.trim() === '') patch.countryId = null;
    else if (!Number.isInteger(n) || n < 0) errors.countryId = 'wholeNumber';
    else patch.countryId = n;
  }
  if (d.fullName !== base.fullName) patch.fullName = d.fullName.trim() || null;
  if (d.isYclientsSmsOneTariffEnabled !== base.isYclientsSmsOneTariffEnabled) patch.isYclientsSmsOneTariffEnabled = d.isYclientsSmsOneTariffEnabled;
  if (d.isDuplication !== base.isDuplication) patch.isDuplication = d.isDuplication;
  return { patch, errors };
}

export function UserFieldsForm(props: AdminProps & { user: User }) {
  const t = useT(props);
  const { user } = props;
  const [draft, setDraft] = useState(() => draftOf(user));
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [busy, setBusy] = useState(false);
  useEffect(() => setDraft(draftOf(user)), [user]);
  const set = <K extends keyof Draft>(key: K, value: Draft[K]) => setDraft((d) => ({ ...d, [key]: value }));

  const save = async () => {
    const { patch, errors: local } = changes(user, draft);
    setErrors(Object.fromEntries(Object.entries(local).map(([k, v]) => [k, t.dynamic(`validation.${v}`)])));
    if (Object.keys(local).length || !Object.keys(patch).length) return;
    setBusy(true);
    const result = await patchUser(user.id, patch);
    setBusy(false);
    if (result && !Object.keys(result).length) {
      notify('success', t('users.saved'));
      return;
    }
    // §8: a failed user update says so; the field the server names is marked too.
    notify('error', t('errors.updateUser'));
    if (result) setErrors(Object.fromEntries(Object.entries(explainEach(result, t)).map(([k, v]) => [k === 'userPhone' ? 'phone' : k, v])));
  };

  const text = (key: 'phone' | 'balance' | 'chatApiInstanceLimit' | 'countryId' | 'availableAiReviewsCount' | 'availableMessagesCount' | 'fullName', type = 'text') => (
    <Field label={t(`user.${key}`)} error={errors[key]}>
      {(id, describedBy) => (
        <input
          id={id}
          type={type}
          inputMode={type === 'number' ? 'decimal' : undefined}
          className={inputClass}
          value={draft[key]}
          aria-invalid={Boolean(errors[key])}
          aria-describedby={describedBy}
          onChange={(e) => set(key, e.target.value)}
        />
      )}
    </Field>
  );

  return (
    <Section title={t('user.title')}>
      <form className="grid gap-3 sm:grid-cols-2" onSubmit={(e) => (e.preventDefault(), void save())}>
        <Field label={t('user.email')}>{(id) => <input id={id} className={inputClass} value={user.email} readOnly />}</Field>
        <Field label={t('user.userGuid')}>{(id) => <input id={id} className={inputClass} value={user.userGuid} readOnly />}</Field>
        {text('fullName')}
        {text('phone', 'tel')}
        {text('balance')}
        {text('chatApiInstanceLimit')}
        {text('countryId')}
        {text('availableAiReviewsCount')}
        {text('availableMessagesCount')}
        <div className="flex flex-col gap-2 justify-end">
          <Checkbox label={t('user.isYclientsSmsOneTariffEnabled')} checked={draft.isYclientsSmsOneTariffEnabled} onValue={(v) => set('isYclientsSmsOneTariffEnabled', v)} />
          <Checkbox label={t('user.isDuplication')} checked={draft.isDuplication} onValue={(v) => set('isDuplication', v)} />
        </div>
        <div className="sm:col-span-2">
          <button type="submit" className={buttonClass} disabled={busy}>{t('user.save')}</button>
        </div>
      </form>
    </Section>
  );
}
