import { lazy, Suspense, useMemo, useState, type FormEvent } from 'react';
import { createT } from '../../../i18n/translate.ts';
import { notify } from '../../../scripts/notify.ts';
import { IgnoreLinkBox } from './IgnoreLinkBox.tsx';
import { addPhone, displayPhone, explain, phoneError, phonesPage, removePhone, type IgnoredPhone } from '../store.ts';
import type { InsightsProps } from './props.ts';
import { useOwnerPhoneExample } from '../../account/islands/phone-hint.ts';
import { usePagedList } from '../../../stores/use-paged-list.ts';
import { focusFirstField, listTexts } from '../../../ui/list-states.tsx';
import { Table } from '../../../ui/table.tsx';
import { Pager } from '../../../ui/pager.tsx';
import { SubmitButton, TextField } from '../../../ui/field.tsx';
import { inputClass, secondaryButtonClass } from '../../../ui/classes.ts';
import { formatDateTime } from '../../../ui/format.ts';

// Loaded when the screen first asks: no code for the dialog in the page's initial JavaScript.
const ConfirmDialog = lazy(() => import('../../../ui/confirm-dialog-lazy.ts'));

/** §2 blacklist (/phones/ignore): add a number (shared phone rule), search, page, remove with confirmation, the public link. */
export default function Blacklist(props: InsightsProps) {
  const t = useMemo(() => createT(props.locale, props.messages), [props.locale, props.messages]);
  const example = useOwnerPhoneExample(props.locale);
  const { state: list, load, search: setQuery } = usePagedList<IgnoredPhone, { search: string }>({ name: 'blacklist', loadingAtStart: true, onFail: () => {} }, { search: '' }, phonesPage);
  const search = list.query.search;
  const [phone, setPhone] = useState('');
  const [comment, setComment] = useState('');
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [busy, setBusy] = useState(false);
  const [confirming, setConfirming] = useState<IgnoredPhone>();
  const onSearch = (value: string) => setQuery({ search: value }, true);

  async function submit(event: FormEvent) {
    event.preventDefault();
    if (busy) return;
    setBusy(true);
    const invalid = await phoneError(t, phone);
    setErrors(invalid ? { phone: invalid } : {});
    if (invalid) return setBusy(false);
    const { data, error, response } = await addPhone(phone, comment).catch(() => ({ data: undefined, error: undefined, response: undefined }));
    setBusy(false);
    if (!data) {
      const { fields, message } = explain(t, error, response?.status);
      setErrors(fields);
      if (message) notify('error', message);
      return;
    }
    notify('success', t('add.added', { phone: displayPhone(data.phone) }));
    setPhone('');
    setComment('');
    setQuery({ search: '' });
  }

  async function remove(item: IgnoredPhone) {
    const { data } = await removePhone(item.id).catch(() => ({ data: undefined }));
    if (data) notify('success', t('remove.done', { phone: displayPhone(item.phone) }));
    else notify('error', t('ui.failed'));
    await load(list.page);
  }

  return (
    <div>
      <p className="m-0 mb-4 text-ink-muted">{t('intro')}</p>
      <IgnoreLinkBox t={t} base={props.ignorePageBase} />

      <form noValidate onSubmit={submit} aria-labelledby="add-phone-title" className="border border-gray-200 rounded p-3 mb-4 bg-white flex flex-col gap-3">
        <h2 id="add-phone-title" className="text-base font-semibold m-0">{t('add.title')}</h2>
        <div className="grid gap-3 sm:grid-cols-2">
          <TextField label={t('add.phone')} hint={t('add.phoneHint', { example })} type="tel" name="phone" autoComplete="off" required value={phone} error={errors.phone} onChange={(e) => setPhone(e.target.value)} />
          <TextField label={t('add.comment')} name="comment" maxLength={200} autoComplete="off" value={comment} error={errors.comment} onChange={(e) => setComment(e.target.value)} />
        </div>
        <div>
          <SubmitButton busy={busy} busyLabel={t('working')}>{t('add.submit')}</SubmitButton>
        </div>
      </form>

      <form role="search" className="mb-3 max-w-md" onSubmit={(e) => (e.preventDefault(), void load(1))}>
        <label className="flex flex-col gap-1 text-sm font-medium">
          {t('search')}
          <input type="search" className={inputClass} value={search} onChange={(e) => onSearch(e.target.value)} autoComplete="off" />
        </label>
      </form>

      {confirming && (
        <Suspense>
          <ConfirmDialog
            open
            title={t('remove.title')}
            text={t('remove.text', { phone: displayPhone(confirming.phone) })}
            confirm={t('remove.yes')}
            cancel={t('remove.no')}
            onConfirm={() => void remove(confirming)}
            onClose={() => setConfirming(undefined)}
          />
        </Suspense>
      )}

      <Table
        caption={t('caption')}
        list={list}
        rowKey={(item) => item.id}
        notices={{ found: t('found', { count: list.total }), texts: listTexts(t, { empty: t(search.trim() ? 'emptySearch' : 'empty') }),
          emptyAction: !search.trim() && <button type="button" className={secondaryButtonClass} onClick={() => focusFirstField('add-phone-title')}>{t('add.title')}</button>,
          emptyIcon: 'i-lucide-ban' }}
        columns={[
          { header: t('col.phone'), cell: (item) => displayPhone(item.phone) },
          { header: t('col.comment'), cell: (item) => item.comment },
          { header: t('col.source'), cell: (item) => t(`source.${item.source}`) },
          { header: t('col.added'), cell: (item) => formatDateTime(props.locale, item.created) },
          {
            header: t('col.actions'),
            hideHeader: true,
            cell: (item) => (
              <button type="button" className={secondaryButtonClass} aria-label={t('remove.label', { phone: displayPhone(item.phone) })} onClick={() => setConfirming(item)}>
                {t('remove.button')}
              </button>
            ),
          },
        ]}
      />

      <Pager t={t} page={list.page} pages={list.pages} busy={list.loading} onPage={(page) => void load(page)} />
    </div>
  );
}
