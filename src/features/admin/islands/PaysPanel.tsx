import { useStore } from '@nanostores/react';
import { lazy, Suspense, useEffect, useState } from 'react';
import { notify } from '../../../scripts/notify.ts';
import { $pays, fetchPayLink, loadPays, type Payment } from '../store-pays.ts';
import type { AdminProps } from './props.ts';
import { useT } from './useT.ts';
import { Field } from '../../../ui/field.tsx';
import { Table } from '../../../ui/table.tsx';
import { Pager } from '../../../ui/pager.tsx';
import { Section } from '../../../ui/section.tsx';
import { buttonClass, inputClass, secondaryButtonClass } from '../../../ui/classes.ts';
import { formatAmount, formatDate } from '../../../ui/format.ts';
import { listTexts, tariffLabel } from './helpers.ts';

// The modal (form, lookups) loads only when an admin opens it.
const PayModal = lazy(() => import('./PayModal.tsx'));

/** A user's payments: the merged success/failure lists (§7), add/edit modal, pay link. */
export function PaysPanel(props: AdminProps & { userId: number }) {
  const t = useT(props);
  const state = useStore($pays);
  const [modal, setModal] = useState<{ pay: Payment | null } | null>(null);
  const [link, setLink] = useState<{ payId: number; url: string } | null>(null);
  useEffect(() => void loadPays(props.userId, 1), [props.userId]);

  const getLink = async (pay: Payment) => {
    const url = await fetchPayLink(props.userId, pay.id);
    if (url) setLink({ payId: pay.id, url });
  };
  const copy = async () => {
    if (!link) return;
    try {
      await navigator.clipboard.writeText(link.url);
    } catch (error) {
      console.error('[admin] clipboard failed', error); // the link stays selectable in the field
    }
    notify('success', t('pays.copied'), { kind: 'copy' });
  };

  const mine = state.userId === props.userId;
  return (
    <Section
      title={t('pays.title')}
      actions={<button type="button" className={buttonClass} onClick={() => setModal({ pay: null })}>{t('pays.add')}</button>}
    >
      <Table
        caption={t('pays.caption')}
        // Another user's payments may still be in the store: loading until this user's arrive.
        list={{ items: mine ? state.pays : [], loading: state.loading || !mine, failed: state.failed }}
        rowKey={(p) => p.id}
        rowData={(p) => ({ 'data-pay-id': p.id })}
        notices={{ texts: listTexts(t) }}
        columns={[
          { header: t('pays.col.id'), cell: (p) => p.id },
          { header: t('pays.col.created'), cell: (p) => formatDate(props.locale, p.createdDateUnixTime) },
          { header: t('pays.col.period'), cell: (p) => `${formatDate(props.locale, p.dateBeginUnixTime)} – ${formatDate(props.locale, p.dateEndUnixTime)}` },
          { header: t('pays.col.amount'), cell: (p) => `${formatAmount(p.amount)} ${p.currency}` },
          { header: t('pays.col.tariff'), cell: (p) => tariffLabel(t, p.tariff) },
          { header: t('pays.col.success'), cell: (p) => `${p.success ? t('common.yes') : t('common.no')}${p.isFree ? ` · ${t('pays.free')}` : ''}` },
          { header: t('pays.col.comment'), cell: (p) => p.comment ?? '' },
          {
            header: t('common.actions'),
            hideHeader: true,
            className: 'whitespace-nowrap',
            cell: (p) => (
              <>
                <button type="button" className={secondaryButtonClass} aria-label={t('pays.editOne', { id: p.id })} onClick={() => setModal({ pay: p })}>{t('common.edit')}</button>{' '}
                <button type="button" className={secondaryButtonClass} aria-label={t('pays.linkOne', { id: p.id })} onClick={() => void getLink(p)}>{t('pays.link')}</button>
              </>
            ),
          },
        ]}
      />
      <Pager t={t} page={state.page} pages={mine ? state.pages : 0} label={t('pays.pages')} onPage={(p) => void loadPays(props.userId, p)} />
      {link && (
        <div className="mt-3 grid gap-2 sm:grid-cols-[1fr_auto] items-end">
          <Field label={t('pays.linkFor', { id: link.payId })}>
            {(id) => <input id={id} className={inputClass} value={link.url} readOnly onFocus={(e) => e.target.select()} />}
          </Field>
          <button type="button" className={secondaryButtonClass} onClick={() => void copy()}>{t('pays.copy')}</button>
        </div>
      )}
      {modal && (
        <Suspense fallback={<p role="status" className="text-sm">{t('ui.loading')}</p>}>
          <PayModal {...props} userId={props.userId} pay={modal.pay} onClose={() => setModal(null)} />
        </Suspense>
      )}
    </Section>
  );
}
