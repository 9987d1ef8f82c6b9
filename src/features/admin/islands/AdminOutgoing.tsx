import { useStore } from '@nanostores/react';
import { useEffect, useState } from 'react';
import { outgoingList } from '../store-reports.ts';
import type { AdminProps } from './props.ts';
import { useT } from './useT.ts';
import { Field } from '../../../ui/field.tsx';
import { ListState } from '../../../ui/list-states.tsx';
import { Pager } from '../../../ui/pager.tsx';
import { buttonClass, inputClass } from '../../../ui/classes.ts';
import { formatDateTime } from '../../../ui/format.ts';
import { listTexts } from './helpers.ts';

/** /admin/outgoing: the real outbox (mail held when no SMTP is configured), newest first. */
export default function AdminOutgoing(props: AdminProps) {
  const t = useT(props);
  const state = useStore(outgoingList.$state);
  const [to, setTo] = useState('');
  useEffect(() => void outgoingList.load(1), []);
  return (
    <div>
      <p className="text-sm text-ink-muted m-0 mb-3">{t('outgoing.about')}</p>
      <form role="search" className="flex gap-2 items-end mb-3" onSubmit={(e) => (e.preventDefault(), void outgoingList.load(1, { to }))}>
        <div className="flex-1 max-w-md">
          <Field label={t('outgoing.to')}>{(id) => <input id={id} type="email" className={inputClass} value={to} onChange={(e) => setTo(e.target.value)} />}</Field>
        </div>
        <button type="submit" className={buttonClass}>{t('common.search')}</button>
      </form>
      <p className="text-sm m-0 mb-2">{t('outgoing.total', { count: state.total })}</p>
      <ListState texts={listTexts(t)} loading={state.loading && !state.items.length} failed={state.failed} empty={!state.loading && !state.failed && !state.items.length} />
      <ul className="list-none m-0 p-0 flex flex-col gap-2">
        {state.items.map((m) => (
          <li key={m.id} className="bg-white border border-gray-200 rounded p-3 text-sm">
            <details>
              <summary className="cursor-pointer">
                <strong>{m.subject}</strong> → {m.to} · <span className="text-ink-muted">{formatDateTime(props.locale, m.createdDateUnixTime)}</span>
              </summary>
              <pre className="whitespace-pre-wrap text-xs mt-2 mb-0">{m.text}</pre>
            </details>
          </li>
        ))}
      </ul>
      <Pager t={t} page={state.page} pages={state.pages} label={t('outgoing.pages')} onPage={(p) => void outgoingList.load(p)} />
    </div>
  );
}
