import { useEffect, useMemo, useState } from 'react';
import { createT } from '../../../i18n/translate.ts';
import { explainProblem } from '../../../api/explain-problem.ts';
import { FormMessage } from '../../../ui/field.tsx';
import { buttonLinkClass, primaryLinkClass } from '../../../ui/classes.ts';
import { connectWabaCallback } from '../store-waba.ts';
import type { ConnectionsProps } from './props.ts';

interface Props extends ConnectionsProps {
  /** Localized path of /accounts/dialog360 (the API-key form, and where a connected account shows). */
  accountsPath: string;
}

/** `/accounts/dialog360/{token}/{accountId}` read from the address (the page is one static file for every pair). */
function callbackParams(): { token: string; accountId: string } {
  const parts = location.pathname.split('/').filter(Boolean).map(decodeURIComponent);
  const at = parts.lastIndexOf('dialog360');
  return { token: parts[at + 1] ?? '', accountId: parts[at + 2] ?? '' };
}

/**
 * The connect callback of 360dialog's sign-up (§2): posts the token and account id it was sent back with, shows
 * progress, then goes to the accounts screen; a server without a 360dialog partner account says so
 * (`wabaPartnerNotConfigured`) and leads to the API-key form instead.
 */
export default function WabaConnect(props: Props) {
  const t = useMemo(() => createT(props.locale, props.messages), [props.locale, props.messages]);
  const [problem, setProblem] = useState<{ text: string; partner: boolean }>();

  useEffect(() => {
    const { token, accountId } = callbackParams();
    void connectWabaCallback(token, accountId).then(({ data, problem: refused }) => {
      if (data) return location.assign(props.accountsPath);
      setProblem({ text: explainProblem(refused, t), partner: refused.code === 'wabaPartnerNotConfigured' });
    });
  }, [props.accountsPath, t]);

  if (!problem) {
    return (
      <div className="flex flex-col gap-3" role="status" data-waba-connect="working">
        <p className="m-0">{t('waba.connect.working')}</p>
        <progress className="w-full max-w-xs" aria-label={t('waba.connect.working')} />
      </div>
    );
  }
  return (
    <div className="flex flex-col gap-3 items-start" data-waba-connect="failed">
      <FormMessage kind="error">{problem.text}</FormMessage>
      {problem.partner && <p className="m-0 text-ink-muted">{t('waba.connect.byKey')}</p>}
      <a className={problem.partner ? primaryLinkClass : buttonLinkClass} href={props.accountsPath}>{t(problem.partner ? 'waba.connect.useKey' : 'waba.connect.back')}</a>
    </div>
  );
}
