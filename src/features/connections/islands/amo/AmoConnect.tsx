import { useEffect, useMemo, useState } from 'react';
import { explainProblem } from '../../../../api/explain-problem.ts';
import { createT } from '../../../../i18n/translate.ts';
import { buttonLinkClass, primaryLinkClass } from '../../../../ui/classes.ts';
import { FormMessage } from '../../../../ui/field.tsx';
import { connectAmo } from '../../store-amo.ts';
import type { ConnectionsProps } from '../props.ts';

/** /accounts/amo in the page's language: this page's own address without its last segment. */
const accountsPath = () => location.pathname.replace(/\/connect\/?$/, '');

/**
 * §2 /accounts/amo/connect: where amoCRM's consent returns with `code`, `referer` and `state`. Posts them as they
 * came (the server names a missing or invalid one: §8 "missing amo connection parameters"), shows progress, then
 * success with a link back to /accounts/amo, or the problem's text.
 */
export default function AmoConnect(props: ConnectionsProps) {
  const t = useMemo(() => createT(props.locale, props.messages), [props.locale, props.messages]);
  const [outcome, setOutcome] = useState<{ ok: true } | { ok: false; text: string }>();

  useEffect(() => {
    const q = new URLSearchParams(location.search);
    const params = { code: q.get('code') ?? '', referer: q.get('referer') ?? '', state: q.get('state') ?? '' };
    // Opened without what amoCRM sends (a bookmark, a reload after the address was cleaned): nothing to post.
    if (!params.code || !params.referer || !params.state) return setOutcome({ ok: false, text: explainProblem({ code: 'amoParametersMissing', status: 400 }, t) });
    void connectAmo(params).then(({ data, problem }) => {
      // The code is single-use: drop it from the address so a reload does not post it again.
      history.replaceState(null, '', location.pathname);
      setOutcome(data ? { ok: true } : { ok: false, text: explainProblem(problem, t) });
    });
  }, [t]);

  if (!outcome) {
    return (
      <div className="flex flex-col gap-3" role="status" data-amo-connect="working">
        <p className="m-0">{t('amo.connectWorking')}</p>
        <progress className="w-full max-w-xs" aria-label={t('amo.connectWorking')} />
      </div>
    );
  }
  return (
    <div className="flex flex-col gap-3 items-start" data-amo-connect={outcome.ok ? 'done' : 'failed'}>
      {outcome.ok ? <FormMessage kind="success">{t('amo.connectDone')}</FormMessage> : <FormMessage kind="error">{outcome.text}</FormMessage>}
      <a className={outcome.ok ? primaryLinkClass : buttonLinkClass} href={accountsPath()}>{outcome.ok ? t('amo.connectNext') : t('amo.back')}</a>
    </div>
  );
}
