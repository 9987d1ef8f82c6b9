import { useEffect, useMemo, useState } from 'react';
import { useStore } from '@nanostores/react';
import { createT, type T } from '../../../../i18n/translate.ts';
import { explainProblem } from '../../../../api/explain-problem.ts';
import { notify } from '../../../../scripts/notify.ts';
import { copyText } from '../../../../ui/copy.ts';
import { FormMessage, SubmitButton, TextField } from '../../../../ui/field.tsx';
import { buttonClass, dangerButtonClass, secondaryButtonClass } from '../../../../ui/classes.ts';
import { focusFirstField, listTexts } from '../../../../ui/list-states.tsx';
import { Table } from '../../../../ui/table.tsx';
import { formatDateTime } from '../../../../ui/format.ts';
import { $iiko, connectIiko, loadIiko, removeIiko, unlinkIiko, type IikoAccount, type IikoOrganization } from '../../store-iiko.ts';
import type { ConnectionsProps } from '../props.ts';
import { ConfirmRemove } from '../ConfirmRemove.tsx';
import { StateBadge } from '../StateBadge.tsx';
import { useAddForm } from '../use-add-form.ts';
import { IikoOrganizations } from './IikoOrganizations.tsx';

const FORM_TITLE = 'add-iiko-title';
type Asking = { kind: 'remove'; row: IikoAccount } | { kind: 'unlink'; row: IikoOrganization };

