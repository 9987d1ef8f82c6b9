
import type { AdminProps } from './props.ts';
import { logAdminFailure } from '../api.ts';
import { usePagedList } from '../../../stores/use-paged-list.ts';
import { ignoredPhonesPage } from '../store.ts';
import { useT } from './useT.ts';
import { ListState } from '../../../ui/list-states.tsx';
import { Pager } from '../../../ui/pager.tsx';
import { Section } from '../../../ui/section.tsx';
import { formatDateTime } from '../../../ui/format.ts';
import { tableClass, tdClass, thClass } from '../../../ui/classes.ts';
import { listTexts } from './helpers.ts';

/** A customer's ignore list (§2 blacklist), read-only here: the owner and the public ignore link maintain it. */
export function IgnoreListPanel(props: AdminProps & { userId: number }) {
  const t = useT(props);
  const { state, load } = usePagedList({ name: 'ignore list', loadingAtStart: true, onFail: logAdminFailure }, {}, ignoredPhonesPage(props.userId), props.userId);

  const phones = state.items;
  return (
    <Section title={t('ignore.title')}>
      <ListState texts={listTexts(t)} loading={state.loading && !state.items.length} failed={state.failed} empty={!state.loading && !state.failed && phones.length === 0} />
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
      <Pager t={t} prefix="common." page={state.page} pages={state.pages} label={t('ignore.pages')} onPage={(p) => void load(p)} />
    </Section>
  );
}
