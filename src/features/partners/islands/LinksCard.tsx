import { useState, type FormEvent } from 'react';
import type { T } from '../../../i18n/translate.ts';
import { explainFieldErrors, explainProblem } from '../../../api/explain-problem.ts';
import { notify } from '../../../scripts/notify.ts';
import { ConfirmDialog } from '../../../ui/confirm-dialog.tsx';
import { FormMessage, SubmitButton, TextField } from '../../../ui/field.tsx';
import { focusFirstField, listTexts } from '../../../ui/list-states.tsx';
import { Section } from '../../../ui/section.tsx';
import { Table } from '../../../ui/table.tsx';
import { dangerButtonClass, secondaryButtonClass } from '../../../ui/classes.ts';
import { formatAmount } from '../../../ui/format.ts';
import { createLink, deleteLink, type Programme, type ReferralLink } from '../store.ts';
import { copyText } from './copy.ts';

const FORM_TITLE = 'referral-link-form';

/** §3 referral links: create by name, each with its URL, visits and registrations; delete behind a confirmation. */
export function LinksCard({ t, p }: { t: T; p: Programme }) {
  const [name, setName] = useState('');
  const [error, setError] = useState<string>();
  const [problem, setProblem] = useState<string>();
  const [busy, setBusy] = useState(false);
  const [confirming, setConfirming] = useState<ReferralLink>();

  async function submit(event: FormEvent) {
    event.preventDefault();
    if (busy) return;
    setProblem(undefined);
    if (!name.trim()) return setError(t('problem.required'));
    setError(undefined);
    setBusy(true);
    const result = await createLink(name);
    setBusy(false);
    if (result.data) {
      setName('');
      return notify('success', t('links.created', { name: result.data.name }));
    }
    const field = explainFieldErrors(result.problem.errors, t).name;
    if (field) setError(field);
    else setProblem(explainProblem(result.problem, t));
  }

  async function remove(link: ReferralLink) {
    const { problem: refused } = await deleteLink(link.id);
    if (refused && refused.status !== 404) return notify('error', explainProblem(refused, t));
    notify('success', t('links.removed', { name: link.name }));
  }

  return (
    <Section title={t('links.title')}>
      <p className="m-0 mb-3 text-ink-muted">{t('links.intro')}</p>
      <form noValidate onSubmit={submit} aria-labelledby={FORM_TITLE} className="border border-gray-200 rounded p-3 mb-4 flex flex-col gap-3">
        <h3 id={FORM_TITLE} className="text-base font-semibold m-0">{t('links.formTitle')}</h3>
        <div className="max-w-md">
          <TextField label={t('links.name')} hint={t('links.nameHint')} name="name" maxLength={100} required autoComplete="off" value={name} error={error} onChange={(e) => setName(e.target.value)} />
        </div>
        {problem && <FormMessage kind="error">{problem}</FormMessage>}
        <p className="m-0 text-sm text-ink-muted">{t('links.count', { count: p.links.length, limit: p.linksLimit })}</p>
        <div>
          <SubmitButton busy={busy} busyLabel={t('working')}>{t('links.submit')}</SubmitButton>
        </div>
      </form>
      {confirming && (
        <ConfirmDialog
          open
          title={t('links.removeTitle')}
          text={t('links.removeText', { name: confirming.name })}
          confirm={t('links.delete')}
          cancel={t('links.cancel')}
          onConfirm={() => {
            const link = confirming;
            setConfirming(undefined);
            void remove(link);
          }}
          onClose={() => setConfirming(undefined)}
        />
      )}
      <Table
        caption={t('links.caption')}
        list={{ items: p.links }}
        rowKey={(l) => l.id}
        rowData={(l) => ({ 'data-link-id': l.id })}
        notices={{
          texts: listTexts(t, { empty: t('links.empty') }),
          emptyAction: <button type="button" className={secondaryButtonClass} onClick={() => focusFirstField(FORM_TITLE)}>{t('links.first')}</button>,
          emptyIcon: 'i-lucide-link',
        }}
        columns={[
          { header: t('links.col.name'), cell: (l) => l.name },
          { header: t('links.col.url'), cell: (l) => <span className="break-all text-xs font-mono">{l.url}</span> },
          { header: t('links.col.transitions'), cell: (l) => formatAmount(l.transitions) },
          { header: t('links.col.registrations'), cell: (l) => formatAmount(l.registrations) },
          {
            header: t('links.col.actions'),
            hideHeader: true,
            cell: (l) => (
              <div className="flex flex-wrap gap-2 whitespace-nowrap">
                <button type="button" className={secondaryButtonClass} aria-label={t('links.copyLabel', { name: l.name })} onClick={() => void copyText(t, l.url, t('code.linkCopied'))}>{t('code.copyLink')}</button>
                <button type="button" className={dangerButtonClass} aria-label={t('links.deleteLabel', { name: l.name })} onClick={() => setConfirming(l)}>{t('links.delete')}</button>
              </div>
            ),
          },
        ]}
      />
    </Section>
  );
}
