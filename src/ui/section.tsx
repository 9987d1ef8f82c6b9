import { useId, type ReactNode } from 'react';

/** A titled card of a screen, with optional actions beside the title. */
export function Section(props: { title: string; children: ReactNode; actions?: ReactNode }) {
  const id = useId();
  return (
    <section aria-labelledby={id} className="bg-white border border-gray-200 rounded-lg p-4 mb-4">
      <div className="flex items-center justify-between gap-2 mb-3">
        <h2 id={id} className="text-lg font-semibold m-0">
          {props.title}
        </h2>
        {props.actions}
      </div>
      {props.children}
    </section>
  );
}
