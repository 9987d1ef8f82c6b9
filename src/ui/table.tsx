import { useEffect, useRef, useState, type ReactNode } from 'react';
import { tableClass, tdClass, thClass } from './classes.ts';
import { ListState, type ListStateProps } from './list-states.tsx';

export interface Column<Row> {
  /** Header content: a text, or a control such as a select-all checkbox. */
  header: ReactNode;
  /** The header is for screen readers only (an actions column). */
  hideHeader?: boolean;
  cell: (row: Row) => ReactNode;
  /** Extra classes of the column's cells, e.g. 'whitespace-nowrap'. */
  className?: string;
  align?: 'right' | 'center';
  /** Set on the column the list is sorted by (announced as aria-sort). */
  sorted?: 'ascending' | 'descending';
}

interface TableProps<Row> {
  /** The table's name, as a visually hidden caption. */
  caption: string;
  /** `false` leaves a column out (a column some users do not see). */
  columns: readonly (Column<Row> | false)[];
  rows: readonly Row[];
  rowKey: (row: Row) => string | number;
  /** data-* attributes of a row, for focus handling and tests. */
  rowData?: (row: Row) => Record<`data-${string}`, string | number>;
  /** Rows are being (re)loaded: aria-busy on the table. */
  busy?: boolean;
  /**
   * The list's state, shown above the table: loading while there are no rows, the failure, or the empty notice
   * when nothing is loading and there are no rows. `found` is a count line kept while the next page loads.
   */
  state?: Omit<ListStateProps, 'empty'> & { found?: string };
}

const ALIGN = { right: ' text-right', center: ' text-center' } as const;

/**
 * A list as a table: `<th scope="col">` headers, a caption, and a wrapper that scrolls sideways on a narrow screen
 * (the page itself never does).
 */
export function Table<Row>({ caption, columns, rows, rowKey, rowData, busy, state }: TableProps<Row>) {
  const shown = columns.filter((c): c is Column<Row> => c !== false);
  const none = rows.length === 0;
  return (
    <>
      {state?.found !== undefined && <p className="text-sm text-ink-muted m-0 mb-2" aria-live="polite">{state.found}</p>}
      {state && <ListState {...state} loading={state.loading && none} empty={!state.loading && !state.failed && none} />}
      {!none && (
        <ScrollBox>
          <table className={tableClass} aria-busy={busy}>
            <caption className="sr-only">{caption}</caption>
            <thead>
              <tr>
                {shown.map((c, i) => (
                  <th key={i} scope="col" className={thClass + (c.align ? ALIGN[c.align] : '')} aria-sort={c.sorted}>
                    {c.hideHeader ? <span className="sr-only">{c.header}</span> : c.header}
                  </th>
                ))}
              </tr>
            </thead>
            <tbody>
              {rows.map((row) => (
                <tr key={rowKey(row)} {...rowData?.(row)}>
                  {shown.map((c, i) => (
                    <td key={i} className={`${tdClass}${c.align ? ALIGN[c.align] : ''}${c.className ? ` ${c.className}` : ''}`}>{c.cell(row)}</td>
                  ))}
                </tr>
              ))}
            </tbody>
          </table>
        </ScrollBox>
      )}
    </>
  );
}

/** Scrolls its table sideways when it is wider than the screen, and only then takes the focus (arrow keys scroll it). */
function ScrollBox({ children }: { children: ReactNode }) {
  const box = useRef<HTMLDivElement>(null);
  const [scrolls, setScrolls] = useState(false);
  useEffect(() => {
    const el = box.current;
    if (!el || typeof ResizeObserver === 'undefined') return;
    const observer = new ResizeObserver(() => setScrolls(el.scrollWidth > el.clientWidth));
    observer.observe(el);
    if (el.firstElementChild) observer.observe(el.firstElementChild);
    return () => observer.disconnect();
  }, []);
  return (
    <div ref={box} className="overflow-x-auto max-w-full focus:outline-2 focus:outline-brand" tabIndex={scrolls ? 0 : undefined}>
      {children}
    </div>
  );
}
