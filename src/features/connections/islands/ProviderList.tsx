import { lazy, Suspense, useEffect, useState, type FormEvent, type ReactNode } from 'react';
import type { T } from '../../../i18n/translate.ts';
import { explainProblem } from '../../../api/explain-problem.ts';
import { notify } from '../../../scripts/notify.ts';
import { focusFirstField, listTexts } from '../../../ui/list-states.tsx';
import { Table, type Column } from '../../../ui/table.tsx';
import { FormMessage, SubmitButton } from '../../../ui/field.tsx';
import { buttonClass, dangerButtonClass } from '../../../ui/classes.ts';
import type { Outcome, ProviderList as ListState } from '../store.ts';

// Loaded when the screen first asks: no code for the dialog in the page's initial JavaScript.
const ConfirmDialog = lazy(() => import('../../../ui/confirm-dialog-lazy.ts'));

/** The texts of one kind's screen, already in the page's language. */
export interface ProviderTexts<Row> {
  intro: string;
  caption: string;
  empty: string;
  first: string;
  formTitle: string;
  submit: string;
  removeTitle: string;
  removeText: (row: Row) => string;
  removeYes: string;
  removed: (row: Row) => string;
  deleteLabel: (row: Row) => string;
}

interface Props<Row extends { id: number }> {
  t: T;
  /** Ids of the form's heading and of the table rows' data attribute, e.g. `telegram`. */
  kind: string;
  texts: ProviderTexts<Row>;
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
 * One provider's screen (Telegram, Twilio, Sigma SMS): what it gives, the add form, the list with masked secrets,
 * and delete behind a confirmation. Each kind brings its fields, columns and texts.
 */
export function ProviderList<Row extends { id: number }>({ t, kind, texts, list, load, remove, columns, rowActions, form, children, emptyIcon }: Props<Row>) {
  const [confirming, setConfirming] = useState<Row>();
  useEffect(() => void load(), [load]);
  const titleId = `add-${kind}-title`;

  async function confirmed(row: Row) {
    const { problem } = await remove(row.id);
    if (problem) return notify('error', explainProblem(problem, t));
    notify('success', texts.removed(row));
  }

  return (
    <div>
      <p className="m-0 mb-4 text-ink-muted">{texts.intro}</p>
      <form noValidate onSubmit={form.onSubmit} aria-labelledby={titleId} className="border border-gray-200 rounded p-3 mb-4 bg-white flex flex-col gap-3">
        <h2 id={titleId} className="text-base font-semibold m-0">{texts.formTitle}</h2>
        <div className="grid gap-3 max-w-2xl sm:grid-cols-2">{form.fields}</div>
        {form.problem && <FormMessage kind="error">{form.problem}</FormMessage>}
        <div>
          <SubmitButton busy={form.busy} busyLabel={t('working')}>{texts.submit}</SubmitButton>
        </div>
      </form>
      {children}
      {confirming && (
        <Suspense>
          <ConfirmDialog
            open
            title={texts.removeTitle}
            text={texts.removeText(confirming)}
            confirm={texts.removeYes}
            cancel={t('remove.no')}
            onConfirm={() => void confirmed(confirming)}
            onClose={() => setConfirming(undefined)}
          />
        </Suspense>
      )}
      <Table
        caption={texts.caption}
        list={list}
        rowKey={(row) => row.id}
        rowData={(row) => ({ [`data-${kind}-id`]: row.id })}
        notices={{
          texts: listTexts(t, { empty: texts.empty }),
          retry: { label: t('ui.retry'), run: () => void load() },
          emptyAction: <button type="button" className={buttonClass} onClick={() => focusFirstField(titleId)}>{texts.first}</button>,
          emptyIcon,
        }}
        columns={[
          ...columns,
          {
            header: t('col.actions'),
            hideHeader: true,
            cell: (row) => (
              <div className="flex flex-wrap gap-2">
                {rowActions?.(row)}
                <button type="button" className={dangerButtonClass} aria-label={texts.deleteLabel(row)} onClick={() => setConfirming(row)}>{t('actions.delete')}</button>
              </div>
            ),
          },
        ]}
      />
    </div>
  );
}
