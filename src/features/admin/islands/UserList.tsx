import { useStore } from '@nanostores/react';
import { useEffect, useRef, useState } from 'react';
import { userList, type UserSort } from '../store.ts';
import type { AdminProps } from './props.ts';
import { useT } from './useT.ts';
import { Field } from '../../../ui/field.tsx';
import { ListState } from '../../../ui/list-states.tsx';
import { Pager } from '../../../ui/pager.tsx';
import { formatAmount, formatDate } from '../../../ui/format.ts';
import { inputClass, tableClass, tdClass, textLinkClass, thClass } from '../../../ui/classes.ts';
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
      <p className="text-sm text-ink-muted m-0 mb-2" aria-live="polite">{t(state.extra.totalKind === 'estimate' ? 'users.foundAbout' : state.extra.totalKind === 'atLeast' ? 'users.foundAtLeast' : 'users.found', { count: state.total })}</p>
      <ListState texts={listTexts(t)} loading={state.loading && !state.items.length} failed={state.failed} empty={!state.loading && !state.failed && !state.items.length} />
      {state.items.length > 0 && (
        <div className="overflow-x-auto">
          <table className={tableClass} aria-busy={state.loading}>
            <caption className="sr-only">{t('users.caption')}</caption>
            <thead>
              <tr>
                <th scope="col" className={thClass}>{t('users.col.id')}</th>
                <th scope="col" className={thClass}>{t('users.col.email')}</th>
                <th scope="col" className={thClass}>{t('users.col.fullName')}</th>
                <th scope="col" className={thClass}>{t('users.col.phone')}</th>
                <th scope="col" className={thClass}>{t('users.col.balance')}</th>
                <th scope="col" className={thClass}>{t('users.col.role')}</th>
                <th scope="col" className={thClass}>{t('users.col.created')}</th>
              </tr>
            </thead>
            <tbody>
              {state.items.map((u) => (
                <tr key={u.id}>
                  <td className={tdClass}>{u.id}</td>
                  <td className={tdClass}>
                    <a className={textLinkClass} href={`${props.links.users}?id=${u.id}`}>{u.email}</a>
                  </td>
                  <td className={tdClass}>{u.fullName ?? '—'}</td>
                  <td className={tdClass}>{u.phone ?? '—'}</td>
                  <td className={tdClass}>{formatAmount(u.balance)}</td>
                  <td className={tdClass}>{t(`roles.${u.role}`)}</td>
                  <td className={tdClass}>{formatDate(props.locale, u.createdDateUnixTime)}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
      <Pager t={t} prefix="common." page={state.page} pages={state.pages} label={t('users.pages')} onPage={(p) => void userList.load(p)} />
    </div>
  );
}
