import { useState, type FormEvent } from 'react';
import type { T } from '../../../i18n/translate.ts';
import { explainFieldErrors, explainProblem } from '../../../api/explain-problem.ts';
import { FormMessage, SubmitButton, TextField } from '../../../ui/field.tsx';
import { secondaryButtonClass, textLinkClass } from '../../../ui/classes.ts';
import { confirmTelegramBot, refreshTelegramBot, type TelegramBot } from '../store.ts';

/**
 * The ownership step of a new bot (docs/connections.md "Telegram"): open the bot, send /start, type the 6-digit code
 * it answers. A wrong code is told at the field with the attempts left; 'code not sent' (none sent, expired, or the
 * bot could not write) and too many wrong codes are the panel's text.
 */
export function TelegramCode({ t, bot, onClose, onDone }: { t: T; bot: TelegramBot; onClose: () => void; onDone: (bot: TelegramBot) => void }) {
  const [code, setCode] = useState('');
  const [fieldError, setFieldError] = useState<string>();
  const [message, setMessage] = useState<string>();
  const [busy, setBusy] = useState(false);
  const titleId = `telegram-code-${bot.id}`;
  const notSent = bot.lastError === 'codeNotSent' ? t('server.telegramCodeNotSent') : undefined;

  async function submit(event: FormEvent) {
    event.preventDefault();
    if (busy) return;
    setMessage(undefined);
    if (!/^\d{6}$/.test(code.replace(/\s+/g, ''))) return setFieldError(t('telegram.codeFormat'));
    setFieldError(undefined);
    setBusy(true);
    const { data, problem } = await confirmTelegramBot(bot.id, code);
    setBusy(false);
    if (data) return onDone(data);
    const field = explainFieldErrors(problem.errors, t).code;
    const left = problem.errors?.find((e) => e.field === 'code')?.params?.attemptsLeft;
    if (field) return setFieldError(left === undefined ? field : `${field}. ${t('telegram.attemptsLeft', { count: Number(left) })}`);
    setCode('');
    setMessage(explainProblem(problem, t));
  }

  return (
    <form noValidate onSubmit={submit} aria-labelledby={titleId} className="border border-gray-200 rounded p-3 mb-4 bg-white flex flex-col gap-3" data-telegram-code={bot.id}>
      <div className="flex items-baseline justify-between gap-2">
        <h2 id={titleId} className="text-base font-semibold m-0">{t('telegram.codeTitle', { name: bot.name })}</h2>
        <button type="button" className={secondaryButtonClass} onClick={onClose}>{t('qr.close')}</button>
      </div>
      <ol className="m-0 pl-5 flex flex-col gap-1">
        <li>
          <a className={textLinkClass} href={bot.startLink} target="_blank" rel="noopener noreferrer">{t('telegram.stepOpen', { name: bot.name })}</a>
        </li>
        <li>{t('telegram.stepStart')}</li>
        <li>{t('telegram.stepCode')}</li>
      </ol>
      <div className="max-w-xs">
        <TextField label={t('telegram.code')} hint={t('telegram.codeHint')} name="code" inputMode="numeric" autoComplete="one-time-code" maxLength={20} required value={code} error={fieldError} onChange={(e) => setCode(e.target.value)} />
      </div>
      {(message ?? notSent) && <FormMessage kind="error">{message ?? notSent}</FormMessage>}
      <div className="flex flex-wrap gap-2">
        <SubmitButton busy={busy} busyLabel={t('working')}>{t('telegram.confirm')}</SubmitButton>
        <button type="button" className={secondaryButtonClass} onClick={() => void refreshTelegramBot(bot.id).then(() => setMessage(undefined))}>{t('telegram.check')}</button>
      </div>
    </form>
  );
}
