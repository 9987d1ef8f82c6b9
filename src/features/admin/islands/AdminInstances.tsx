import { useStore } from '@nanostores/react';
import { useEffect } from 'react';
import { instanceList } from '../store-reports.ts';
import type { AdminProps } from './props.ts';
import { useT } from './useT.ts';
import { Field } from '../../../ui/field.tsx';
import { ListState } from '../../../ui/list-states.tsx';
import { Pager } from '../../../ui/pager.tsx';
import { formatDate } from '../../../ui/format.ts';
import { inputClass, tableClass, tdClass, textLinkClass, thClass } from '../../../ui/classes.ts';
import { listTexts } from './helpers.ts';

const STATES = ['init', 'GotQrCode', 'NotAuthorized', 'Connected', 'Authorized', 'loading', 'error', 'unknown'];

/** /admin/instances: every WhatsApp instance with its last reported state and counts per state. */
export default function AdminInstances(props: AdminProps) {
  const t = useT(props);
  const state = useStore(instanceList.$state);
  useEffect(() => void instanceList.load(1), []);
  const byState = (state.extra.byState ?? {}) as Record<string, number>;
  return (
    <div>
      <p className="text-sm m-0 mb-2">
        {Object.entries(byState).map(([s, n]) => `${s === 'unknown' ? t('instances.unknown') : s}: ${n}`).join(' · ')}
      </p>
      <div className="max-w-xs mb-3">
        <Field label={t('instances.filter')}>
          {(id) => (
            <select id={id} className={inputClass} value={state.query.state} onChange={(e) => void instanceList.load(1, { state: e.target.value })}>
              <option value="">{t('instances.all')}</option>
              {STATES.map((s) => <option key={s} value={s}>{s === 'unknown' ? t('instances.unknown') : s}</option>)}
            </select>
          )}
        </Field>
      </div>
      <ListState texts={listTexts(t)} loading={state.loading && !state.items.length} failed={state.failed} empty={!state.loading && !state.failed && !state.items.length} />
      {state.items.length > 0 && (
        <table className={tableClass}>
          <caption className="sr-only">{t('instances.caption')}</caption>
          <thead>
            <tr>
              <th scope="col" className={thClass}>{t('instances.phone')}</th>
              <th scope="col" className={thClass}>{t('instances.state')}</th>
              <th scope="col" className={thClass}>{t('instances.owner')}</th>
              <th scope="col" className={thClass}>{t('instances.created')}</th>
            </tr>
          </thead>
          <tbody>
            {state.items.map((i) => (
              <tr key={i.id}>
                <td className={tdClass}>{i.phone}</td>
                <td className={tdClass}>{i.state ?? t('instances.unknown')}</td>
                <td className={tdClass}><a className={textLinkClass} href={`${props.links.users}?id=${i.userId}`}>{i.userEmail}</a></td>
                <td className={tdClass}>{formatDate(props.locale, i.createdDateUnixTime)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
      <Pager t={t} prefix="common." page={state.page} pages={state.pages} label={t('instances.pages')} onPage={(p) => void instanceList.load(p)} />
    </div>
  );
}
