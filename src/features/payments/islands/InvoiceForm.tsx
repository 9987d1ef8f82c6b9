import { useState, type FormEvent } from 'react';
import type { T } from '../../../i18n/translate.ts';
import { explainFieldErrors, explainProblem } from '../../../api/explain-problem.ts';
import { FormMessage, SubmitButton, TextField } from '../../../ui/field.tsx';
import { cartIsEmpty, formatMinor, type Cart } from '../cart.ts';
import { requestInvoice, type InvoiceInput } from '../store.ts';

const FIELDS = ['companyName', 'taxId', 'email'] as const;
const EMPTY: InvoiceInput = { companyName: '', taxId: '', email: '' };

/** §1 invoice request: the cart above issued to a company; §8 'Invoice request sent' or the failure. */
export function InvoiceForm({ t, locale, cart, currency }: { t: T; locale: string; cart: Cart; currency: string }) {
  const [values, setValues] = useState(EMPTY);
  const [errors, setErrors] = useState<Partial<Record<(typeof FIELDS)[number], string>>>({});
  const [message, setMessage] = useState<{ kind: 'error' | 'success'; text: string }>();
  const [busy, setBusy] = useState(false);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (busy) return;
    setMessage(undefined);
    const missing = Object.fromEntries(FIELDS.filter((f) => !values[f].trim()).map((f) => [f, t('problem.required')]));
    setErrors(missing);
    if (Object.keys(missing).length) return;
    if (cartIsEmpty(cart)) return setMessage({ kind: 'error', text: t('invoice.needsCart') });
    setBusy(true);
    const result = await requestInvoice(cart, values);
    setBusy(false);
    if (result.data) {
      setValues(EMPTY);
      const total = formatMinor(result.data.total, result.data.currency ?? currency, locale);
      return setMessage({ kind: 'success', text: `${t('invoice.sent')}. ${t('invoice.sentTo', { number: result.data.number, total, email: result.data.email })}` });
    }
    const fields = explainFieldErrors(result.problem.errors, t, { prefixes: ['server.'] });
    const own = Object.fromEntries(Object.entries(fields).filter(([f]) => (FIELDS as readonly string[]).includes(f)));
    setErrors(own);
    // A cart refusal (a pack, a unit) or the server's failure: §8 "Invoice request failed", with the reason when known.
    const cartField = result.problem.errors?.find((e) => !(FIELDS as readonly string[]).includes(e.field));
    if (!Object.keys(own).length || cartField) {
      const reason = cartField ? explainProblem(cartField, t, { prefixes: ['server.'] }) : result.problem.code ? explainProblem(result.problem, t, { prefixes: ['server.'] }) : undefined;
      setMessage({ kind: 'error', text: reason && result.problem.status !== undefined && result.problem.status < 500 ? `${t('invoice.failed')} ${reason}` : t('invoice.failed') });
    }
  };

  const set = (field: (typeof FIELDS)[number]) => (e: { target: EventTarget | null }) => setValues({ ...values, [field]: (e.target as HTMLInputElement).value });
  return (
    <form className="flex flex-col gap-3 max-w-xl" noValidate onSubmit={submit} aria-label={t('invoice.title')} data-invoice-form>
      <p className="m-0 text-sm text-ink-muted">{t('invoice.intro')}</p>
      <TextField label={t('invoice.companyName')} name="companyName" maxLength={200} autoComplete="organization" required value={values.companyName} error={errors.companyName} onInput={set('companyName')} />
      <TextField label={t('invoice.taxId')} name="taxId" maxLength={32} autoComplete="off" required value={values.taxId} error={errors.taxId} onInput={set('taxId')} />
      <TextField label={t('invoice.email')} name="email" type="email" maxLength={254} autoComplete="email" required value={values.email} error={errors.email} onInput={set('email')} />
      {message && <FormMessage kind={message.kind}>{message.text}</FormMessage>}
      <div>
        <SubmitButton busy={busy} busyLabel={t('invoice.busy')} tone="secondary">{t('invoice.submit')}</SubmitButton>
      </div>
    </form>
  );
}
