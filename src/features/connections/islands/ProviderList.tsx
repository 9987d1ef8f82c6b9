import { useEffect, useState, type FormEvent, type ReactNode } from 'react';
import type { T } from '../../../i18n/translate.ts';
import { explainProblem } from '../../../api/explain-problem.ts';
import { notify } from '../../../scripts/notify.ts';
import { focusFirstField, listTexts } from '../../../ui/list-states.tsx';
import { Table, type Column } from '../../../ui/table.tsx';
import { FormMessage, SubmitButton } from '../../../ui/field.tsx';
import { buttonClass, dangerButtonClass } from '../../../ui/classes.ts';
import type { Outcome, ProviderList as ListState } from '../store.ts';
import { ConfirmRemove } from './ConfirmRemove.tsx';


/** The kinds this list serves; each has the same keys in its message group (`telegram.intro`, …). */
type Kind = 'telegram' | 'twilio' | 'sigma' | 'waba';

interface Props<Row extends { id: number }> {
  t: T;
  /** Its message group, and the ids of the form's heading and of the rows' data attribute. */
  kind: Kind;
  /** What the owner calls a row (in the confirmation and the notices). */
  nameOf: (row: Row) => string;
  list: ListState<Row>;
  load: () => Promise<void>;
  remove: (id: number) => Promise<Outcome<true>>;
  columns: readonly Column<Row>[];
  /** Actions of a row before Delete. */
  rowActions?: (row: Row) => ReactNode;
  /** The add form's fields and what submitting does (the hook `useAddForm` gives both). */
  form: { fields: ReactNode; busy: boolean; problem?: string; onSubmit: (event: FormEvent) => void };
  /** Shown between the form and the list (the Telegram code step). */
  children?: ReactNode;
  emptyIcon: string;
}

/**
 * One provider's screen (Telegram, Twilio, Sigma SMS, WhatsApp Business): what it gives, the add form, the list
 * with masked secrets, and delete behind a confirmation. Each kind brings its fields and columns; its texts are its
 * message group.
 */
export function ProviderList<Row extends { id: number }>({ t, kind, nameOf, list, load, remove, columns, rowActions, form, children, emptyIcon }: Props<Row>) {
  const [confirming, setConfirming] = useState<Row>();
  useEffect(() => void load(), [load]);
  const titleId = `add-${kind}-title`;

  async function confirmed(row: Row) {
    const { problem } = await remove(row.id);
    if (problem) return notify('error', explainProblem(problem, t));
    notify('success', t('remove.done', { name: nameOf(row) }));
  }

  return (
    <div>
      <p className="m-0 mb-4 text-ink-muted">{t(`${kind}.intro`)}</p>
      <form noValidate onSubmit={form.onSubmit} aria-labelledby={titleId} className="border border-gray-200 rounded p-3 mb-4 bg-white flex flex-col gap-3">
        <h2 id={titleId} className="text-base font-semibold m-0">{t(`${kind}.formTitle`)}</h2>
        <div className="grid gap-3 max-w-2xl sm:grid-cols-2">{form.fields}</div>
        {form.problem && <FormMessage kind="error">{form.problem}</FormMessage>}
        <div>
          <SubmitButton busy={form.busy} busyLabel={t('working')}>{t(`${kind}.submit`)}</SubmitButton>
        </div>
      </form>
      {children}
      {confirming && (
        <ConfirmRemove
          t={t}
          title={t(`${kind}.removeTitle`)}
          text={t(`${kind}.removeText`, { name: nameOf(confirming) })}
          onConfirm={() => void confirmed(confirming)}
          onClose={() => setConfirming(undefined)}
        />
      )}
      <Table
        caption={t(`${kind}.caption`)}
        list={list}
        rowKey={(row) => row.id}
        rowData={(row) => ({ [`data-${kind}-id`]: row.id })}
        notices={{
          texts: listTexts(t, { empty: t(`${kind}.empty`) }),
          retry: { label: t('ui.retry'), run: () => void load() },
          emptyAction: <button type="button" className={buttonClass} onClick={() => focusFirstField(titleId)}>{t(`${kind}.first`)}</button>,
          emptyIcon,
        }}
        columns={[
          ...columns,
          {
            header: t('col.actions'),
            hideHeader: true,
            cell: (row) => (
              <div className="flex flex-wrap gap-2 whitespace-nowrap">
                {rowActions?.(row)}
                <button type="button" className={dangerButtonClass} aria-label={t('actions.deleteLabel', { name: nameOf(row) })} onClick={() => setConfirming(row)}>{t('actions.delete')}</button>
              </div>
            ),
          },
        ]}
      />
    </div>
  );
}
