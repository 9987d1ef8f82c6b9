import type { ComponentChildren } from 'preact';

interface Props {
  /** The accessible name of the menu's button, naming its row ("More actions for Reminder"). */
  label: string;
  children: ComponentChildren;
}

/**
 * A table row's menu: "⋯" opens a list of links and buttons under it. A <details> element: it opens and closes
 * without script, by keyboard too, and the shell closes it on a click elsewhere or Escape like the header's menus.
 * The list takes room in the row rather than floating: a table scrolls sideways in its wrapper, which would clip it.
 */
export function RowMenu({ label, children }: Props) {
  const items = Array.isArray(children) ? children : [children];
  return (
    <details className="inline-block ml-2 align-top" data-row-menu>
      <summary aria-label={label} title={label} className="inline-flex list-none px-2 py-1.5 rounded border border-gray-300 bg-white cursor-pointer hover:bg-gray-100 leading-none">
        <span aria-hidden="true" className="i-lucide-ellipsis" />
      </summary>
      <ul role="list" className="mt-1 min-w-40 m-0 p-1 list-none bg-white border border-gray-200 rounded-md shadow-lg">
        {items.filter(Boolean).map((item, i) => <li key={i}>{item}</li>)}
      </ul>
    </details>
  );
}
