import { useEffect, useState } from 'react';
import type { T } from '../../../i18n/translate.ts';
import type { Locale } from '../../../i18n/locales.ts';
import { explainProblem } from '../../../api/explain-problem.ts';
import { copyText } from '../../../ui/copy.ts';
import { secondaryButtonClass } from '../../../ui/classes.ts';
import { FormMessage } from '../../../ui/field.tsx';
import { formatDateTime } from '../../../ui/format.ts';
import { createQrLink, type WhatsAppNumber } from '../store.ts';

/** A new 30-minute QR link for a trusted person (QrCodeWidgetView): the address, a copy button and its expiry. */
export function ShareLink({ t, locale, base, number, onClose }: { t: T; locale: Locale; base: string; number: WhatsAppNumber; onClose: () => void }) {
  const [link, setLink] = useState<{ url: string; expires: number }>();
  const [problem, setProblem] = useState<string>();
  const titleId = `share-${number.id}`;

  useEffect(() => {
    let live = true;
    void createQrLink(number.id).then(({ data, problem: failed }) => {
      if (!live) return;
      if (data) setLink({ url: `${location.origin}${base}${data.token}`, expires: data.expiresUnixTime });
      else setProblem(explainProblem(failed, t));
    });
    return () => {
      live = false;
    };
  }, [number.id, base, t]);

  const copy = () => copyText(link!.url, { copied: t('share.copied'), failed: t('share.copyFailed') });

  return (
    <section aria-labelledby={titleId} className="border border-gray-200 rounded p-4 mb-4 bg-white flex flex-col gap-2" data-share-panel={number.id}>
      <div className="flex items-start justify-between gap-2">
        <h2 id={titleId} className="text-base font-semibold m-0">{t('share.title', { name: number.name })}</h2>
        <button type="button" className={secondaryButtonClass} onClick={onClose}>{t('qr.close')}</button>
      </div>
      <p className="text-sm text-ink-muted m-0">{t('share.hint')}</p>
      {problem && <FormMessage kind="error">{problem}</FormMessage>}
      <div className="min-h-20 sm:min-h-9" aria-busy={!link && !problem}>
        {link && (
          <div className="flex flex-col gap-1">
            <div className="flex flex-wrap gap-2 items-center">
              <a href={link.url} target="_blank" rel="noopener" className="text-brand-dark underline break-all text-sm" data-qr-link>{link.url}</a>
              <button type="button" className={secondaryButtonClass} onClick={() => void copy()}>{t('share.copy')}</button>
            </div>
            <p className="m-0 text-sm">{t('share.expires', { time: formatDateTime(locale, link.expires) })}</p>
          </div>
        )}
      </div>
    </section>
  );
}
