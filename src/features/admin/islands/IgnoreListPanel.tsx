
import type { AdminProps } from './props.ts';
import { api } from '../../../api/browser.ts';
import { usePagedCall } from './usePagedCall.ts';
import { useT } from './useT.ts';
import { ListState, Pager, Section, formatDateTime, tableClass, tdClass, thClass } from '../../../ui/index.ts';
import { listTexts } from './helpers.ts';

const PAGE_SIZE = 20;

/** A customer's ignore list (§2 blacklist), read-only here: the owner and the public ignore link maintain it. */
export function IgnoreListPanel(props: AdminProps & { userId: number }) {
  const t = useT(props);
  const state = usePagedCall('ignore list', props.userId, (page) =>
    api().GET('/Admin/Users/{id}/IgnoredPhones', { params: { path: { id: props.userId }, query: { page, pageSize: PAGE_SIZE } } }),
  );

  const phones = state.data?.phones ?? [];
  return (
    <Section title={t('ignore.title')}>
      <ListState texts={listTexts(t)} loading={state.loading && !state.data} failed={state.failed} empty={!state.loading && !state.failed && phones.length === 0} />
      {phones.length > 0 && (
        <div className="overflow-x-auto">
          <table className={tableClass} aria-busy={state.loading}>
            <caption className="sr-only">{t('ignore.caption')}</caption>
            <thead>
              <tr>
                <th scope="col" className={thClass}>{t('ignore.col.phone')}</th>
                <th scope="col" className={thClass}>{t('ignore.col.comment')}</th>
                <th scope="col" className={thClass}>{t('ignore.col.source')}</th>
                <th scope="col" className={thClass}>{t('ignore.col.created')}</th>
              </tr>
            </thead>
            <tbody>
              {phones.map((p) => (
                <tr key={p.id}>
                  <td className={tdClass}>+{p.phone}</td>
                  <td className={tdClass}>{p.comment}</td>
                  <td className={tdClass}>{t(`ignore.source.${p.source}`)}</td>
                  <td className={tdClass}>{formatDateTime(props.locale, p.createdUnixTime)}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
      <Pager t={t} prefix="common." page={state.data?.page ?? 1} pages={state.data?.pages ?? 0} label={t('ignore.pages')} onPage={(p) => void state.load(p)} />
    </Section>
  );
}
