import { useEffect, useState } from 'react';
import { createT } from '../../../i18n/translate.ts';
import { confirmEmail } from '../store.ts';
import { queryParam } from './navigation.ts';
import type { AccountProps } from './props.ts';
import { FormMessage } from '../../../ui/field.tsx';
import { explainProblem } from '../../../api/explain-problem.ts';

/** /Account/ConfirmEmail?userId=…&code=… from the mailed link: confirms on open and says how it went. */
export default function ConfirmEmail({ locale, messages, links }: AccountProps) {
  const t = createT(locale, messages);
  const [result, setResult] = useState<{ kind: 'error' | 'success'; text: string } | null>(null);

  useEffect(() => {
    const userId = Number(queryParam('userId'));
    const code = queryParam('code');
    if (!Number.isInteger(userId) || userId <= 0 || !code) {
      setResult({ kind: 'error', text: t('confirm.missing') });
      return;
    }
    confirmEmail({ userId, code })
      .then(({ data, error }) =>
        setResult(data ? { kind: 'success', text: t('server.emailConfirmed') } : { kind: 'error', text: explainProblem(error, t) }),
      )
      .catch(() => setResult({ kind: 'error', text: t('server.network') }));
  }, []);

  return (
    <div className="flex flex-col gap-4">
      {result ? <FormMessage kind={result.kind}>{result.text}</FormMessage> : <p role="status" className="m-0">{t('confirm.working')}</p>}
      {result && <a href={links.home} className="text-brand-dark underline">{t('confirm.home')}</a>}
    </div>
  );
}
