import { useStore } from '@nanostores/react';
import { useEffect, useRef, useState } from 'react';
import { userList, type UserSort } from '../store.ts';
import type { AdminProps } from './props.ts';
import { useT } from './useT.ts';
import { Field } from '../../../ui/field.tsx';
import { Table } from '../../../ui/table.tsx';
import { Pager } from '../../../ui/pager.tsx';
import { formatAmount, formatDate } from '../../../ui/format.ts';
import { inputClass, textLinkClass } from '../../../ui/classes.ts';
import { listTexts } from './helpers.ts';

const SORTS: UserSort[] = ['createdAt', 'email', 'fullName', 'id'];

export function UserList(props: AdminProps) {
  const t = useT(props);
  const state = useStore(userList.$state);
  const [text, setText] = useState(state.query.text);
  const timer = useRef<ReturnType<typeof setTimeout>>(undefined);

  useEffect(() => void userList.load(1), []);
  const search = (value: string) => {
    setText(value);
    clearTimeout(timer.current);
    // Search as the admin types, once they pause.
    timer.current = setTimeout(() => void userList.load(1, { text: value }), 300);
  };

  // The column the list is sorted by tells screen readers so (aria-sort); the sort itself is chosen above.
  const sortedBy = (sort: UserSort) => (state.query.sort === sort ? (state.query.order === 'asc' ? 'ascending' : 'descending') : undefined);

  return (
    <div>
      <form role="search" className="grid gap-3 sm:grid-cols-[1fr_auto_auto] items-end mb-3" onSubmit={(e) => (e.preventDefault(), void userList.load(1, { text }))}>
        <Field label={t('users.search')} hint={t('users.searchHint')}>
          {(id) => <input id={id} type="search" className={inputClass} value={text} onChange={(e) => search(e.target.value)} autoComplete="off" />}
        </Field>
        <Field label={t('users.sortBy')}>
          {(id) => (
            <select id={id} className={inputClass} value={state.query.sort} onChange={(e) => void userList.load(1, { sort: e.target.value as UserSort })}>
              {SORTS.map((s) => (
                <option key={s} value={s}>{t(`users.sort.${s}`)}</option>
              ))}
            </select>
          )}
        </Field>
        <Field label={t('users.order')}>
          {(id) => (
            <select id={id} className={inputClass} value={state.query.order} onChange={(e) => void userList.load(1, { order: e.target.value as 'asc' | 'desc' })}>
              <option value="desc">{t('users.orderDesc')}</option>
              <option value="asc">{t('users.orderAsc')}</option>
            </select>
          )}
        </Field>
      </form>
      <Table
        caption={t('users.caption')}
        list={state}
        rowKey={(u) => u.id}
        notices={{
          texts: listTexts(t),
          found: t(state.extra.totalKind === 'estimate' ? 'users.foundAbout' : state.extra.totalKind === 'atLeast' ? 'users.foundAtLeast' : 'users.found', { count: state.total }),
        }}
        columns={[
          { header: t('users.col.id'), cell: (u) => u.id, sorted: sortedBy('id') },
          { header: t('users.col.email'), cell: (u) => <a className={textLinkClass} href={`${props.links.users}?id=${u.id}`}>{u.email}</a>, sorted: sortedBy('email') },
          { header: t('users.col.fullName'), cell: (u) => u.fullName ?? '—', sorted: sortedBy('fullName') },
          { header: t('users.col.phone'), cell: (u) => u.phone ?? '—' },
          { header: t('users.col.balance'), cell: (u) => formatAmount(u.balance) },
          { header: t('users.col.role'), cell: (u) => t(`roles.${u.role}`) },
          { header: t('block.column'), cell: (u) => <StateBadge t={t} user={u} /> },
          { header: t('users.col.created'), cell: (u) => formatDate(props.locale, u.createdDateUnixTime), sorted: sortedBy('createdAt') },
        ]}
      />
      <Pager t={t} page={state.page} pages={state.pages} label={t('users.pages')} onPage={(p) => void userList.load(p)} />
    </div>
  );
}

const BADGE = 'inline-block px-2 py-0.5 rounded text-xs font-medium';

/** Blocked and deleted users stand out in the list; active ones show a quiet word. */
function StateBadge({ t, user }: { t: ReturnType<typeof useT>; user: { blockedDateUnixTime: number | null; deletedDateUnixTime: number | null } }) {
  if (user.deletedDateUnixTime !== null) return <span className={`${BADGE} bg-gray-200 text-gray-800`}>{t('block.deleted')}</span>;
  if (user.blockedDateUnixTime !== null) return <span className={`${BADGE} bg-red-100 text-red-800`}>{t('block.blocked')}</span>;
  return <span className="text-xs text-ink-muted">{t('block.active')}</span>;
}
