import { useStore } from '@nanostores/react';
import { lazy, Suspense, useEffect, useState } from 'react';
import { notify } from '../../../scripts/notify.ts';
import { $pays, fetchPayLink, loadPays, type Payment } from '../store-pays.ts';
import type { AdminProps } from './props.ts';
import { useT } from './useT.ts';
import { Field } from '../../../ui/field.tsx';
import { ListState } from '../../../ui/list-states.tsx';
import { Pager } from '../../../ui/pager.tsx';
import { Section } from '../../../ui/section.tsx';
import { buttonClass, inputClass, secondaryButtonClass, tableClass, tdClass, thClass } from '../../../ui/classes.ts';
import { formatAmount, formatDate } from '../../../ui/format.ts';
import { tariffLabel , listTexts } from './helpers.ts';

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
      <ListState texts={listTexts(t)} loading={state.loading && !state.pays.length} failed={state.failed} empty={mine && !state.loading && !state.failed && !state.pays.length} />
      {mine && state.pays.length > 0 && (
        <div className="overflow-x-auto">
          <table className={tableClass} aria-busy={state.loading}>
            <caption className="sr-only">{t('pays.caption')}</caption>
            <thead>
              <tr>
                <th scope="col" className={thClass}>{t('pays.col.id')}</th>
                <th scope="col" className={thClass}>{t('pays.col.created')}</th>
                <th scope="col" className={thClass}>{t('pays.col.period')}</th>
                <th scope="col" className={thClass}>{t('pays.col.amount')}</th>
                <th scope="col" className={thClass}>{t('pays.col.tariff')}</th>
                <th scope="col" className={thClass}>{t('pays.col.success')}</th>
                <th scope="col" className={thClass}>{t('pays.col.comment')}</th>
                <th scope="col" className={thClass}><span className="sr-only">{t('common.actions')}</span></th>
              </tr>
            </thead>
            <tbody>
              {state.pays.map((p) => (
                <tr key={p.id} data-pay-id={p.id}>
                  <td className={tdClass}>{p.id}</td>
                  <td className={tdClass}>{formatDate(props.locale, p.createdDateUnixTime)}</td>
                  <td className={tdClass}>{formatDate(props.locale, p.dateBeginUnixTime)} – {formatDate(props.locale, p.dateEndUnixTime)}</td>
                  <td className={tdClass}>{formatAmount(p.amount)} {p.currency}</td>
                  <td className={tdClass}>{tariffLabel(t, p.tariff)}</td>
                  <td className={tdClass}>{p.success ? t('common.yes') : t('common.no')}{p.isFree ? ` · ${t('pays.free')}` : ''}</td>
                  <td className={tdClass}>{p.comment ?? ''}</td>
                  <td className={`${tdClass} whitespace-nowrap`}>
                    <button type="button" className={secondaryButtonClass} aria-label={t('pays.editOne', { id: p.id })} onClick={() => setModal({ pay: p })}>{t('common.edit')}</button>{' '}
                    <button type="button" className={secondaryButtonClass} aria-label={t('pays.linkOne', { id: p.id })} onClick={() => void getLink(p)}>{t('pays.link')}</button>
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
      <Pager t={t} prefix="common." page={state.page} pages={mine ? state.pages : 0} label={t('pays.pages')} onPage={(p) => void loadPays(props.userId, p)} />
      {link && (
        <div className="mt-3 grid gap-2 sm:grid-cols-[1fr_auto] items-end">
          <Field label={t('pays.linkFor', { id: link.payId })}>
            {(id) => <input id={id} className={inputClass} value={link.url} readOnly onFocus={(e) => e.target.select()} />}
          </Field>
          <button type="button" className={secondaryButtonClass} onClick={() => void copy()}>{t('pays.copy')}</button>
        </div>
      )}
      {modal && (
        <Suspense fallback={<p role="status" className="text-sm">{t('common.loading')}</p>}>
          <PayModal {...props} userId={props.userId} pay={modal.pay} onClose={() => setModal(null)} />
        </Suspense>
      )}
    </Section>
  );
}
