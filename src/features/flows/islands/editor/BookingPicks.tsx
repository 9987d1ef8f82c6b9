import { useEffect, useState, type ReactNode } from 'react';
import type { T } from '../../../../i18n/translate.ts';
import { bookingLists } from '../../store-editor.ts';
import { errorId } from './fields.tsx';

/** A booking master or service as a filter option; the flow stores its id as a string (delivery rules compare so). */
export interface Option {
  id: string;
  label: string;
}

type Lists = { masters: Option[]; services: Option[] } | 'loading' | 'failed';

/** The owner's masters and services (GET /Booking/Masters, /Booking/Services), fetched once per step visit. */
export function useBookingLists(): Lists {
  const [lists, setLists] = useState<Lists>('loading');
  useEffect(() => {
    let live = true;
    bookingLists()
      .then(([m, s]) => {
        if (!m.data || !s.data) throw new Error(`booking lists: ${m.response.status}/${s.response.status}`);
        const masters = m.data.map((x) => ({ id: String(x.id), label: x.name }));
        const services = s.data.map((x) => ({ id: String(x.id), label: x.title }));
        if (live) setLists({ masters, services });
      })
      .catch((error: unknown) => {
        console.error('flow editor: booking lists failed', error);
        if (live) setLists('failed');
      });
    return () => {
      live = false;
    };
  }, []);
  return lists;
}

interface PickProps {
  t: T;
  name: 'masters' | 'services';
  lists: Lists;
  selected: string[];
  onChange: (ids: string[]) => void;
}

/** The owner's masters or services as a choice group, with the loading, failed and "you have none" states. */
export function MultiPick({ t, name, lists, selected, onChange }: PickProps) {
  return (
    <ChoiceGroup legend={t(`filter.${name}`)} hint={t('pickHint')} name={name} options={typeof lists === 'string' ? [] : lists[name]} selected={selected} onChange={onChange}>
      {lists === 'loading' && <p className="text-sm m-0" role="status">{t('pickLoading')}</p>}
      {lists === 'failed' && <p className="text-sm text-red-700 m-0" role="alert">{t('pickFailed')}</p>}
      {typeof lists !== 'string' && lists[name].length === 0 && <p className="text-sm m-0">{t(`pickEmpty.${name}`)}</p>}
    </ChoiceGroup>
  );
}

interface ChoiceProps {
  legend: string;
  hint: string;
  /** Names the hint's id. */
  name: string;
  options: readonly Option[];
  selected: string[];
  onChange: (ids: string[]) => void;
  /** Notices above the list (loading, failed, none). */
  children?: ReactNode;
  /** The field whose error (a FieldError, given as `error`) the group is described by. */
  errorField?: string;
  error?: ReactNode;
}

/**
 * A labelled group of checkboxes over a filter's list (the kit has no multi-select; a fieldset of checkboxes is the
 * accessible one): nothing ticked means no restriction; stored values no longer offered are kept as they are.
 */
export function ChoiceGroup({ legend, hint, name, options, selected, onChange, children, errorField, error }: ChoiceProps) {
  const hintId = `pick-${name}-hint`;
  const toggle = (id: string, on: boolean) => onChange(on ? [...selected, id] : selected.filter((x) => x !== id));
  return (
    <fieldset className="border border-gray-200 rounded p-3 m-0" aria-describedby={errorField ? `${hintId} ${errorId(errorField)}` : hintId}>
      <legend className="text-sm font-medium px-1">{legend}</legend>
      <p id={hintId} className="text-sm text-ink-muted m-0 mb-2">{hint}</p>
      {children}
      <ul className="list-none p-0 m-0 grid gap-1">
        {options.map((o) => (
          <li key={o.id}>
            <label className="flex items-center gap-2 text-sm">
              <input type="checkbox" checked={selected.includes(o.id)} onChange={(e) => toggle(o.id, e.target.checked)} />
              {o.label}
            </label>
          </li>
        ))}
      </ul>
      {error}
    </fieldset>
  );
}
