import { useStore } from '@nanostores/react';
import { useEffect } from 'react';
import { instanceList } from '../store-reports.ts';
import type { AdminProps } from './props.ts';
import { useT } from './useT.ts';
import { Field } from '../../../ui/field.tsx';
import { Table } from '../../../ui/table.tsx';
import { Pager } from '../../../ui/pager.tsx';
import { formatDate } from '../../../ui/format.ts';
import { inputClass, textLinkClass } from '../../../ui/classes.ts';
import { instanceStateText, listTexts } from './helpers.ts';

const STATES = ['init', 'GotQrCode', 'NotAuthorized', 'Connected', 'Authorized', 'loading', 'error', 'unknown'];

/** /admin/instances: every WhatsApp instance with its last reported state and counts per state. */
export default function AdminInstances(props: AdminProps) {
  const t = useT(props);
  const state = useStore(instanceList.$state);
  useEffect(() => void instanceList.load(1), []);
  const byState = (state.extra.byState ?? {}) as Record<string, number>;
  const stateText = (s: string | null) => instanceStateText(t, s);
  return (
    <div>
      <p className="text-sm m-0 mb-2">
        {Object.entries(byState).map(([s, n]) => `${stateText(s)}: ${n}`).join(' · ')}
      </p>
      <div className="max-w-xs mb-3">
        <Field label={t('instances.filter')}>
          {(id) => (
            <select id={id} className={inputClass} value={state.query.state} onChange={(e) => void instanceList.load(1, { state: e.target.value })}>
              <option value="">{t('instances.all')}</option>
              {STATES.map((s) => <option key={s} value={s}>{stateText(s)}</option>)}
            </select>
          )}
        </Field>
      </div>
      <Table
        caption={t('instances.caption')}
        list={state}
        rowKey={(i) => i.id}
        notices={{ texts: listTexts(t) }}
        columns={[
          { header: t('instances.phone'), cell: (i) => i.phone },
          { header: t('instances.state'), cell: (i) => stateText(i.state) },
          { header: t('instances.owner'), cell: (i) => <a className={textLinkClass} href={`${props.links.users}?id=${i.userId}`}>{i.userEmail}</a> },
          { header: t('instances.created'), cell: (i) => formatDate(props.locale, i.createdDateUnixTime) },
        ]}
      />
      <Pager t={t} page={state.page} pages={state.pages} label={t('instances.pages')} onPage={(p) => void instanceList.load(p)} />
    </div>
  );
}
