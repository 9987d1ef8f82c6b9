import type { ReactNode } from 'react';
import { tableClass, tdClass, thClass } from './classes.ts';
import { ListState, type ListStateProps } from './list-states.tsx';

export interface Column<Row> {
  /** Header content: a text, or a control such as a select-all checkbox. */
  header: ReactNode;
  /** The header is for screen readers only (an actions column). */
  hideHeader?: boolean;
  cell: (row: Row) => ReactNode;
  /** Extra classes of the column's cells, e.g. 'whitespace-nowrap', 'text-right'. */
  className?: string;
  /** Set on the column the list is sorted by (announced as aria-sort). */
  sorted?: 'ascending' | 'descending';
}

interface TableProps<Row> {
  /** The table's name, as a visually hidden caption. */
  caption: string;
  columns: readonly Column<Row>[];
  /** The rows and whether they are loading or failed to load: a paged list's state fits as it is. */
  list: { items: readonly Row[]; loading?: boolean; failed?: boolean };
  rowKey: (row: Row) => string | number;
  /** data-* attributes of a row, for focus handling and tests. */
  rowData?: (row: Row) => Record<`data-${string}`, string | number>;
  /**
   * The notices above the table: loading while there are no rows, the failure, or the empty notice when nothing
   * loads and there are no rows; `found` is a count line kept while the next page loads. None when left out.
   */
  notices?: Pick<ListStateProps, 'texts' | 'retry' | 'emptyAction' | 'emptyIcon'> & { found?: string };
  /** aria-busy beyond loading (e.g. while a row's action runs); default `list.loading`. */
  busy?: boolean;
}

/**
 * A list as a table: a caption, `<th scope="col">` headers, and a wrapper that scrolls sideways on a narrow screen
 * while the page itself does not (browsers let the keyboard focus and scroll such a wrapper).
 */
export function Table<Row>({ caption, columns, list, rowKey, rowData, notices, busy = list.loading }: TableProps<Row>) {
  const { items: rows, loading = false, failed = false } = list;
  const none = !rows.length;
  return (
    <>
      {notices?.found !== undefined && <p className="text-sm text-ink-muted m-0 mb-2" aria-live="polite">{notices.found}</p>}
      {notices && (loading && none ? (
        // The first page keeps the room of a header and a few rows while it loads: what follows the list (a pager,
        // the next panel) moves little or not at all when the rows come (docs/lighthouse.md).
        <div className="min-h-32"><ListState {...notices} loading failed={failed} empty={false} /></div>
      ) : <ListState {...notices} loading={false} failed={failed} empty={!loading && !failed && none} />)}
      {!none && (
        // `relative`: screen-reader-only labels (absolute) belong to this box and scroll with it; without it they
        // would hang off the page at the table's far end and widen it on a phone.
        <div className="relative overflow-x-auto max-w-full">
          <table className={tableClass} aria-busy={busy}>
            <caption className="sr-only">{caption}</caption>
            <thead>
              <tr>
                {columns.map((c, i) => (
                  <th key={i} scope="col" className={thClass} aria-sort={c.sorted}>
                    {c.hideHeader ? <span className="sr-only">{c.header}</span> : c.header}
                  </th>
                ))}
              </tr>
            </thead>
            <tbody>
              {rows.map((row) => (
                <tr key={rowKey(row)} {...rowData?.(row)}>
                  {columns.map((c, i) => (
                    <td key={i} className={c.className ? `${tdClass} ${c.className}` : tdClass}>{c.cell(row)}</td>
                  ))}
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </>
  );
}
