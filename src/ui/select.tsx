import type { SelectHTMLAttributes } from 'react';
import { inputClass } from './classes.ts';

interface SelectProps extends Omit<SelectHTMLAttributes<HTMLSelectElement>, 'children'> {
  options: readonly { value: string | number; label: string }[];
  /**
   * Shown instead of the select when there is no option to choose ("option not found"). Leave it out while the
   * options load, and for fixed lists.
   */
  empty?: string;
  /** A first, empty choice ("all", "choose …"). */
  placeholder?: string;
}

/** A select over a list that may be empty: then it says so rather than showing a control with nothing to pick. */
export function Select({ options, empty, placeholder, className, ...select }: SelectProps) {
  // A span, so the notice may stand inside the label that would have held the select.
  if (!options.length && empty) return <span className="block text-sm font-normal text-ink-muted" role="status">{empty}</span>;
  return (
    <select className={className ?? inputClass} {...select}>
      {placeholder !== undefined && <option value="">{placeholder}</option>}
      {options.map((o) => <option key={o.value} value={o.value}>{o.label}</option>)}
    </select>
  );
}
