import { useEffect, useMemo, useState } from 'react';
import { useStore } from '@nanostores/react';
import { explainProblem } from '../../../../api/explain-problem.ts';
import { createT } from '../../../../i18n/translate.ts';
import { notify } from '../../../../scripts/notify.ts';
import { buttonClass, dangerButtonClass } from '../../../../ui/classes.ts';
import { FormMessage, SubmitButton, TextField } from '../../../../ui/field.tsx';
import { formatDateTime } from '../../../../ui/format.ts';
import { focusFirstField, listTexts } from '../../../../ui/list-states.tsx';
import { Table } from '../../../../ui/table.tsx';
import { $chatwoot, $chatwootLimit, connectChatwoot, deleteChatwoot, loadChatwootAccounts, type ChatwootAccount } from '../../store-chatwoot.ts';
import { ConfirmRemove } from '../ConfirmRemove.tsx';
import type { ConnectionsProps } from '../props.ts';
import { StateBadge } from '../StateBadge.tsx';
import { useAddForm } from '../use-add-form.ts';

const EMPTY = { baseUrl: '', accountId: '', apiAccessToken: '' };
const TITLE_ID = 'add-chatwoot-title';

/** §2 /accounts/chatwoot: the Chatwoot account clients' messages are mirrored into, and staff answers come from. */
export default function ChatwootAccounts(props: ConnectionsProps) {
  const t = useMemo(() => createT(props.locale, props.messages), [props.locale, props.messages]);
  const list = useStore($chatwoot);
  const limit = useStore($chatwootLimit);
  const [confirming, setConfirming] = useState<ChatwootAccount>();
  const form = useAddForm<keyof typeof EMPTY, ChatwootAccount>(t, EMPTY, ['baseUrl', 'accountId', 'apiAccessToken']);
  const { values, errors, set } = form;
  const onSubmit = form.submit(connectChatwoot, () => notify('success', t('chatwoot.added')));
  useEffect(() => void loadChatwootAccounts(), []);
  const nameOf = (a: ChatwootAccount) => `${new URL(a.baseUrl).host} #${a.accountId}`;
  const full = !list.loading && list.items.length >= limit;

  async function confirmed(a: ChatwootAccount) {
    const { problem } = await deleteChatwoot(a.id);
    if (problem) return notify('error', explainProblem(problem, t));
    notify('success', t('remove.done', { name: nameOf(a) }));
  }

  return (
    <div>
      <p className="m-0 mb-4 text-ink-muted">{t('chatwoot.intro')}</p>
      {!full && (
        <form noValidate onSubmit={onSubmit} aria-labelledby={TITLE_ID} className="border border-gray-200 rounded p-3 mb-4 bg-white flex flex-col gap-3">
          <h2 id={TITLE_ID} className="text-base font-semibold m-0">{t('chatwoot.formTitle')}</h2>
          <div className="grid gap-3 max-w-2xl sm:grid-cols-2">
            <TextField label={t('chatwoot.baseUrl')} hint={t('chatwoot.baseUrlHint')} name="baseUrl" type="url" inputMode="url" maxLength={300} autoComplete="url" placeholder="https://app.chatwoot.com" required value={values.baseUrl} error={errors.baseUrl} onChange={set('baseUrl')} />
            <TextField label={t('chatwoot.accountId')} hint={t('chatwoot.accountIdHint')} name="accountId" inputMode="numeric" maxLength={10} autoComplete="off" required value={values.accountId} error={errors.accountId} onChange={set('accountId')} />
            <TextField label={t('chatwoot.apiAccessToken')} hint={t('chatwoot.apiAccessTokenHint')} name="apiAccessToken" type="password" maxLength={200} autoComplete="new-password" required value={values.apiAccessToken} error={errors.apiAccessToken} onChange={set('apiAccessToken')} />
          </div>
          {form.problem && <FormMessage kind="error">{form.problem}</FormMessage>}
          <div>
            <SubmitButton busy={form.busy} busyLabel={t('chatwoot.checking')}>{t('chatwoot.submit')}</SubmitButton>
          </div>
        </form>
      )}
      {confirming && (
        <ConfirmRemove
          t={t}
          title={t('chatwoot.removeTitle')}
          text={t('chatwoot.removeText', { name: nameOf(confirming) })}
          onConfirm={() => void confirmed(confirming)}
          onClose={() => setConfirming(undefined)}
        />
      )}
      <Table
        caption={t('chatwoot.caption')}
        list={list}
        rowKey={(a) => a.id}
        rowData={(a) => ({ 'data-chatwoot-id': a.id })}
        notices={{
          texts: listTexts(t, { empty: t('chatwoot.empty') }),
          retry: { label: t('ui.retry'), run: () => void loadChatwootAccounts() },
          emptyAction: <button type="button" className={buttonClass} onClick={() => focusFirstField(TITLE_ID)}>{t('chatwoot.first')}</button>,
          emptyIcon: 'i-lucide-messages-square',
        }}
        columns={[
          { header: t('chatwoot.address'), cell: (a) => nameOf(a) },
          { header: t('chatwoot.inbox'), cell: (a) => (a.inboxId ? t('chatwoot.inboxName', { id: a.inboxId }) : '—') },
          { header: t('chatwoot.apiAccessToken'), cell: (a) => <span className="font-mono" data-masked>{a.tokenMasked}</span> },
          { header: t('col.state'), cell: (a) => <StateBadge t={t} number={a} reason={a.lastError === 'chatwootTokenRejected' ? t('server.chatwootTokenRejected') : undefined} /> },
          {
            header: t('chatwoot.lastMirrored'),
            cell: (a) => (
              <span className="inline-flex flex-col gap-0.5">
                <span>{a.lastMirroredUnixTime ? formatDateTime(props.locale, a.lastMirroredUnixTime) : t('chatwoot.notYet')}</span>
                {a.mirrorError && <span className="text-xs text-red-800">{t('chatwoot.mirrorError', { reason: t.dynamic(`chatwoot.mirror.${a.mirrorError}`) })}</span>}
                <span className="text-xs text-ink-muted">{t('chatwoot.repliesSent', { count: a.repliesSent })}</span>
              </span>
            ),
          },
          {
            header: t('col.actions'),
            hideHeader: true,
            cell: (a) => (
              <button type="button" className={dangerButtonClass} aria-label={t('actions.deleteLabel', { name: nameOf(a) })} onClick={() => setConfirming(a)}>{t('actions.delete')}</button>
            ),
          },
        ]}
      />
    </div>
  );
}
