import { useStore } from '@nanostores/react';
import { useEffect, useState } from 'react';
import { userList } from '../store.ts';
import { PaysPanel } from './PaysPanel.tsx';
import type { AdminProps } from './props.ts';
import { useT } from './useT.ts';
import { Field } from '../../../ui/field.tsx';
import { buttonClass, inputClass, textLinkClass } from '../../../ui/classes.ts';
import { listTexts, queryInt } from './helpers.ts';
import { ListState } from '../../../ui/list-states.tsx';

/** /admin/pays?userId=N: that user's payments (the support widget links here); without one, find the user first. */
export default function AdminPays(props: AdminProps) {
  const t = useT(props);
  const [userId, setUserId] = useState<number | null | undefined>(undefined);
  const [text, setText] = useState('');
  const found = useStore(userList.$state);
  useEffect(() => setUserId(queryInt('userId')), []);
  if (userId === undefined) return null;
  if (userId) {
    return (
      <div>
        <p className="text-sm m-0 mb-3">
          <a className={textLinkClass} href={`${props.links.users}?id=${userId}`}>{t('pays.userLink', { id: userId })}</a>
        </p>
        <PaysPanel {...props} userId={userId} />
      </div>
    );
  }
  return (
    <div>
      <form role="search" className="flex gap-2 items-start mb-3" onSubmit={(e) => (e.preventDefault(), void userList.load(1, { text }))}>
        <div className="flex-1">
          <Field label={t('pays.findUser')} hint={t('users.searchHint')}>
            {(id) => <input id={id} type="search" className={inputClass} value={text} onChange={(e) => setText(e.target.value)} />}
          </Field>
        </div>
        {/* Level with the input, not with its hint (the label's line and gap above it). */}
        <button type="submit" className={`${buttonClass} mt-6`}>{t('common.search')}</button>
      </form>
      {found.query.text && <ListState texts={listTexts(t)} loading={found.loading && !found.items.length} failed={found.failed} empty={!found.loading && !found.failed && !found.items.length} />}
      <ul className="list-none p-0 m-0 flex flex-col gap-1 text-sm">
        {found.query.text &&
          found.items.map((u) => (
            <li key={u.id}>
              <a className={textLinkClass} href={`${props.links.pays}?userId=${u.id}`}>{u.email}</a> {u.fullName ? `· ${u.fullName}` : ''}
            </li>
          ))}
      </ul>
    </div>
  );
}
