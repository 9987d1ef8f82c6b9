import { useId } from 'react';
import { copyText } from '../../../../ui/copy.ts';
import { inputClass, secondaryButtonClass } from '../../../../ui/classes.ts';
import type { BookingContext } from './texts.ts';

/**
 * The owner's webhook address with a copy button and where to paste it. Shown always: a company that sends its first
 * webhook here is linked without any connection (webhookOnly), and it is the fallback when the rights do not let the
 * cabinet register the webhook itself. Drawn empty while the overview loads, so the page does not grow when it comes.
 */
export function WebhookAddress({ ctx, url }: { ctx: BookingContext; url: string | undefined }) {
  const { t, named } = ctx;
  const id = useId();
  const copy = () => copyText(url!, { copied: t('bookingSystems.webhook.copied'), failed: t('bookingSystems.webhook.copyFailed') });
  return (
    <section aria-labelledby={`${id}-title`} className="border border-gray-200 rounded p-3 mb-4 bg-white flex flex-col gap-2" data-booking-webhook>
      <h2 id={`${id}-title`} className="text-base font-semibold m-0">{t('bookingSystems.webhook.title')}</h2>
      <label htmlFor={id} className="text-sm font-medium">{t('bookingSystems.webhook.label', named)}</label>
      <div className="flex flex-wrap gap-2 items-center">
        <input id={id} readOnly value={url ?? ''} aria-busy={url === undefined} className={`${inputClass} font-mono flex-1 min-w-48`} aria-describedby={`${id}-hint`} onFocus={(e) => e.currentTarget.select()} />
        <button type="button" className={secondaryButtonClass} disabled={url === undefined} onClick={() => void copy()}>{t('bookingSystems.webhook.copy')}</button>
      </div>
      <p id={`${id}-hint`} className="m-0 text-sm text-ink-muted">{t('bookingSystems.webhook.hint', named)}</p>
    </section>
  );
}
