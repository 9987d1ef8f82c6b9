import { lazy, Suspense, useMemo, useState } from 'react';
import { createT } from '../../../i18n/translate.ts';
import { notify } from '../../../scripts/notify.ts';
import type { InsightsProps } from './props.ts';
import { usePagedList } from '../../../stores/use-paged-list.ts';
import { SubscribersAddForm } from './SubscribersAddForm.tsx';
import { SubscribersLink } from './SubscribersLink.tsx';
import { CHANNELS, removeSubscriber, subscribersPage, setSubscribed, STATUSES, who, type Subscriber, type SubscriberFilters } from '../store-subscribers.ts';
import { focusFirstField, listTexts } from '../../../ui/list-states.tsx';
import { Table } from '../../../ui/table.tsx';
import { Pager } from '../../../ui/pager.tsx';
import { inputClass, secondaryButtonClass } from '../../../ui/classes.ts';
import { formatDateTime } from '../../../ui/format.ts';

// Loaded when the screen first asks: no code for the dialog in the page's initial JavaScript.
const ConfirmDialog = lazy(() => import('../../../ui/confirm-dialog-lazy.ts'));

/** §2 subscribers (/phones/subscribers): the Telegram subscribe link, manual consent, search and filters, un/resubscribe, delete. */
export default function Subscribers(props: InsightsProps) {
  const t = useMemo(() => createT(props.locale, props.messages), [props.locale, props.messages]);
  const { state: list, load, search: filter } = usePagedList<Subscriber, SubscriberFilters>({ name: 'subscribers', loadingAtStart: true, onFail: () => {} }, { search: '' }, subscribersPage);
  const filters = list.query;
  const [confirming, setConfirming] = useState<Subscriber>();

  async function toggle(item: Subscriber) {
    const on = item.status === 'unsubscribed';
    const { data } = await setSubscribed(item.id, on).catch(() => ({ data: undefined }));
    if (data) notify('success', t(on ? 'subscribers.resubscribe.done' : 'subscribers.unsubscribe.done', { who: who(item) }));
    else notify('error', t('ui.failed'));
    await load(list.page);
  }

  async function remove(item: Subscriber) {
    const { data } = await removeSubscriber(item.id).catch(() => ({ data: undefined }));
    if (data) notify('success', t('subscribers.remove.done', { who: who(item) }));
    else notify('error', t('ui.failed'));
    await load(list.page);
  }

  const filtered = Boolean(filters.search.trim() || filters.status || filters.channel);
  return (
    <div>
      <p className="m-0 mb-4 text-ink-muted">{t('subscribers.intro')}</p>
      <SubscribersLink t={t} />
      <SubscribersAddForm t={t} locale={props.locale} onAdded={async () => filter({ search: '' })} />

      <form role="search" aria-label={t('subscribers.filters')} className="mb-3 grid gap-3 sm:grid-cols-3 max-w-3xl" onSubmit={(e) => (e.preventDefault(), void load(1))}>
        <label className="flex flex-col gap-1 text-sm font-medium">
          {t('subscribers.search')}
          <input type="search" className={inputClass} value={filters.search} onChange={(e) => filter({ ...filters, search: e.target.value }, true)} autoComplete="off" />
        </label>
        <label className="flex flex-col gap-1 text-sm font-medium">
          {t('subscribers.status')}
          <select className={inputClass} value={filters.status ?? ''} onChange={(e) => filter({ ...filters, status: (e.target.value || undefined) as SubscriberFilters['status'] })}>
            <option value="">{t('subscribers.any')}</option>
            {STATUSES.map((s) => <option key={s} value={s}>{t(`subscribers.statusName.${s}`)}</option>)}
          </select>
        </label>
        <label className="flex flex-col gap-1 text-sm font-medium">
          {t('subscribers.channel')}
          <select className={inputClass} value={filters.channel ?? ''} onChange={(e) => filter({ ...filters, channel: (e.target.value || undefined) as SubscriberFilters['channel'] })}>
            <option value="">{t('subscribers.any')}</option>
            {CHANNELS.map((c) => <option key={c} value={c}>{t(`subscribers.channelName.${c}`)}</option>)}
          </select>
        </label>
      </form>

      {confirming && (
        <Suspense>
          <ConfirmDialog
            open
            title={t('subscribers.remove.title')}
            text={t('subscribers.remove.text', { who: who(confirming) })}
            confirm={t('subscribers.remove.yes')}
            cancel={t('subscribers.remove.no')}
            onConfirm={() => void remove(confirming)}
            onClose={() => setConfirming(undefined)}
          />
        </Suspense>
      )}

      <Table
        caption={t('subscribers.caption')}
        list={list}
        rowKey={(item) => item.id}
        notices={{
          found: t('subscribers.found', { count: list.total }),
          texts: listTexts(t, { empty: t(filtered ? 'subscribers.emptySearch' : 'subscribers.empty') }),
          emptyAction: !filtered && <button type="button" className={secondaryButtonClass} onClick={() => focusFirstField('add-subscriber-title')}>{t('subscribers.add.title')}</button>,
          emptyIcon: 'i-lucide-users',
        }}
        columns={[
          { header: t('subscribers.col.phone'), cell: (item) => (item.phone ? `+${item.phone}` : <span className="text-ink-muted">{t('subscribers.noPhone')}</span>) },
          { header: t('subscribers.col.name'), cell: (item) => item.name },
          { header: t('subscribers.col.channel'), cell: (item) => t(`subscribers.channelName.${item.channel}`) },
          { header: t('subscribers.col.status'), cell: (item) => t(`subscribers.statusName.${item.status}`) },
          { header: t('subscribers.col.source'), cell: (item) => t(`subscribers.sourceName.${item.source}`) },
          { header: t('subscribers.col.added'), cell: (item) => formatDateTime(props.locale, item.created) },
          {
            header: t('subscribers.col.actions'),
            hideHeader: true,
            className: 'whitespace-nowrap',
            cell: (item) => (
              <div className="flex gap-2">
                {item.status === 'active' ? (
                  <button type="button" className={secondaryButtonClass} aria-label={t('subscribers.unsubscribe.label', { who: who(item) })} onClick={() => void toggle(item)}>{t('subscribers.unsubscribe.button')}</button>
                ) : (
                  <button type="button" className={secondaryButtonClass} aria-label={t('subscribers.resubscribe.label', { who: who(item) })} onClick={() => void toggle(item)}>{t('subscribers.resubscribe.button')}</button>
                )}
                <button type="button" className={secondaryButtonClass} aria-label={t('subscribers.remove.label', { who: who(item) })} onClick={() => setConfirming(item)}>{t('subscribers.remove.button')}</button>
              </div>
            ),
          },
        ]}
      />

      <Pager t={t} page={list.page} pages={list.pages} busy={list.loading} onPage={(page) => void load(page)} />
    </div>
  );
}
