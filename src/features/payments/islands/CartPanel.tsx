import { useId, type FormEvent } from 'react';
import type { T } from '../../../i18n/translate.ts';
import { explainProblem } from '../../../api/explain-problem.ts';
import { Checkbox, FormMessage, SubmitButton, TextField } from '../../../ui/field.tsx';
import { secondaryButtonClass, textLinkClass } from '../../../ui/classes.ts';
import { canAutoPay, formatMinor, PACK_KINDS, packTypo, removeLine, setAutoPay, setPromocode, spotOf, toggleUnit, type Cart, type FieldSpot } from '../cart.ts';
import type { Catalogue, Units } from '../store.ts';
import type { PaymentsProps } from './props.ts';
import { tariffName } from './names.ts';
import type { QuoteState } from './use-quote.ts';
import { QuoteSummary } from './QuoteSummary.tsx';

interface Props {
  t: T;
  locale: string;
  catalogue: Catalogue;
  units: Units | 'failed' | undefined;
  connect: PaymentsProps['connect'];
  cart: Cart;
  setCart: (cart: Cart) => void;
  quote: QuoteState;
  terms: boolean;
  setTerms: (on: boolean) => void;
  termsError?: string;
  payProblem?: string;
  /** The checkout refused auto-pay for this cart. */
  autoPayError?: string;
  paying: boolean;
  onPay: (event: FormEvent) => void;
}

/** The cart: each tariff with its units, one period, packs, the promo code, auto-pay, the priced total, terms and Pay. */
export function CartPanel(props: Props) {
  const { t, locale, catalogue, units, cart, setCart, quote } = props;
  const monthsId = useId();
  const money = (minor: number) => formatMinor(minor, catalogue.currency, locale);
  const refusal = quote.kind === 'refused' ? quote.problem : undefined;
  const refusedField = refusal?.errors?.[0];
  const spot: FieldSpot = refusal ? spotOf(refusedField?.field) : { kind: 'cart' };
  const explain = (vars = {}) => (refusal ? explainProblem(refusedField ?? refusal, t, { prefixes: ['server.'], vars }) : undefined);
  const errorAt = (where: FieldSpot) => (refusal && JSON.stringify(where) === JSON.stringify(spot) ? explain(where.kind === 'pack' ? { minimum: catalogue.packs[where.pack].minimum } : where.kind === 'line' ? { tariff: tariffName(t, cart.lines[where.index]?.tariff ?? 0) } : {}) : undefined);
  const autoPayNoteId = useId();

  return (
    <form className="flex flex-col gap-4" noValidate onSubmit={props.onPay} aria-label={t('cart.title')}>
      {cart.lines.length === 0 && <p className="m-0 text-ink-muted">{t('cart.empty')}</p>}
      {cart.lines.length > 0 && (
        <ul className="list-none m-0 p-0 flex flex-col gap-3">
          {cart.lines.map((line, index) => {
            const tariff = catalogue.tariffs.find((x) => x.id === line.tariff);
            const name = tariffName(t, line.tariff);
            const unit = tariff?.unit ?? 'account';
            const lineError = errorAt({ kind: 'line', index });
            return (
              <li key={line.tariff} data-cart-line={line.tariff} className="border border-gray-200 rounded-md p-3 flex flex-col gap-2">
                <div className="flex items-center justify-between gap-2">
                  <span className="font-medium">{name}</span>
                  <button type="button" className={secondaryButtonClass} aria-label={t('cart.removeLabel', { name })} onClick={() => setCart(removeLine(cart, line.tariff))}>{t('cart.remove')}</button>
                </div>
                {unit !== 'account' && (
                  <UnitChoice t={t} kind={unit} name={name} units={units} connect={props.connect[unit]} chosen={line.unitIds}
                    onToggle={(id, on) => setCart(toggleUnit(cart, line.tariff, id, on))} />
                )}
                {lineError && <p className="m-0 text-sm text-red-700" role="alert" data-field-error>{lineError}</p>}
              </li>
            );
          })}
        </ul>
      )}

      {cart.lines.length > 0 && (
        <fieldset className="border-0 p-0 m-0 flex flex-col gap-1" aria-describedby={monthsId}>
          <legend className="font-medium mb-1">{t('cart.months')}</legend>
          <div className="flex flex-wrap gap-3" id={monthsId}>
            {catalogue.months.map((option) => (
              <label key={option.months} className="flex items-center gap-1.5 border border-gray-300 rounded px-2 py-1 cursor-pointer has-[:checked]:border-brand">
                <input type="radio" name="months" value={option.months} checked={cart.months === option.months} onChange={() => setCart({ ...cart, months: option.months })} />
                <span>{t('cart.monthsOption', { count: option.months })}</span>
                {option.discountPercent > 0 && <span className="text-xs text-green-800 bg-green-50 rounded px-1">{t('cart.cheaper', { percent: option.discountPercent })}</span>}
              </label>
            ))}
          </div>
        </fieldset>
      )}

      <fieldset className="border-0 p-0 m-0 flex flex-col gap-3">
        <legend className="font-medium mb-1">{t('packs.title')}</legend>
        <div className="grid gap-3 sm:grid-cols-3">
          {PACK_KINDS.map((kind) => {
            const offer = catalogue.packs[kind];
            const typed = cart.packs[kind];
            const price = money(offer.unitPrice);
            return (
              <TextField key={kind} label={t.dynamic(`packs.${kind}`)} name={`pack-${kind}`} inputMode="numeric" autoComplete="off"
                hint={t('packs.hint', { minimum: offer.minimum, price })} value={typed}
                error={packTypo(typed) ? t('packs.whole') : errorAt({ kind: 'pack', pack: kind })}
                onInput={(e) => setCart({ ...cart, packs: { ...cart.packs, [kind]: (e.target as HTMLInputElement).value } })} />
            );
          })}
        </div>
      </fieldset>

      <div className="grid gap-3 sm:grid-cols-2 items-start">
        <TextField label={t('promo.label')} name="promocode" autoComplete="off" maxLength={64} hint={t('promo.hint')} value={cart.promocode}
          error={errorAt({ kind: 'promocode' })} onInput={(e) => setCart(setPromocode(cart, (e.target as HTMLInputElement).value))} />
        <div className="flex flex-col gap-1 sm:pt-7">
          <Checkbox label={t('autoPay.label')} name="autoPay" checked={cart.autoPay} disabled={!canAutoPay(cart)} error={props.autoPayError}
            {...(canAutoPay(cart) ? {} : { 'aria-describedby': autoPayNoteId })} onValue={(on) => setCart(setAutoPay(cart, on))} />
          {!canAutoPay(cart) && <p id={autoPayNoteId} className="m-0 text-sm text-ink-muted" data-autopay-note>{t('autoPay.withPromo')}</p>}
        </div>
      </div>

      <QuoteSummary t={t} money={money} quote={quote} cartError={spot.kind === 'cart' ? explain() : undefined} />

      <Checkbox label={t('terms.label')} name="terms" checked={props.terms} error={props.termsError} onValue={props.setTerms} />
      {props.payProblem && <FormMessage kind="error">{props.payProblem}</FormMessage>}
      <div>
        <SubmitButton busy={props.paying} busyLabel={t('pay.busy')}>{t('pay.button')}</SubmitButton>
      </div>
    </form>
  );
}

