import { useEffect, useState } from 'react';
import type { T } from '../../../i18n/translate.ts';
import { copyText } from '../../../ui/copy.ts';
import { ignoreLink } from '../store.ts';

/** The owner's public ignore link, with a copy button and the warning to share it only with trusted people. */
export function IgnoreLinkBox({ t, base }: { t: T; base: string }) {
  const [url, setUrl] = useState<string>();
  const [failed, setFailed] = useState(false);
  useEffect(() => {
    ignoreLink()
      .then(({ data }) => (data ? setUrl(`${location.origin}${base}${data.token}`) : setFailed(true)))
      .catch(() => setFailed(true));
  }, [base]);

  const copy = () => copyText(url!, { copied: t('link.copied'), failed: t('link.copyFailed') });

  return (
    <section aria-labelledby="ignore-link-title" className="border border-gray-200 rounded p-3 mb-4 bg-white">
      <h2 id="ignore-link-title" className="text-base font-semibold m-0 mb-1">{t('link.title')}</h2>
      <p className="text-sm text-ink-muted m-0 mb-2">{t('link.hint')}</p>
      {/* The link's room (three lines and the button on a phone, one row wider) is kept while it loads. */}
      <div className="min-h-26 sm:min-h-9">
        {failed && <p className="text-sm text-red-700 m-0" role="status">{t('errors.network')}</p>}
        {url && (
          <div className="flex flex-wrap gap-2 items-center">
            <a href={url} className="text-brand-dark underline break-all text-sm" data-ignore-link>{url}</a>
            <button type="button" className="px-3 py-1.5 rounded text-sm border border-gray-300 bg-white text-ink hover:bg-gray-100 cursor-pointer" onClick={() => void copy()}>
              {t('link.copy')}
            </button>
          </div>
        )}
      </div>
    </section>
  );
}
