import type { Column } from '../../../ui/table.tsx';
import type { TypedT } from '../../../i18n/translate.ts';
import type { NamespaceMessages, WithUi } from '../../../i18n/namespaces.ts';
import { formatAmount, formatDateTime } from '../../../ui/format.ts';
import { secondaryButtonClass, textLinkClass } from '../../../ui/classes.ts';
import { badgeClass } from '../../flows/islands/status-badge.ts';
import type { Distribution, DistributionsQuery } from '../store.ts';
import { Progress } from './progress.tsx';

type DT = TypedT<WithUi<NamespaceMessages['distributions']>>;

interface ColumnsOptions {
  t: DT;
  locale: string;
  base: string;
  query: DistributionsQuery;
  selected: ReadonlySet<number>;
  allSelected: boolean;
  busy: boolean;
  onSelectAll: (on: boolean) => void;
  onSelect: (id: number, on: boolean) => void;
  onDuplicate: (d: Distribution) => void;
  onDelete: (d: Distribution) => void;
}

const count = (n: number) => <span className="tabular-nums">{formatAmount(n)}</span>;

/** The §2 columns of the distributions list: selection, title, type, mode, status, dates, counts, progress, actions. */
export function listColumns(o: ColumnsOptions): Column<Distribution>[] {
  const { t, locale, base, query } = o;
  const sorted = (by: DistributionsQuery['sort']) => (query.sort === by ? (query.order === 'asc' ? 'ascending' : 'descending') : undefined);
  return [
    {
      header: <input type="checkbox" aria-label={t('selectAll')} checked={o.allSelected} onChange={(e) => o.onSelectAll(e.target.checked)} />,
      cell: (d) => <input type="checkbox" aria-label={t('select', { title: d.title })} checked={o.selected.has(d.id)} onChange={(e) => o.onSelect(d.id, e.target.checked)} />,
    },
    { header: t('col.title'), cell: (d) => <a className={textLinkClass} href={`${base}/distributions/edit/${d.id}`}>{d.title}</a> },
    { header: t('col.type'), cell: (d) => t(`type.${d.type}`) },
    { header: t('col.mode'), cell: (d) => t(`mode.${d.mode}`) },
    {
      header: t('col.status'),
      // Why the server stopped or holds it (a gone session, no messages left), next to the badge.
      cell: (d) => (
        <>
          <span className={badgeClass(d.status)}>{t(`status.${d.status}`)}</span>
          {d.statusReason && <span className="block text-xs text-gray-700 mt-1">{t(`statusReason.${d.statusReason}`)}</span>}
        </>
      ),
    },
    { header: t('col.created'), cell: (d) => formatDateTime(locale, d.created), sorted: sorted('created'), className: 'whitespace-nowrap' },
    { header: t('col.edited'), cell: (d) => formatDateTime(locale, d.edited), sorted: sorted('edited'), className: 'whitespace-nowrap' },
    { header: t('col.lastStart'), cell: (d) => formatDateTime(locale, d.lastStart), sorted: sorted('lastStart'), className: 'whitespace-nowrap' },
    { header: t('col.sent'), cell: (d) => count(d.counts.sent), className: 'text-right' },
    { header: t('col.delivered'), cell: (d) => count(d.counts.delivered), className: 'text-right' },
    { header: t('col.read'), cell: (d) => count(d.counts.read), className: 'text-right' },
    { header: t('col.replied'), cell: (d) => count(d.counts.replied), className: 'text-right' },
    { header: t('col.recipients'), cell: (d) => count(d.counts.recipients), className: 'text-right' },
    { header: t('col.progress'), cell: (d) => <Progress value={d.counts.progress} label={t('progressOf', { title: d.title })} /> },
    {
      header: t('col.actions'),
      className: 'whitespace-nowrap',
      cell: (d) => (
        <>
          <button type="button" className={`${secondaryButtonClass} mr-2`} disabled={o.busy} onClick={() => o.onDuplicate(d)} aria-label={t('duplicateOf', { title: d.title })}>
            {t('duplicate')}
          </button>
          <button type="button" className={secondaryButtonClass} disabled={o.busy} onClick={() => o.onDelete(d)} aria-label={t('deleteOf', { title: d.title })}>
            {t('delete')}
          </button>
        </>
      ),
    },
  ];
}