/** §2 /accounts/iiko: the owner's iiko API logins, the organizations they link (with terminal groups) and the webhook address. */
export default function IikoAccounts(props: ConnectionsProps) {
  const t = useMemo(() => createT(props.locale, props.messages), [props.locale, props.messages]);
  const state = useStore($iiko);
  const [open, setOpen] = useState<IikoAccount>();
  const [asking, setAsking] = useState<Asking>();
  const form = useAddForm<'apiLogin', IikoAccount>(t, { apiLogin: '' }, ['apiLogin']);
  const onSubmit = form.submit(connectIiko, (row) => (notify('success', t('iiko.connected')), setOpen(row)));
  useEffect(() => void loadIiko(), []);
  const view = state.overview;
  const accounts = { items: view?.accounts ?? [], loading: state.loading && !view, failed: state.failed };
  const organizations = { items: view?.organizations ?? [], loading: state.loading && !view, failed: state.failed };

  async function confirmed(a: Asking) {
    const { problem } = a.kind === 'remove' ? await removeIiko(a.row.id) : await unlinkIiko(a.row.id);
    if (problem) return notify('error', explainProblem(problem, t));
    if (a.kind === 'remove' && open?.id === a.row.id) setOpen(undefined);
    notify('success', a.kind === 'remove' ? t('remove.done', { name: a.row.apiLoginMasked }) : t('iiko.unlinked', { name: a.row.name }));
  }

  return (
    <div>
      <p className="m-0 mb-4 text-ink-muted">{t('iiko.intro')}</p>
      <form noValidate onSubmit={onSubmit} aria-labelledby={FORM_TITLE} className="border border-gray-200 rounded p-3 mb-4 bg-white flex flex-col gap-3">
        <h2 id={FORM_TITLE} className="text-base font-semibold m-0">{t('iiko.formTitle')}</h2>
        <div className="max-w-md">
          <TextField label={t('iiko.apiLogin')} hint={t('iiko.apiLoginHint')} type="password" name="apiLogin" maxLength={128} autoComplete="off" required value={form.values.apiLogin} error={form.errors.apiLogin} onChange={form.set('apiLogin')} />
        </div>
        {form.problem && <FormMessage kind="error">{form.problem}</FormMessage>}
        <div className="flex flex-wrap items-center gap-3">
          <SubmitButton busy={form.busy} busyLabel={t('working')}>{t('iiko.submit')}</SubmitButton>
          {view && <span className="text-sm text-ink-muted">{t('iiko.limit', { count: view.accounts.length, limit: view.limit })}</span>}
        </div>
      </form>
      {asking && (
        <ConfirmRemove
          t={t}
          title={t(asking.kind === 'remove' ? 'iiko.removeTitle' : 'iiko.unlinkTitle')}
          text={asking.kind === 'remove' ? t('iiko.removeText', { name: asking.row.apiLoginMasked }) : t('iiko.unlinkText', { name: asking.row.name })}
          onConfirm={() => void confirmed(asking)}
          onClose={() => setAsking(undefined)}
        />
      )}
      <Table
        caption={t('iiko.caption')}
        list={accounts}
        rowKey={(a) => a.id}
        rowData={(a) => ({ 'data-iiko-id': a.id })}
        notices={{
          texts: listTexts(t, { empty: t('iiko.empty') }),
          retry: { label: t('ui.retry'), run: () => void loadIiko() },
          emptyAction: <button type="button" className={buttonClass} onClick={() => focusFirstField(FORM_TITLE)}>{t('iiko.first')}</button>,
          emptyIcon: 'i-lucide-utensils',
        }}
        columns={[
          { header: t('iiko.login'), cell: (a) => <span className="font-mono" data-masked>{a.apiLoginMasked}</span> },
          { header: t('iiko.state'), cell: (a) => <StateBadge t={t} number={a} label={t(a.state === 'Connected' ? 'iiko.stateConnected' : 'iiko.stateError')} reason={t(a.lastError === 'apiLoginRejected' ? 'iiko.apiLoginRejected' : 'iiko.unreadable')} /> },
          {
            header: t('col.actions'),
            hideHeader: true,
            cell: (a) => (
              <div className="flex flex-wrap gap-2 whitespace-nowrap">
                <button type="button" className={secondaryButtonClass} aria-label={t('iiko.showOrganizations', { name: a.apiLoginMasked })} aria-expanded={open?.id === a.id} onClick={() => setOpen(a)}>{t('iiko.organizations')}</button>
                <button type="button" className={dangerButtonClass} aria-label={t('actions.deleteLabel', { name: a.apiLoginMasked })} onClick={() => setAsking({ kind: 'remove', row: a })}>{t('actions.delete')}</button>
              </div>
            ),
          },
        ]}
      />
      {open && <IikoOrganizations key={open.id} t={t} account={open} onClose={() => setOpen(undefined)} />}
      <h2 className="text-base font-semibold mt-6 mb-2">{t('iiko.linkedTitle')}</h2>
      <Table
        caption={t('iiko.linkedTitle')}
        list={organizations}
        rowKey={(o) => o.id}
        rowData={(o) => ({ 'data-iiko-linked': o.organizationId })}
        notices={{ texts: listTexts(t, { empty: t('iiko.linkedEmpty') }) }}
        columns={[
          { header: t('iiko.organization'), cell: (o) => <span className="flex flex-col"><span>{o.name}</span><span className="font-mono text-xs text-ink-muted break-all">{o.organizationId}</span></span> },
          { header: t('iiko.terminals'), cell: (o) => (o.terminalGroups.length ? o.terminalGroups.map((g) => g.name).join(', ') : t('iiko.noTerminals')) },
          { header: t('iiko.lastWebhook'), cell: (o) => <span className="flex flex-col"><span>{o.lastWebhookUnixTime ? formatDateTime(props.locale, o.lastWebhookUnixTime) : t('iiko.never')}</span>{o.webhook === 'manual' && <span className="text-xs text-ink-muted">{t('iiko.manual')}</span>}</span> },
          {
            header: t('col.actions'),
            hideHeader: true,
            cell: (o) => <button type="button" className={dangerButtonClass} aria-label={t('iiko.unlinkLabel', { name: o.name })} onClick={() => setAsking({ kind: 'unlink', row: o })}>{t('iiko.unlink')}</button>,
          },
        ]}
      />
      {view && <WebhookAddress t={t} url={view.webhookUrl} />}
    </div>
  );
}

function WebhookAddress({ t, url }: { t: T; url: string }) {
  const copy = () => copyText(url, { copied: t('iiko.copied'), failed: t('iiko.copyFailed') });
  return (
    <section aria-labelledby="iiko-webhook-title" className="border border-gray-200 rounded p-4 mt-6 bg-white flex flex-col gap-2">
      <h2 id="iiko-webhook-title" className="text-base font-semibold m-0">{t('iiko.webhookTitle')}</h2>
      <p className="text-sm text-ink-muted m-0">{t('iiko.webhookHint')}</p>
      <div className="flex flex-wrap gap-2 items-center">
        <code className="text-sm break-all" data-iiko-webhook>{url}</code>
        <button type="button" className={secondaryButtonClass} onClick={() => void copy()}>{t('iiko.copy')}</button>
      </div>
    </section>
  );
}
