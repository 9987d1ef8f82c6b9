import { lazy, Suspense, useState } from 'react';
import { explainEach } from '../../../api/explain-problem.ts';
import type { AdminSchemas } from '../api.ts';
import { deleteContact, saveContact } from '../store.ts';
import type { AdminProps } from './props.ts';
import { useT } from './useT.ts';
import { Field } from '../../../ui/field.tsx';
import { Section } from '../../../ui/section.tsx';
import { buttonClass, inputClass, secondaryButtonClass } from '../../../ui/classes.ts';
import { Table } from '../../../ui/table.tsx';
import { listTexts } from '../../../ui/list-states.tsx';

// Loaded when the screen first asks: no code for the dialog in the page's initial JavaScript.
const ConfirmDialog = lazy(() => import('../../../ui/confirm-dialog-lazy.ts'));

type Contact = AdminSchemas['AdminContact'];
const FIELDS = ['fullName', 'phone', 'email', 'role', 'comment'] as const;
type Draft = Record<(typeof FIELDS)[number], string>;
const blank: Draft = { fullName: '', phone: '', email: '', role: '', comment: '' };

/** §3 Admin contact: full name, phone, email, comment, role. Deleting asks first (the kit's ConfirmDialog). */
export function ContactsPanel(props: AdminProps & { userId: number; contacts: Contact[] }) {
  const t = useT(props);
  const [editing, setEditing] = useState<number | null>(null);
  const [draft, setDraft] = useState<Draft>(blank);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [status, setStatus] = useState('');
  const [deleting, setDeleting] = useState<Contact | null>(null);

  const edit = (c: Contact | null) => {
    setEditing(c?.id ?? null);
    setErrors({});
    setDraft(c ? { fullName: c.fullName, phone: c.phone ?? '', email: c.email ?? '', role: c.role ?? '', comment: c.comment ?? '' } : blank);
  };
  const save = async () => {
    if (!draft.fullName.trim()) return setErrors({ fullName: t('validation.required') });
    const body = { fullName: draft.fullName, phone: draft.phone || null, email: draft.email || null, role: draft.role || null, comment: draft.comment || null };
    const result = await saveContact(props.userId, editing, body);
    if (result === null) return setStatus(t('common.saveFailed'));
    setErrors(explainEach(result, t));
    if (!Object.keys(result).length) {
      setStatus(t('common.saved'));
      edit(null);
    }
  };
  const remove = async (c: Contact) => {
    await deleteContact(props.userId, c.id);
    if (editing === c.id) edit(null);
  };

  return (
    <Section title={t('contacts.title')}>
      <Table
        caption={t('contacts.title')}
        list={{ items: props.contacts }}
        rowKey={(c) => c.id}
        notices={{ texts: listTexts(t, { empty: t('contacts.none') }) }}
        columns={[
          ...FIELDS.map((f) => ({ header: t(`contacts.${f}`), cell: (c: Contact) => c[f] ?? '—' })),
          {
            header: t('common.actions'),
            hideHeader: true,
            className: 'whitespace-nowrap',
            cell: (c) => (
              <>
                <button type="button" className={secondaryButtonClass} aria-label={t('contacts.editOne', { name: c.fullName })} onClick={() => edit(c)}>{t('common.edit')}</button>{' '}
                <button type="button" className={secondaryButtonClass} aria-label={t('contacts.deleteOne', { name: c.fullName })} onClick={() => setDeleting(c)}>{t('common.delete')}</button>
              </>
            ),
          },
        ]}
      />
      {deleting && (
        <Suspense>
          <ConfirmDialog
            open
            title={t('contacts.confirmDelete', { name: deleting.fullName })}
            text={t('common.cannotUndo')}
            confirm={t('common.delete')}
            cancel={t('common.cancel')}
            onConfirm={() => void remove(deleting)}
            onClose={() => setDeleting(null)}
          />
        </Suspense>
      )}
      <form className="grid gap-3 sm:grid-cols-2" aria-label={editing ? t('contacts.editTitle') : t('contacts.addTitle')} onSubmit={(e) => (e.preventDefault(), void save())}>
        {FIELDS.map((f) => (
          <Field key={f} label={t(`contacts.${f}`)} error={errors[f]}>
            {(id, describedBy) =>
              f === 'comment' ? (
                <textarea id={id} className={inputClass} rows={2} value={draft[f]} aria-describedby={describedBy} onChange={(e) => setDraft({ ...draft, [f]: e.target.value })} />
              ) : (
                <input id={id} type={f === 'email' ? 'email' : f === 'phone' ? 'tel' : 'text'} className={inputClass} value={draft[f]} aria-invalid={Boolean(errors[f])} aria-describedby={describedBy} onChange={(e) => setDraft({ ...draft, [f]: e.target.value })} />
              )
            }
          </Field>
        ))}
        <div className="sm:col-span-2 flex gap-2">
          <button type="submit" className={buttonClass}>{editing ? t('contacts.saveEdit') : t('contacts.add')}</button>
          {editing && <button type="button" className={secondaryButtonClass} onClick={() => edit(null)}>{t('common.cancel')}</button>}
        </div>
      </form>
      <p className="text-sm m-0 mt-2" role="status">{status}</p>
    </Section>
  );
}
