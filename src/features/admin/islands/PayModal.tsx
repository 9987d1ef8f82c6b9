import { useEffect, useRef, useState } from 'react';
import { notify } from '../../../scripts/notify.ts';
import { loadPayLookups, PAYMENT_DEFAULTS, savePay, type Payment, type PaymentInput, type PayLookups } from '../store-pays.ts';
import type { AdminProps } from './props.ts';
import { useT } from './useT.ts';
import { Checkbox, Field } from '../../../ui/field.tsx';
import { buttonClass, inputClass, secondaryButtonClass } from '../../../ui/classes.ts';
import { dateInputToUnix, unixToDateInput } from '../../../ui/format.ts';
import { tariffLabel } from './helpers.ts';

const CURRENCIES = ['RUB', 'USD', 'EUR', 'KZT', 'UAH', 'BRL'];
const TARIFFS = Array.from({ length: 34 }, (_, i) => i);
const DATES = ['dateBeginUnixTime', 'dateEndUnixTime', 'paymentDayUnixTime', 'lastDateNotifyUnixTime'] as const;
const TEXTS = ['promocode', 'orderId', 'paymentId', 'reason', 'yoomoneySubscriptionId'] as const;

interface Draft {
  dates: Record<(typeof DATES)[number], string>;
  texts: Record<(typeof TEXTS)[number], string>;
  comment: string;
  amount: string;
  currency: string;
  tariff: number;
  success: boolean;
  isFree: boolean;
  isAutoPay: boolean;
  managerId: string;
  payDestinationId: string;
  instanceIds: number[];
  internalYclientsCompaniesIds: number[];
  iikoOrganizationsIds: string[];
  medFlexLpuIds: number[];
}

function draftOf(p: Payment | null): Draft {
  return {
    dates: Object.fromEntries(DATES.map((k) => [k, unixToDateInput(p?.[k])])) as Draft['dates'],
    texts: Object.fromEntries(TEXTS.map((k) => [k, p?.[k] ?? ''])) as Draft['texts'],
    comment: p?.comment ?? '',
    amount: String(p?.amount ?? PAYMENT_DEFAULTS.amount),
    currency: p?.currency ?? PAYMENT_DEFAULTS.currency,
    tariff: p?.tariff ?? PAYMENT_DEFAULTS.tariff,
    success: p?.success ?? PAYMENT_DEFAULTS.success,
    isFree: p?.isFree ?? false,
    isAutoPay: p?.isAutoPay ?? false,
    managerId: p?.managerId == null ? '' : String(p.managerId),
    payDestinationId: p?.payDestinationId == null ? '' : String(p.payDestinationId),
    instanceIds: p?.instanceIds ?? [],
    internalYclientsCompaniesIds: p?.internalYclientsCompaniesIds ?? [],
    iikoOrganizationsIds: p?.iikoOrganizationsIds ?? [],
    medFlexLpuIds: p?.medFlexLpuIds ?? [],
  };
}

function bodyOf(d: Draft): PaymentInput {
  const blank = (v: string) => (v.trim() === '' ? null : v.trim());
  return {
    ...(Object.fromEntries(DATES.map((k) => [k, dateInputToUnix(d.dates[k])])) as Pick<PaymentInput, (typeof DATES)[number]>),
    ...(Object.fromEntries(TEXTS.map((k) => [k, blank(d.texts[k])])) as Pick<PaymentInput, (typeof TEXTS)[number]>),
    comment: blank(d.comment),
    amount: Number(d.amount.replace(',', '.')),
    currency: d.currency,
    tariff: d.tariff,
    success: d.success,
    isFree: d.isFree,
    isAutoPay: d.isAutoPay,
    managerId: d.managerId ? Number(d.managerId) : null,
    payDestinationId: d.payDestinationId ? Number(d.payDestinationId) : null,
    instanceIds: d.instanceIds,
    internalYclientsCompaniesIds: d.internalYclientsCompaniesIds,
    iikoOrganizationsIds: d.iikoOrganizationsIds,
    medFlexLpuIds: d.medFlexLpuIds,
  };
}

const toggle = <V,>(list: V[], value: V, on: boolean) => (on ? [...new Set([...list, value])] : list.filter((v) => v !== value));

