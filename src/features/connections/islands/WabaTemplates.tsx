import { useEffect, useRef, useState } from 'react';
import { useStore } from '@nanostores/react';
import type { Locale } from '../../../i18n/locales.ts';
import type { T } from '../../../i18n/translate.ts';
import { explainProblem } from '../../../api/explain-problem.ts';
import { notify } from '../../../scripts/notify.ts';
import { buttonClass, dangerButtonClass, secondaryButtonClass } from '../../../ui/classes.ts';
import { FormMessage } from '../../../ui/field.tsx';
import { listTexts } from '../../../ui/list-states.tsx';
import { Table } from '../../../ui/table.tsx';
import { $wabaTemplates, CATEGORIES, deleteWabaTemplate, loadWabaTemplates, syncWabaTemplates, type WabaAccount, type WabaTemplate } from '../store-waba.ts';
import { WabaTemplateForm } from './WabaTemplateForm.tsx';
import { ConfirmRemove } from './ConfirmRemove.tsx';

const TONE: Record<string, string> = {
  approved: 'bg-green-50 text-green-800 border-green-200',
  rejected: 'bg-red-50 text-red-800 border-red-200',
  disabled: 'bg-red-50 text-red-800 border-red-200',
  paused: 'bg-gray-50 text-ink border-gray-300',
};
const KNOWN_STATUSES = ['approved', 'pending', 'submitted', 'rejected', 'paused', 'disabled', 'in_appeal'];
/** Meta's decision in the page's language; a status Meta adds later is shown as it comes. */
const statusText = (t: T, status: string) => (KNOWN_STATUSES.includes(status) ? t(`waba.status.${status}`) : status);
const categoryText = (t: T, category: string) => ((CATEGORIES as readonly string[]).includes(category) ? t(`waba.category.${category}`) : category);
/** A text's start for the table; the whole text is the cell's title. */
const preview = (body: string) => (body.length > 120 ? `${body.slice(0, 119)}…` : body);

interface Props {
  t: T;
  locale: Locale;
  account: WabaAccount;
}

/**
 * The templates of one account (§3: name, category, language, type, Meta's status with the reason of a refusal):
 * Sync pulls them from 360dialog, a form submits a new one, delete removes a name in every language.
 */
export function WabaTemplates({ t, locale, account }: Props) {
  const state = useStore($wabaTemplates);
  const list = state.accountId === account.id ? state : { items: [], loading: true, failed: false };
  const [syncing, setSyncing] = useState(false);
  const [syncResult, setSyncResult] = useState<{ kind: 'error' | 'success'; text: string }>();
  const [creating, setCreating] = useState(false);
  const newButton = useRef<HTMLButtonElement>(null);
  /** The form closed (cancelled or sent): the keyboard goes back to the button that opened it. */
  const closeForm = () => {
    setCreating(false);
    newButton.current?.focus();
  };
  const [confirming, setConfirming] = useState<WabaTemplate>();
  const titleId = `waba-templates-${account.id}`;
  useEffect(() => void loadWabaTemplates(account.id), [account.id]);

  async function sync() {
    setSyncing(true);
    setSyncResult(undefined);
    const { data, problem } = await syncWabaTemplates(account.id);
    setSyncing(false);
    if (data) return setSyncResult({ kind: 'success', text: t('waba.templates.synced', { count: data.length }) });
    // A revoked key is the account's problem, not the sync's: say what to do about it.
    setSyncResult({ kind: 'error', text: problem?.code === 'wabaKeyRejected' ? t('waba.keyRejected') : explainProblem(problem, t) });
  }

  async function confirmed(row: WabaTemplate) {
    const { problem } = await deleteWabaTemplate(account.id, row.name);
    if (problem) return notify('error', explainProblem(problem, t));
    notify('success', t('waba.templates.removed', { name: row.name }));
  }

  const languagesOf = (name: string) => list.items.filter((r) => r.name === name).map((r) => r.language).join(', ');

  return (
    <section aria-labelledby={titleId} className="mt-6 flex flex-col gap-3" data-waba-templates={account.id}>
      <h2 id={titleId} className="text-lg font-semibold m-0">{t('waba.templates.title', { name: account.name })}</h2>
      <p className="m-0 text-ink-muted">{t('waba.templates.intro')}</p>
      <div className="flex flex-wrap items-center gap-2">
        <button type="button" className={buttonClass} disabled={syncing} aria-busy={syncing} onClick={() => void sync()}>
          {syncing ? t('waba.templates.syncing') : t('waba.templates.sync')}
        </button>
        <button ref={newButton} type="button" className={secondaryButtonClass} aria-expanded={creating} onClick={() => (creating ? closeForm() : setCreating(true))}>{t('waba.create.open')}</button>
      </div>
      {syncing && <progress className="w-full max-w-xs" aria-label={t('waba.templates.syncing')} />}
      <div aria-live="polite" data-sync-result>{syncResult && <FormMessage kind={syncResult.kind}>{syncResult.text}</FormMessage>}</div>
      {creating && <WabaTemplateForm t={t} locale={locale} accountId={account.id} onClose={closeForm} />}
      {confirming && (
        <ConfirmRemove
          t={t}
          title={t('waba.templates.removeTitle', { name: confirming.name })}
          text={t('waba.templates.removeText', { languages: languagesOf(confirming.name) })}
          onConfirm={() => void confirmed(confirming)}
          onClose={() => setConfirming(undefined)}
        />
      )}
      <Table
        caption={t('waba.templates.caption', { name: account.name })}
        list={list}
        rowKey={(r) => `${r.name}/${r.language}`}
        rowData={(r) => ({ 'data-template': r.name, 'data-language': r.language })}
        notices={{
          texts: listTexts(t, { empty: t('waba.templates.empty') }),
          retry: { label: t('ui.retry'), run: () => void loadWabaTemplates(account.id) },
          emptyIcon: 'i-lucide-file-text',
        }}
        columns={[
          { header: t('waba.create.name'), cell: (r) => <span className="font-mono text-xs">{r.name}</span>, className: 'whitespace-nowrap' },
          { header: t('waba.create.category'), cell: (r) => categoryText(t, r.category), className: 'whitespace-nowrap' },
          { header: t('waba.create.language'), cell: (r) => r.language, className: 'whitespace-nowrap' },
          { header: t('waba.create.type'), cell: (r) => t(r.type === 'media' ? 'waba.type.media' : 'waba.type.standard'), className: 'whitespace-nowrap' },
          {
            header: t('waba.templates.status'),
            className: 'min-w-36',
            cell: (r) => (
              <span className="inline-flex flex-col gap-0.5" data-status={r.status}>
                <span className={`inline-block self-start px-2 py-0.5 rounded border text-xs font-medium whitespace-nowrap ${TONE[r.status] ?? 'bg-amber-50 text-amber-900 border-amber-200'}`}>{statusText(t, r.status)}</span>
                {r.rejectedReason && <span className="text-xs text-red-800">{t('waba.templates.reason', { reason: r.rejectedReason })}</span>}
              </span>
            ),
          },
          { header: t('waba.create.body'), cell: (r) => <span title={r.body} className="block min-w-56 whitespace-pre-line">{preview(r.body)}</span> },
          {
            header: t('col.actions'),
            hideHeader: true,
            className: 'whitespace-nowrap',
            cell: (r) => (
              <button type="button" className={dangerButtonClass} aria-label={t('waba.templates.removeLabel', { name: r.name, language: r.language })} onClick={() => setConfirming(r)}>{t('actions.delete')}</button>
            ),
          },
        ]}
      />
    </section>
  );
}
