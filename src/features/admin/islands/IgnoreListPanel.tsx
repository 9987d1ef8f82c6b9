
import type { AdminProps } from './props.ts';
import { logAdminFailure } from '../api.ts';
import { usePagedList } from '../../../stores/use-paged-list.ts';
import { ignoredPhonesPage } from '../store.ts';
import { useT } from './useT.ts';
import { Table } from '../../../ui/table.tsx';
import { Pager } from '../../../ui/pager.tsx';
import { Section } from '../../../ui/section.tsx';
import { formatDateTime } from '../../../ui/format.ts';
import { listTexts } from './helpers.ts';

/** A customer's ignore list (§2 blacklist), read-only here: the owner and the public ignore link maintain it. */
export function IgnoreListPanel(props: AdminProps & { userId: number }) {
  const t = useT(props);
  const { state, load } = usePagedList({ name: 'ignore list', loadingAtStart: true, onFail: logAdminFailure }, {}, ignoredPhonesPage(props.userId), props.userId);

  return (
    <Section title={t('ignore.title')}>
      <Table
        caption={t('ignore.caption')}
        list={state}
        rowKey={(p) => p.id}
        notices={{ texts: listTexts(t) }}
        columns={[
          { header: t('ignore.col.phone'), cell: (p) => `+${p.phone}` },
          { header: t('ignore.col.comment'), cell: (p) => p.comment },
          { header: t('ignore.col.source'), cell: (p) => t(`ignore.source.${p.source}`) },
          { header: t('ignore.col.created'), cell: (p) => formatDateTime(props.locale, p.createdUnixTime) },
        ]}
      />
      <Pager t={t} page={state.page} pages={state.pages} label={t('ignore.pages')} onPage={(p) => void load(p)} />
    </Section>
  );
}
