import { useEffect, useState } from 'react';
import { useStore } from '@nanostores/react';
import { createT } from '../../../i18n/translate.ts';
import { startSession } from '../../../scripts/shell-session.ts';
import { $session, loginWithGoogle } from '../../../stores/session.ts';
import type { AccountProps } from './props.ts';
import { FormMessage } from '../../../ui/field.tsx';
import { explainProblem } from '../../../api/explain-problem.ts';

/**
 * Google returns here with `#id_token=…`. The API verifies the token; a new user is marked and goes to
 * complete their account (phone, country), a known one goes home.
 */
export default function GoogleCallback({ locale, messages, links }: AccountProps) {
  const t = createT(locale, messages);
  const session = useStore($session);
  const [failed, setFailed] = useState(false);

  useEffect(() => {
    const params = new URLSearchParams(location.hash.slice(1));
    const idToken = params.get('id_token');
    history.replaceState(null, '', location.pathname); // the token must not linger in the address bar
    if (!idToken) return setFailed(true);
    startSession();
    loginWithGoogle(idToken)
      .then((result) => {
        if (!result) return setFailed(true);
        location.assign(result.isNewUser ? links.update : links.home);
      })
      .catch(() => setFailed(true));
  }, []);

  if (!failed) return <p role="status" className="m-0">{t('google.working')}</p>;
  return (
    <div className="flex flex-col gap-4">
      <FormMessage kind="error">{session.authProblem ? explainProblem(session.authProblem, t) : t('google.failed')}</FormMessage>
      <a href={links.login} className="text-brand-dark underline">{t('google.retry')}</a>
    </div>
  );
}
