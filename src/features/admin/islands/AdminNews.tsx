import { useStore } from '@nanostores/react';
import { useEffect, useState } from 'react';
import { deleteNews, newsList, publishNews } from '../store-reports.ts';
import type { AdminProps } from './props.ts';
import { useT } from './useT.ts';
import { Field } from '../../../ui/field.tsx';
import { ListState } from '../../../ui/list-states.tsx';
import { Pager } from '../../../ui/pager.tsx';
import { Section } from '../../../ui/section.tsx';
// Static, not lazy: a lazy import would bring the preload helper, which this page does not load otherwise.
import { ConfirmDialog } from '../../../ui/confirm-dialog.tsx';
import { buttonClass, inputClass, secondaryButtonClass } from '../../../ui/classes.ts';
import { formatDateTime } from '../../../ui/format.ts';
import { listTexts } from './helpers.ts';

/** /admin/news: service notifications; every user sees the latest in the header bell (GET /News). */
export default function AdminNews(props: AdminProps) {
  const t = useT(props);
  const state = useStore(newsList.$state);
  const [title, setTitle] = useState('');
  const [text, setText] = useState('');
  const [level, setLevel] = useState<'info' | 'warning'>('info');
  const [status, setStatus] = useState('');
  useEffect(() => void newsList.load(1), []);

  const publish = async () => {
    if (!title.trim() || !text.trim()) return setStatus(t('validation.required'));
    const ok = await publishNews({ title, text, level });
    setStatus(ok ? t('news.published') : t('common.saveFailed'));
    if (ok) (setTitle(''), setText(''));
  };
  const [deleting, setDeleting] = useState<{ id: number; title: string } | null>(null);

  return (
    <div>
      <Section title={t('news.new')}>
        <form className="grid gap-3" onSubmit={(e) => (e.preventDefault(), void publish())}>
          <Field label={t('news.titleField')}>{(id) => <input id={id} className={inputClass} maxLength={200} required value={title} onChange={(e) => setTitle(e.target.value)} />}</Field>
          <Field label={t('news.text')}>{(id) => <textarea id={id} className={inputClass} rows={3} maxLength={5000} required value={text} onChange={(e) => setText(e.target.value)} />}</Field>
          <Field label={t('news.level')}>
            {(id) => (
              <select id={id} className={inputClass} value={level} onChange={(e) => setLevel(e.target.value as 'info' | 'warning')}>
                <option value="info">{t('news.info')}</option>
                <option value="warning">{t('news.warning')}</option>
              </select>
            )}
          </Field>
          <div className="flex items-center gap-3">
            <button type="submit" className={buttonClass}>{t('news.publish')}</button>
            <p className="text-sm m-0" role="status">{status}</p>
          </div>
        </form>
      </Section>
      <ListState texts={{ ...listTexts(t), empty: t('news.empty') }} retry={{ label: t('ui.retry'), run: () => void newsList.load(state.page) }} loading={state.loading && !state.items.length} failed={state.failed} empty={!state.loading && !state.failed && !state.items.length} />
      <ul className="list-none m-0 p-0 flex flex-col gap-2">
        {state.items.map((n) => (
          <li key={n.id} className="bg-white border border-gray-200 rounded p-3">
            <div className="flex justify-between gap-2">
              <strong>{n.level === 'warning' && <span aria-hidden="true" className="i-lucide-triangle-alert text-amber-700 mr-1" />}{n.title}</strong>
              <button type="button" className={secondaryButtonClass} aria-label={t('news.deleteOne', { title: n.title })} onClick={() => setDeleting(n)}>{t('common.delete')}</button>
            </div>
            <p className="text-sm m-0 mt-1 whitespace-pre-line">{n.text}</p>
            <p className="text-xs text-ink-muted m-0 mt-1">{formatDateTime(props.locale, n.createdDateUnixTime)}</p>
          </li>
        ))}
      </ul>
      {deleting && (
        <ConfirmDialog
          open
          title={t('news.confirmDelete', { title: deleting.title })}
          text={t('common.cannotUndo')}
          confirm={t('common.delete')}
          cancel={t('common.cancel')}
          onConfirm={() => void deleteNews(deleting.id)}
          onClose={() => setDeleting(null)}
        />
      )}
      <Pager t={t} page={state.page} pages={state.pages} label={t('news.pages')} onPage={(p) => void newsList.load(p)} />
    </div>
  );
}
