import { useState } from 'react';
import { explainEach } from '../../../api/explain-problem.ts';
import { notify } from '../../../scripts/notify.ts';
import { createPromocode } from '../store-reports.ts';
import type { AdminProps } from './props.ts';
import { useT } from './useT.ts';
import { Checkbox, Field } from '../../../ui/field.tsx';
import { buttonClass, inputClass } from '../../../ui/classes.ts';
import { tariffLabel } from './helpers.ts';

const NUMBERS = ['discountPercent', 'paymentCount', 'paymentsCountByUser', 'minimalUserPayments', 'maxUserPayments', 'rewardSumOwner', 'rewardPercentOwner', 'ownerUserId'] as const;
type NumberField = (typeof NUMBERS)[number];
const OPTIONAL: NumberField[] = ['maxUserPayments', 'ownerUserId'];
const TARIFFS = Array.from({ length: 26 }, (_, i) => i);

/** /admin/promocodes/create (super-admin; the server refuses anyone else with 403). Every §3 promo field. */
export default function AdminPromocodeCreate(props: AdminProps) {
  const t = useT(props);
  const [code, setCode] = useState('');
  const [numbers, setNumbers] = useState<Record<NumberField, string>>({
    discountPercent: '10', paymentCount: '100', paymentsCountByUser: '1', minimalUserPayments: '0', maxUserPayments: '', rewardSumOwner: '0', rewardPercentOwner: '0', ownerUserId: '',
  });
  const [expireDate, setExpireDate] = useState('');
  const [tariffs, setTariffs] = useState<number[]>([]);
  const [network, setNetwork] = useState(false);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [status, setStatus] = useState('');

  const submit = async () => {
    const local: Record<string, string> = {};
    if (!/^[A-Za-z0-9_-]{3,32}$/.test(code)) local.code = t('promo.codeRule');
    const values: Partial<Record<NumberField, number | null>> = {};
    for (const k of NUMBERS) {
      const raw = numbers[k].trim().replace(',', '.');
      if (raw === '' && OPTIONAL.includes(k)) values[k] = null;
      else if (raw === '' || !Number.isFinite(Number(raw)) || Number(raw) < 0) local[k] = t('validation.nonNegative');
      else values[k] = Number(raw);
    }
    setErrors(local);
    if (Object.keys(local).length) return;
    const result = await createPromocode({
      code,
      discountPercent: values.discountPercent!,
      paymentCount: values.paymentCount!,
      paymentsCountByUser: values.paymentsCountByUser!,
      minimalUserPayments: values.minimalUserPayments!,
      maxUserPayments: values.maxUserPayments ?? null,
      rewardSumOwner: values.rewardSumOwner!,
      rewardPercentOwner: values.rewardPercentOwner!,
      ownerUserId: values.ownerUserId ?? null,
      expireDate: expireDate || null,
      availableTariffTypes: tariffs,
      forNetworkCompanies: network,
    });
    if (result === null) return setStatus(t('promo.refused'));
    const shown = explainEach(result, t);
    setErrors(shown);
    if (Object.keys(shown).length) return setStatus(shown[''] ?? t('promo.fix'));
    setStatus('');
    notify('success', t('promo.created', { code: code.toUpperCase() }));
    setCode('');
  };

  return (
    <form className="grid gap-3 sm:grid-cols-2 max-w-3xl bg-white border border-gray-200 rounded-lg p-4" onSubmit={(e) => (e.preventDefault(), void submit())}>
      <Field label={t('promo.field.code')} error={errors.code} hint={t('promo.codeRule')}>
        {(id, describedBy) => <input id={id} className={inputClass} value={code} required aria-invalid={Boolean(errors.code)} aria-describedby={describedBy} onChange={(e) => setCode(e.target.value)} />}
      </Field>
      <Field label={t('promo.field.expireDate')} error={errors.expireDate}>
        {(id) => <input id={id} type="date" className={inputClass} value={expireDate} onChange={(e) => setExpireDate(e.target.value)} />}
      </Field>
      {NUMBERS.map((k) => (
        <Field key={k} label={t(`promo.field.${k}`)} error={errors[k]} hint={OPTIONAL.includes(k) ? t('promo.optional') : undefined}>
          {(id, describedBy) => (
            <input id={id} className={inputClass} inputMode="decimal" value={numbers[k]} aria-invalid={Boolean(errors[k])} aria-describedby={describedBy} onChange={(e) => setNumbers({ ...numbers, [k]: e.target.value })} />
          )}
        </Field>
      ))}
      <fieldset className="sm:col-span-2 border border-gray-200 rounded p-2 m-0">
        <legend className="text-sm font-medium px-1">{t('promo.field.availableTariffTypes')}</legend>
        <p className="text-xs text-ink-muted m-0 mb-1">{t('promo.tariffsHint')}</p>
        {/* Tariff names are long words in Russian: one column on a phone, cells that may shrink and wrap inside. */}
        <div className="grid grid-cols-1 sm:grid-cols-2 lg:grid-cols-3 gap-x-4 gap-y-1" data-tariffs>
          {TARIFFS.map((n) => (
            <div key={n} className="min-w-0 break-words">
              <Checkbox label={tariffLabel(t, n)} checked={tariffs.includes(n)} onValue={(on) => setTariffs(on ? [...tariffs, n].sort((a, b) => a - b) : tariffs.filter((x) => x !== n))} />
            </div>
          ))}
        </div>
        {errors.availableTariffTypes && <span className="text-xs text-red-700">{errors.availableTariffTypes}</span>}
      </fieldset>
      <Checkbox label={t('promo.field.forNetworkCompanies')} checked={network} onValue={setNetwork} />
      <div className="sm:col-span-2 flex items-center gap-3">
        <button type="submit" className={buttonClass}>{t('promo.submit')}</button>
        <p className="text-sm m-0" role="status">{status}</p>
      </div>
    </form>
  );
}