interface UnitChoiceProps {
  t: T;
  kind: 'instance' | 'company' | 'organisation' | 'clinicBranch';
  name: string;
  units: Units | 'failed' | undefined;
  connect?: string;
  chosen: string[];
  onToggle: (id: string, on: boolean) => void;
}

/** The units a per-unit tariff is bought for, as checkboxes; none yet leads to where one is connected. */
function UnitChoice({ t, kind, name, units, connect, chosen, onToggle }: UnitChoiceProps) {
  if (units === undefined) return <p className="m-0 text-sm text-ink-muted" role="status">{t('ui.loading')}</p>;
  if (units === 'failed') return <p className="m-0 text-sm text-red-700">{t('cart.unitsFailed')}</p>;
  const list = units[kind];
  if (!list.length) {
    return (
      <p className="m-0 text-sm" data-no-units={kind}>
        {t.dynamic(`cart.noUnits.${kind}`)}{' '}
        {connect && <a className={textLinkClass} href={connect}>{t('cart.connect')}</a>}
      </p>
    );
  }
  return (
    <fieldset className="border-0 p-0 m-0">
      <legend className="text-sm text-ink-muted mb-1">{t.dynamic(`cart.units.${kind}`)} — {name}</legend>
      <div className="flex flex-wrap gap-x-4 gap-y-1">
        {list.map((unit) => (
          <label key={unit.id} className="flex items-center gap-1.5 text-sm">
            <input type="checkbox" checked={chosen.includes(unit.id)} onChange={(e) => onToggle(unit.id, e.target.checked)} />
            {unit.name}
          </label>
        ))}
      </div>
    </fieldset>
  );
}
