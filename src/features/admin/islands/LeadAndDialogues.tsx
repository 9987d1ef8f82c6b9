import { useEffect, useState } from 'react';
import type { AdminSchemas } from '../api.ts';
import { grantDialogues, saveLeadInfo } from '../store.ts';
import type { AdminProps } from './props.ts';
import { useT } from './useT.ts';
import { Field } from '../../../ui/field.tsx';
import { Section } from '../../../ui/section.tsx';
import { buttonClass, inputClass } from '../../../ui/classes.ts';
import { Table } from '../../../ui/table.tsx';
import { formatDate } from '../../../ui/format.ts';

type S = AdminSchemas;

/** §3 Lead info: first- and second-line managers; fired managers stay visible, marked, for old assignments. */
export function LeadPanel(props: AdminProps & { userId: number; lead: S['LeadInfo'] | null; managers: S['Manager'][] }) {
  const t = useT(props);
  const [first, setFirst] = useState('');
  const [second, setSecond] = useState('');
  const [status, setStatus] = useState('');
  useEffect(() => {
    setFirst(props.lead?.firstLineManagerId == null ? '' : String(props.lead.firstLineManagerId));
    setSecond(props.lead?.secondLineManagerId == null ? '' : String(props.lead.secondLineManagerId));
  }, [props.lead]);

  const options = (current: string) =>
    props.managers
      .filter((m) => !m.isFired || String(m.id) === current)
      .map((m) => (
        <option key={m.id} value={m.id}>
          {m.isFired ? t('lead.fired', { name: m.name }) : m.name}
        </option>
      ));
  const save = async () => {
    const ok = await saveLeadInfo(props.userId, { firstLineManagerId: first ? Number(first) : null, secondLineManagerId: second ? Number(second) : null });
    setStatus(ok ? t('common.saved') : t('common.saveFailed'));
  };
  return (
    <Section title={t('lead.title')}>
      <form className="grid gap-3 sm:grid-cols-[1fr_1fr_auto] items-end" onSubmit={(e) => (e.preventDefault(), void save())}>
        <Field label={t('lead.first')}>
          {(id) => (
            <select id={id} className={inputClass} value={first} onChange={(e) => setFirst(e.target.value)}>
              <option value="">{t('lead.nobody')}</option>
              {options(first)}
            </select>
          )}
        </Field>
        <Field label={t('lead.second')}>
          {(id) => (
            <select id={id} className={inputClass} value={second} onChange={(e) => setSecond(e.target.value)}>
              <option value="">{t('lead.nobody')}</option>
              {options(second)}
            </select>
          )}
        </Field>
        <button type="submit" className={buttonClass}>{t('lead.save')}</button>
      </form>
      <p className="text-sm m-0 mt-2" role="status">{status}</p>
    </Section>
  );
}

/** §3 AI dialogues grant: count and date; the history below with who granted what. */
export function DialoguesPanel(props: AdminProps & { userId: number; grants: S['DialoguesGrantList'] | null }) {
  const t = useT(props);
  const [count, setCount] = useState('100');
  const [date, setDate] = useState(() => new Date().toISOString().slice(0, 10));
  const [error, setError] = useState('');
  const [status, setStatus] = useState('');
  const grant = async () => {
    const n = Number(count);
    if (!Number.isInteger(n) || n < 1) return setError(t('validation.positiveWhole'));
    setError('');
    const ok = await grantDialogues(props.userId, { count: n, date });
    setStatus(ok ? t('dialogues.granted', { count: n }) : t('common.saveFailed'));
  };
  return (
    <Section title={t('dialogues.title')}>
      <form className="grid gap-3 sm:grid-cols-[1fr_1fr_auto] items-end" onSubmit={(e) => (e.preventDefault(), void grant())}>
        <Field label={t('dialogues.count')} error={error}>
          {(id, describedBy) => <input id={id} className={inputClass} inputMode="numeric" value={count} aria-invalid={Boolean(error)} aria-describedby={describedBy} onChange={(e) => setCount(e.target.value)} />}
        </Field>
        <Field label={t('dialogues.date')}>{(id) => <input id={id} type="date" required className={inputClass} value={date} onChange={(e) => setDate(e.target.value)} />}</Field>
        <button type="submit" className={buttonClass}>{t('dialogues.grant')}</button>
      </form>
      <p className="text-sm m-0 mt-2" role="status">{status}</p>
      {props.grants && (
        <>
          <p className="text-sm mt-3 mb-1">{t('dialogues.total', { count: props.grants.totalCount })}</p>
          <Table
            caption={t('dialogues.history')}
            list={{ items: props.grants.grants }}
            rowKey={(g) => g.id}
            columns={[
              { header: t('dialogues.date'), cell: (g) => formatDate(props.locale, Date.parse(g.date) / 1000) },
              { header: t('dialogues.count'), cell: (g) => g.count },
              { header: t('dialogues.grantedBy'), cell: (g) => g.grantedBy ?? '—' },
            ]}
          />
        </>
      )}
    </Section>
  );
}
