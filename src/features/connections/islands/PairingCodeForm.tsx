import { useEffect, useState, type FormEvent } from 'react';
import type { T } from '../../../i18n/translate.ts';
import type { Locale } from '../../../i18n/locales.ts';
import { explainFieldErrors, explainProblem } from '../../../api/explain-problem.ts';
import { FormMessage, SubmitButton, TextField } from '../../../ui/field.tsx';
import { useOwnerPhoneExample } from '../../account/islands/phone-hint.ts';
import { CODE_SECONDS, requestCode, type PairingCode } from '../store.ts';

/**
 * Linking by a code instead of the QR (§4): the phone to link, then the code shown big with its 30-second
 * countdown. The countdown runs from when the code arrived, not from the server's clock (the browser's may be off).
 */
export function PairingCodeForm({ t, locale, id }: { t: T; locale: Locale; id: number }) {
  const example = useOwnerPhoneExample(locale);
  const [phone, setPhone] = useState('');
  const [busy, setBusy] = useState(false);
  const [fieldError, setFieldError] = useState<string>();
  const [message, setMessage] = useState<string>();
  const [code, setCode] = useState<PairingCode & { until: number }>();
  const [now, setNow] = useState(() => Date.now());
  const left = code ? Math.max(0, Math.ceil((code.until - now) / 1000)) : 0;

  useEffect(() => {
    if (!code) return;
    const timer = window.setInterval(() => setNow(Date.now()), 250);
    return () => window.clearInterval(timer);
  }, [code]);

  async function submit(event: FormEvent) {
    event.preventDefault();
    if (busy) return;
    setMessage(undefined);
    if (!phone.trim()) return setFieldError(t('code.phoneRequired'));
    setFieldError(undefined);
    setBusy(true);
    const { data, problem } = await requestCode(id, phone);
    setBusy(false);
    if (data) {
      setNow(Date.now());
      return setCode({ ...data, until: Date.now() + CODE_SECONDS * 1000 });
    }
    const fields = explainFieldErrors(problem.errors, t);
    if (fields.phone) return setFieldError(fields.phone);
    setMessage(explainProblem(problem, t));
  }

  return (
    <form noValidate onSubmit={submit} aria-labelledby={`code-title-${id}`} className="flex flex-col gap-3 border-t border-gray-200 pt-3">
      <h3 id={`code-title-${id}`} className="text-base font-semibold m-0">{t('code.title')}</h3>
      <p className="m-0 text-sm text-ink-muted">{t('code.rule')}</p>
      <div className="max-w-sm">
        <TextField label={t('code.phone')} hint={t('code.phoneHint', { example })} type="tel" name="phone" autoComplete="tel" required value={phone} error={fieldError} onChange={(e) => setPhone(e.target.value)} />
      </div>
      {message && <FormMessage kind="error">{message}</FormMessage>}
      <div>
        <SubmitButton busy={busy} busyLabel={t('working')}>{t('code.submit')}</SubmitButton>
      </div>
      {code && (
        <div className="flex flex-col gap-1" data-pairing-code>
          <p className="m-0">{t('code.intro')}</p>
          <p className="m-0 text-sm font-medium">{t('code.label')}</p>
          <output className={`text-4xl font-mono font-bold tracking-widest ${left ? '' : 'line-through text-ink-muted'}`}>{code.code}</output>
          <p className="m-0 text-sm" role="timer" aria-live="off">{left ? t('code.countdown', { seconds: left }) : t('code.expired')}</p>
          <p className="m-0 text-sm text-ink-muted">{t('code.left', { count: code.attemptsLeft })}</p>
        </div>
      )}
    </form>
  );
}
