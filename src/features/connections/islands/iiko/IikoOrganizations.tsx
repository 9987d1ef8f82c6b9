import { lazy, Suspense, useEffect, useState } from 'react';
import type { T } from '../../../../i18n/translate.ts';
import { explainProblem } from '../../../../api/explain-problem.ts';
import { notify } from '../../../../scripts/notify.ts';
import { FormMessage } from '../../../../ui/field.tsx';
import { buttonClass, secondaryButtonClass } from '../../../../ui/classes.ts';
import { Table } from '../../../../ui/table.tsx';
import { listTexts } from '../../../../ui/list-states.tsx';
import { linkIiko, reachableIiko, type IikoAccount, type ReachableIikoOrganization } from '../../store-iiko.ts';

const ConfirmDialog = lazy(() => import('../../../../ui/confirm-dialog-lazy.ts'));

interface Props {
  t: T;
  account: IikoAccount;
  onClose: () => void;
}

/**
 * The organizations one API login reaches, asked of iiko when the panel opens (not polled: linking reads them again).
 * Linking an organization whose events iiko sends elsewhere asks before replacing that address (409 iikoWebhookTaken).
 */
export function IikoOrganizations({ t, account, onClose }: Props) {
  const [list, setList] = useState<{ items: ReachableIikoOrganization[]; loading: boolean; failed: boolean }>({ items: [], loading: true, failed: false });
  const [problem, setProblem] = useState<string>();
  const [busy, setBusy] = useState<string>();
  const [replace, setReplace] = useState<{ org: ReachableIikoOrganization; uri: string }>();
  const titleId = `iiko-reachable-${account.id}`;

  async function load() {
    setList((l) => ({ ...l, loading: true, failed: false }));
    const { data, problem: refused } = await reachableIiko(account.id);
    if (data) return setList({ items: data.organizations, loading: false, failed: false });
    setList({ items: [], loading: false, failed: !refused?.code });
    if (refused?.code) setProblem(explainProblem(refused, t));
  }
  useEffect(() => void load(), [account.id]);

  async function link(org: ReachableIikoOrganization, replaceWebhook = false) {
    setBusy(org.organizationId);
    setProblem(undefined);
    const { problem: refused } = await linkIiko(account.id, org.organizationId, replaceWebhook);
    setBusy(undefined);
    if (refused?.code === 'iikoWebhookTaken') return setReplace({ org, uri: String(refused.params?.uri ?? '') });
    if (refused) return setProblem(explainProblem(refused, t));
    notify('success', t('iiko.linkedDone', { name: org.name }));
    setList((l) => ({ ...l, items: l.items.map((o) => (o.organizationId === org.organizationId ? { ...o, linked: true } : o)) }));
  }

  return (
    <section aria-labelledby={titleId} className="border border-gray-200 rounded p-4 mb-4 bg-white flex flex-col gap-2" data-iiko-reachable={account.id}>
      <div className="flex items-start justify-between gap-2">
        <h2 id={titleId} className="text-base font-semibold m-0">{t('iiko.reachableTitle')}</h2>
        <button type="button" className={secondaryButtonClass} onClick={onClose}>{t('iiko.close')}</button>
      </div>
      {problem && <FormMessage kind="error">{problem}</FormMessage>}
      {replace && (
        <Suspense>
          <ConfirmDialog
            open
            tone="normal"
            title={t('iiko.replaceTitle')}
            text={t('iiko.replaceText', { name: replace.org.name, uri: replace.uri })}
            confirm={t('iiko.replaceYes')}
            cancel={t('remove.no')}
            onConfirm={() => void link(replace.org, true)}
            onClose={() => setReplace(undefined)}
          />
        </Suspense>
      )}
      <Table
        caption={t('iiko.reachableTitle')}
        list={list}
        rowKey={(o) => o.organizationId}
        rowData={(o) => ({ 'data-iiko-org': o.organizationId })}
        notices={{ texts: listTexts(t, { empty: t('iiko.reachableEmpty') }), retry: { label: t('ui.retry'), run: () => void load() } }}
        columns={[
          { header: t('iiko.organization'), cell: (o) => o.name },
          { header: t('iiko.organizationId'), cell: (o) => <span className="font-mono text-xs break-all">{o.organizationId}</span> },
          {
            header: t('col.actions'),
            hideHeader: true,
            cell: (o) =>
              o.linked ? (
                <span className="text-sm text-green-800">{t('iiko.linked')}</span>
              ) : (
                <button type="button" className={buttonClass} disabled={busy !== undefined} aria-busy={busy === o.organizationId} aria-label={t('iiko.linkLabel', { name: o.name })} onClick={() => void link(o)}>
                  {busy === o.organizationId ? t('working') : t('iiko.link')}
                </button>
              ),
          },
        ]}
      />
    </section>
  );
}