/** §4 admin payment modal: add or edit; a successful save closes it and the list reloads at page 1. */
export default function PayModal(props: AdminProps & { userId: number; pay: Payment | null; onClose: () => void }) {
  const t = useT(props);
  const dialog = useRef<HTMLDialogElement>(null);
  const [draft, setDraft] = useState(() => draftOf(props.pay));
  const [lookups, setLookups] = useState<PayLookups | null>(null);
  const [amountError, setAmountError] = useState('');
  const [busy, setBusy] = useState(false);

  useEffect(() => {
    dialog.current?.showModal();
    void loadPayLookups(props.userId).then(setLookups);
  }, [props.userId]);

  const set = <K extends keyof Draft>(key: K, value: Draft[K]) => setDraft((d) => ({ ...d, [key]: value }));
  const save = async () => {
    const amount = Number(draft.amount.replace(',', '.'));
    if (draft.amount.trim() === '' || !Number.isFinite(amount) || amount < 0) return setAmountError(t('validation.nonNegative'));
    setAmountError('');
    setBusy(true);
    const ok = await savePay(props.userId, props.pay?.id ?? null, bodyOf(draft));
    setBusy(false);
    if (!ok) return void notify('error', t('errors.addPayment')); // §8
    notify('success', t('pays.saved'));
    props.onClose();
  };

  const a = lookups?.accounts;
  const choices = <V extends string | number>(label: string, key: 'instanceIds' | 'internalYclientsCompaniesIds' | 'iikoOrganizationsIds' | 'medFlexLpuIds', items: { value: V; text: string }[]) => (
    <fieldset className="border border-gray-200 rounded p-2 m-0">
      <legend className="text-sm font-medium px-1">{label}</legend>
      {items.length === 0 ? (
        <span className="text-xs text-ink-muted">{t('accounts.none')}</span>
      ) : (
        items.map((item) => (
          <Checkbox
            key={item.value}
            label={item.text}
            checked={(draft[key] as V[]).includes(item.value)}
            onValue={(on) => set(key, toggle(draft[key] as V[], item.value, on) as never)}
          />
        ))
      )}
    </fieldset>
  );

  return (
    <dialog
      ref={dialog}
      aria-labelledby="pay-modal-title"
      className="w-[min(46rem,calc(100vw-2rem))] max-h-[90vh] overflow-y-auto rounded-lg border border-gray-300 p-0 backdrop:bg-black/40"
      onClose={props.onClose}
    >
      <form className="p-4 grid gap-3 sm:grid-cols-2" onSubmit={(e) => (e.preventDefault(), void save())}>
        <h2 id="pay-modal-title" className="sm:col-span-2 text-lg font-semibold m-0">
          {props.pay ? t('pays.editTitle', { id: props.pay.id }) : t('pays.addTitle')}
        </h2>
        <Field label={t('pays.field.amount')} error={amountError}>
          {(id, describedBy) => <input id={id} className={inputClass} inputMode="decimal" value={draft.amount} aria-invalid={Boolean(amountError)} aria-describedby={describedBy} onChange={(e) => set('amount', e.target.value)} />}
        </Field>
        <Field label={t('pays.field.currency')}>
          {(id) => (
            <select id={id} className={inputClass} value={draft.currency} onChange={(e) => set('currency', e.target.value)}>
              {[...new Set([draft.currency, ...CURRENCIES])].map((c) => <option key={c} value={c}>{c}</option>)}
            </select>
          )}
        </Field>
        <Field label={t('pays.field.tariff')}>
          {(id) => (
            <select id={id} className={inputClass} value={draft.tariff} onChange={(e) => set('tariff', Number(e.target.value))}>
              {TARIFFS.map((n) => <option key={n} value={n}>{tariffLabel(t, n)}</option>)}
            </select>
          )}
        </Field>
        <div className="flex flex-col gap-1 justify-end">
          <Checkbox label={t('pays.field.success')} checked={draft.success} onValue={(v) => set('success', v)} />
          <Checkbox label={t('pays.field.isFree')} checked={draft.isFree} onValue={(v) => set('isFree', v)} />
          <Checkbox label={t('pays.field.isAutoPay')} checked={draft.isAutoPay} onValue={(v) => set('isAutoPay', v)} />
        </div>
        {DATES.map((k) => (
          <Field key={k} label={t(`pays.field.${k}`)}>
            {(id) => <input id={id} type="date" className={inputClass} value={draft.dates[k]} onChange={(e) => set('dates', { ...draft.dates, [k]: e.target.value })} />}
          </Field>
        ))}
        <Field label={t('pays.field.payDestination')}>
          {(id) => (
            <select id={id} className={inputClass} value={draft.payDestinationId} onChange={(e) => set('payDestinationId', e.target.value)}>
              <option value="">{t('pays.none')}</option>
              {lookups?.destinations.map((d) => <option key={d.id} value={d.id}>{d.name}</option>)}
            </select>
          )}
        </Field>
        <Field label={t('pays.field.manager')}>
          {(id) => (
            <select id={id} className={inputClass} value={draft.managerId} onChange={(e) => set('managerId', e.target.value)}>
              <option value="">{t('pays.none')}</option>
              {lookups?.managers
                .filter((m) => !m.isFired || String(m.id) === draft.managerId)
                .map((m) => <option key={m.id} value={m.id}>{m.isFired ? t('lead.fired', { name: m.name }) : m.name}</option>)}
            </select>
          )}
        </Field>
        {choices(t('pays.field.instances'), 'instanceIds', (a?.chatApiAccounts ?? []).map((x) => ({ value: x.id, text: x.phone })))}
        {choices(t('pays.field.companies'), 'internalYclientsCompaniesIds', (a?.yclientsCompanies ?? []).map((x) => ({ value: x.id, text: x.companyName })))}
        {choices(t('pays.field.iikoOrganizations'), 'iikoOrganizationsIds', (a?.iikoOrganizations ?? []).map((x) => ({ value: x.id, text: x.title })))}
        {choices(t('pays.field.clinicBranches'), 'medFlexLpuIds', (a?.medFlexLpus ?? []).map((x) => ({ value: x.id, text: x.name })))}
        {TEXTS.map((k) => (
          <Field key={k} label={t(`pays.field.${k}`)}>
            {(id) => <input id={id} className={inputClass} value={draft.texts[k]} onChange={(e) => set('texts', { ...draft.texts, [k]: e.target.value })} />}
          </Field>
        ))}
        <div className="sm:col-span-2">
          <Field label={t('pays.field.comment')}>
            {(id) => <textarea id={id} className={inputClass} rows={2} value={draft.comment} onChange={(e) => set('comment', e.target.value)} />}
          </Field>
        </div>
        <div className="sm:col-span-2 flex gap-2 justify-end">
          <button type="button" className={secondaryButtonClass} onClick={() => dialog.current?.close()}>{t('common.cancel')}</button>
          <button type="submit" className={buttonClass} disabled={busy}>{t('pays.save')}</button>
        </div>
      </form>
    </dialog>
  );
}
