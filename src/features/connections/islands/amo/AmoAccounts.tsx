import { useStore } from '@nanostores/react';
import { useEffect, useMemo, useState } from 'react';
import { explainProblem } from '../../../../api/explain-problem.ts';
import { createT } from '../../../../i18n/translate.ts';
import { buttonClass, dangerButtonClass, inputClass } from '../../../../ui/classes.ts';
import { Field, FormMessage } from '../../../../ui/field.tsx';
import { ListState, listTexts } from '../../../../ui/list-states.tsx';
import { formatDateTime } from '../../../../ui/format.ts';
import { $amo, authorizeAmo, loadAmo, removeAmo } from '../../store-amo.ts';
import { ConfirmRemove } from '../ConfirmRemove.tsx';
import type { ConnectionsProps } from '../props.ts';
import { AmoStatusMap } from './AmoStatusMap.tsx';

/** §2 /accounts/amo: connect (amoCRM's consent page), the connection, the stage → visit status map, disconnect. */
export default function AmoAccounts(props: ConnectionsProps) {
  const t = useMemo(() => createT(props.locale, props.messages), [props.locale, props.messages]);
  const state = useStore($amo);
  const [busy, setBusy] = useState(false);
  const [problem, setProblem] = useState<string>();
  const [confirming, setConfirming] = useState(false);
  const [notice, setNotice] = useState<string>();

  useEffect(() => void loadAmo(), []);

  const connect = async () => {
    setBusy(true);
    setProblem(undefined);
    const { data, problem: refused } = await authorizeAmo();
    if (data) return location.assign(data.url); // the progress stays while the browser leaves
    setBusy(false);
    setProblem(explainProblem(refused, t));
  };
  const remove = async () => {
    setConfirming(false);
    const { data, problem: refused } = await removeAmo();
    if (data) setNotice(t('amo.removed'));
    else setProblem(explainProblem(refused, t));
  };

  const overview = state.overview;
  const connection = overview?.connection;
  const connectButton = (label: string) => (
    <div className="flex flex-col gap-2 items-start">
      <button type="button" className={buttonClass} onClick={() => void connect()} disabled={busy} data-amo-connect>
        {busy ? t('amo.opening') : label}
      </button>
      {busy && <progress className="w-full max-w-xs" aria-label={t('amo.opening')} />}
    </div>
  );

  return (
    <div className="flex flex-col gap-4" data-amo>
      <p className="m-0 text-ink-muted">{t('amo.intro')}</p>
      {notice && <FormMessage kind="success">{notice}</FormMessage>}
      {problem && <FormMessage kind="error">{problem}</FormMessage>}
      <ListState
        loading={state.loading && !overview}
        failed={state.failed && !overview}
        empty={false}
        texts={listTexts(t)}
        retry={{ label: t('ui.retry'), run: () => void loadAmo() }}
      />
      {overview && !connection && !overview.configured && <p className="m-0" role="note" data-amo-not-configured>{t('amo.notConfigured')}</p>}
      {overview && !connection && overview.configured && (
        <div className="flex flex-col gap-3 items-start" data-amo-empty>
          <p className="m-0">{t('amo.empty')}</p>
          {connectButton(t('amo.connect'))}
        </div>
      )}
      {connection && (
        <section className="flex flex-col gap-4" aria-labelledby="amo-connection">
          <h2 id="amo-connection" className="text-lg font-semibold m-0">{t('amo.connection')}</h2>
          <dl className="grid grid-cols-[max-content_1fr] gap-x-4 gap-y-1 m-0 text-sm">
            <dt className="font-medium">{t('amo.subdomain')}</dt>
            <dd className="m-0" data-amo-subdomain>{connection.subdomain}</dd>
            <dt className="font-medium">{t('amo.state')}</dt>
            <dd className="m-0" data-amo-state={connection.state}>{connection.state === 'Connected' ? t('amo.connected') : t('amo.tokenRejected')}</dd>
            <dt className="font-medium">{t('amo.lastPush')}</dt>
            <dd className="m-0">{connection.lastPushUnixTime ? formatDateTime(props.locale, connection.lastPushUnixTime) : t('amo.never')}</dd>
            <dt className="font-medium">{t('amo.pending')}</dt>
            <dd className="m-0">{connection.pending}</dd>
          </dl>
          {connection.state === 'tokenRejected' && (
            <div className="flex flex-col gap-2 items-start" role="alert">
              <FormMessage kind="error">{t('amo.tokenRejected')}</FormMessage>
              {connectButton(t('amo.reconnect'))}
            </div>
          )}
          {connection.state === 'Connected' && connection.lastError === 'providerUnavailable' && <p className="m-0 text-sm text-ink-muted">{t('amo.lastError')}</p>}
          <Field label={t('amo.webhook')} hint={t('amo.webhookHint')}>
            {(id, describedBy) => <input id={id} aria-describedby={describedBy} className={inputClass} readOnly value={connection.webhookUrl} onFocus={(e) => e.currentTarget.select()} />}
          </Field>
          <AmoStatusMap t={t} connection={connection} />
          <div>
            <button type="button" className={dangerButtonClass} onClick={() => setConfirming(true)} data-amo-remove>{t('amo.remove')}</button>
          </div>
        </section>
      )}
      {confirming && <ConfirmRemove t={t} title={t('amo.removeTitle')} text={t('amo.removeText')} onConfirm={() => void remove()} onClose={() => setConfirming(false)} />}
    </div>
  );
}
