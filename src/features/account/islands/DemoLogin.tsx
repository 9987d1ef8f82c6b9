import { useEffect, useState } from 'react';
import { createT } from '../../../i18n/translate.ts';
import { storeTokens } from '../../../api/tokens.ts';
import { demoLogin } from '../store.ts';
import { toSystemLanguage } from '../../../i18n/locales.ts';
import type { AccountProps } from './props.ts';
import { FormMessage } from '../../../ui/field.tsx';
import { explainProblem } from '../../../api/explain-problem.ts';

/** /demo signs into the demo account of the page's language and opens the cabinet. */
export default function DemoLogin({ locale, messages, links }: AccountProps) {
  const t = createT(locale, messages);
  const [failure, setFailure] = useState<string | null>(null);

  function start() {
    setFailure(null);
    demoLogin(toSystemLanguage(locale))
      .then(({ data, error }) => {
        if (!data) return setFailure(error ? explainProblem(error, t) : t('demo.failed'));
        storeTokens(localStorage, data);
        location.assign(links.home);
      })
      .catch(() => setFailure(t('server.network')));
  }
  useEffect(start, []);

  if (!failure) return <p role="status" className="m-0">{t('demo.working')}</p>;
  return (
    <div className="flex flex-col gap-4">
      <FormMessage kind="error">{failure}</FormMessage>
      <button type="button" onClick={start} className="px-4 py-2 rounded-md bg-brand text-white border-0 cursor-pointer">{t('demo.retry')}</button>
    </div>
  );
}
