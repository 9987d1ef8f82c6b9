import { useEffect, useState } from 'react';
import type { T } from '../../../i18n/translate.ts';
import { copyText } from '../../../ui/copy.ts';
import { subscribeLink } from '../store-subscribers.ts';
import { secondaryButtonClass } from '../../../ui/classes.ts';

/** The Telegram deep link that subscribes a client (with a copy button), or why there is none on this server. */
export function SubscribersLink({ t }: { t: T }) {
  const [link, setLink] = useState<{ url: string | null } | undefined>();
  const [failed, setFailed] = useState(false);
  useEffect(() => {
    subscribeLink()
      .then(({ data }) => (data ? setLink({ url: data.telegram }) : setFailed(true)))
      .catch(() => setFailed(true));
  }, []);

  const copy = () => copyText(link!.url!, { copied: t('subscribers.link.copied'), failed: t('subscribers.link.copyFailed') });

  return (
    <section aria-labelledby="subscribe-link-title" className="border border-gray-200 rounded p-3 mb-4 bg-white">
      <h2 id="subscribe-link-title" className="text-base font-semibold m-0 mb-1">{t('subscribers.link.title')}</h2>
      {/* The notice's room while the answer comes (two lines on a phone, one wider): the form below stays put. */}
      <div className="min-h-10 sm:min-h-5">
        {failed && <p className="text-sm text-red-700 m-0" role="status">{t('errors.network')}</p>}
        {link && !link.url && <p className="text-sm text-ink-muted m-0" data-subscribe-link-off>{t('subscribers.link.off')}</p>}
        {link?.url && (
          <>
            <p className="text-sm text-ink-muted m-0 mb-2">{t('subscribers.link.hint')}</p>
            <div className="flex flex-wrap gap-2 items-center">
              <a href={link.url} className="text-brand-dark underline break-all text-sm" data-subscribe-link>{link.url}</a>
              <button type="button" className={secondaryButtonClass} onClick={() => void copy()}>{t('subscribers.link.copy')}</button>
            </div>
          </>
        )}
      </div>
    </section>
  );
}
