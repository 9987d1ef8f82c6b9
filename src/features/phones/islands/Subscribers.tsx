import { useMemo, useState } from 'react';
import { createT } from '../../../i18n/translate.ts';
import { notify } from '../../../scripts/notify.ts';
import type { InsightsProps } from './props.ts';
import { usePagedList } from '../../../stores/use-paged-list.ts';
import { SubscribersAddForm } from './SubscribersAddForm.tsx';
import { SubscribersLink } from './SubscribersLink.tsx';
import { CHANNELS, removeSubscriber, subscribersPage, setSubscribed, STATUSES, who, type Subscriber, type SubscriberFilters } from '../store-subscribers.ts';
import { ListStatus } from '../../../ui/list-states.tsx';
import { Pager } from '../../../ui/pager.tsx';
import { dangerButtonClass, inputClass, secondaryButtonClass, tdClass, thClass } from '../../../ui/classes.ts';
import { formatDateTime } from '../../../ui/format.ts';

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
    else notify('error', t('errors.network'));
    await load(list.page);
  }

  async function remove(item: Subscriber) {
    setConfirming(undefined);
    const { data } = await removeSubscriber(item.id).catch(() => ({ data: undefined }));
    if (data) notify('success', t('subscribers.remove.done', { who: who(item) }));
    else notify('error', t('errors.network'));
    await load(list.page);
  }

  const filtered = Boolean(filters.search.trim() || filters.status || filters.channel);
  return (
    <div>
      <p className="m-0 mb-4 text-ink-muted">{t('subscribers.intro')}</p>
      <SubscribersLink t={t} />
      <SubscribersAddForm t={t} onAdded={async () => filter({ search: '' })} />

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
        <div role="alertdialog" aria-labelledby="subscriber-confirm-title" aria-describedby="subscriber-confirm-text" className="border border-red-200 bg-red-50 rounded p-3 mb-3">
          <h2 id="subscriber-confirm-title" className="text-base font-semibold m-0">{t('subscribers.remove.title')}</h2>
          <p id="subscriber-confirm-text" className="text-sm m-0 my-2">{t('subscribers.remove.text', { who: who(confirming) })}</p>
          <div className="flex gap-2">
            <button type="button" className={dangerButtonClass} onClick={() => void remove(confirming)} autoFocus>{t('subscribers.remove.yes')}</button>
            <button type="button" className={secondaryButtonClass} onClick={() => setConfirming(undefined)}>{t('subscribers.remove.no')}</button>
          </div>
        </div>
      )}

      <ListStatus
        count={list.items.length}
        loading={list.loading}
        failed={list.failed}
        found={t('subscribers.found', { count: list.total })}
        texts={{ loading: t('loading'), failed: t('errors.network'), empty: t(filtered ? 'subscribers.emptySearch' : 'subscribers.empty') }}
      />

      {list.items.length > 0 && (
        <div className="overflow-x-auto">
          <table className="w-full text-sm border-collapse" aria-busy={list.loading}>
            <caption className="sr-only">{t('subscribers.caption')}</caption>
            <thead>
              <tr>
                {(['phone', 'name', 'channel', 'status', 'source', 'added'] as const).map((c) => <th key={c} scope="col" className={thClass}>{t(`subscribers.col.${c}`)}</th>)}
                <th scope="col" className={thClass}><span className="sr-only">{t('subscribers.col.actions')}</span></th>
              </tr>
            </thead>
            <tbody>
              {list.items.map((item) => (
                <tr key={item.id}>
                  <td className={tdClass}>{item.phone ? `+${item.phone}` : <span className="text-ink-muted">{t('subscribers.noPhone')}</span>}</td>
                  <td className={tdClass}>{item.name}</td>
                  <td className={tdClass}>{t(`subscribers.channelName.${item.channel}`)}</td>
                  <td className={tdClass}>{t(`subscribers.statusName.${item.status}`)}</td>
                  <td className={tdClass}>{t(`subscribers.sourceName.${item.source}`)}</td>
                  <td className={tdClass}>{formatDateTime(props.locale, item.created)}</td>
                  <td className={`${tdClass} whitespace-nowrap`}>
                    <div className="flex gap-2">
                      {item.status === 'active' ? (
                        <button type="button" className={secondaryButtonClass} aria-label={t('subscribers.unsubscribe.label', { who: who(item) })} onClick={() => void toggle(item)}>{t('subscribers.unsubscribe.button')}</button>
                      ) : (
                        <button type="button" className={secondaryButtonClass} aria-label={t('subscribers.resubscribe.label', { who: who(item) })} onClick={() => void toggle(item)}>{t('subscribers.resubscribe.button')}</button>
                      )}
                      <button type="button" className={secondaryButtonClass} aria-label={t('subscribers.remove.label', { who: who(item) })} onClick={() => setConfirming(item)}>{t('subscribers.remove.button')}</button>
                    </div>
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}

      <Pager t={t} page={list.page} pages={list.pages} busy={list.loading} onPage={(page) => void load(page)} />
    </div>
  );
}
