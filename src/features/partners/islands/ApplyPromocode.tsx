import { useEffect, useMemo, useState, type FormEvent } from 'react';
import { createT } from '../../../i18n/translate.ts';
import { explainFieldErrors, explainProblem } from '../../../api/explain-problem.ts';
import { TARIFFS } from '../../../shared/tariffs.ts';
import { FormMessage, SubmitButton, TextField } from '../../../ui/field.tsx';
import { primaryLinkClass, textLinkClass } from '../../../ui/classes.ts';
import { checkPromocode, type PromocodeCheck } from '../store.ts';
import type { PartnersProps } from './props.ts';

/** §2 /partners/promocode: apply a friend's (or any) promo code; every §8 refusal in the page's language, then on to payment. */
export default function ApplyPromocode(props: PartnersProps) {
  const t = useMemo(() => createT(props.locale, props.messages), [props.locale, props.messages]);
  const [code, setCode] = useState('');
  const [error, setError] = useState<string>();
  const [problem, setProblem] = useState<string>();
  const [busy, setBusy] = useState(false);
  const [applied, setApplied] = useState<PromocodeCheck>();
  // A code handed over in the address (`?promocode=`) is filled in.
  useEffect(() => setCode(new URLSearchParams(location.search).get('promocode') ?? ''), []);

  async function submit(event: FormEvent) {
    event.preventDefault();
    if (busy) return;
    setProblem(undefined);
    setApplied(undefined);
    if (!code.trim()) return setError(t('problem.required'));
    setError(undefined);
    setBusy(true);
    const result = await checkPromocode(code);
    setBusy(false);
    if (result.data) return setApplied(result.data);
    const field = explainFieldErrors(result.problem.errors, t).promocode;
    if (field) setError(field);
    else setProblem(explainProblem(result.problem, t));
  }

  const tariffName = (id: number) => (id in TARIFFS ? t.dynamic(`tariff.${TARIFFS[id as keyof typeof TARIFFS]}`) : String(id));
  const payHref = applied && props.paymentsHref ? `${props.paymentsHref}?promocode=${encodeURIComponent(applied.code)}` : undefined;

  return (
    <div className="max-w-2xl">
      <p className="m-0 mb-4 text-ink-muted">{t('apply.intro')}</p>
      <form noValidate onSubmit={submit} aria-label={t('apply.title')} className="bg-white border border-gray-200 rounded-lg p-4 flex flex-col gap-3">
        <TextField label={t('apply.label')} hint={t('apply.hint')} name="promocode" maxLength={64} autoComplete="off" required value={code} error={error}
          onChange={(e) => (setCode(e.target.value), setError(undefined), setApplied(undefined))} />
        {problem && <FormMessage kind="error">{problem}</FormMessage>}
        <div>
          <SubmitButton busy={busy} busyLabel={t('working')}>{t('apply.submit')}</SubmitButton>
        </div>
      </form>
      {applied && (
        <div role="status" data-promocode-applied className="mt-4 p-4 rounded-lg border border-green-200 bg-green-50 text-green-900 flex flex-col gap-2">
          <p className="m-0 font-semibold">{t('apply.ok', { code: applied.code, discount: applied.discountPercent })}</p>
          <p className="m-0">{t('apply.tariffs', { tariffs: applied.tariffs.map(tariffName).join(', ') })}</p>
          {applied.referralRecorded && <p className="m-0">{t('apply.referral')}</p>}
          {applied.friendGiftText && <p className="m-0 font-medium">{t('apply.gift', { gift: applied.friendGiftText })}</p>}
          <p className="m-0 text-sm">{t('apply.atPayment')}</p>
          {payHref && <p className="m-0"><a className={primaryLinkClass} href={payHref}>{t('apply.pay')}</a></p>}
        </div>
      )}
      {props.programmeHref && (
        <p className="mt-4 text-sm">
          {t('apply.own')} <a className={textLinkClass} href={props.programmeHref}>{t('apply.programme')}</a>
        </p>
      )}
    </div>
  );
}
