// Class names of the UI kit (UnoCSS utilities), one set for every island; colours keep AA contrast.

/** Text inputs and selects; red border when the control is `aria-invalid`. */
export const inputClass = 'w-full border border-gray-300 rounded px-2 py-1.5 text-sm bg-white focus:outline-2 focus:outline-brand aria-[invalid=true]:border-red-700';
export const buttonClass = 'px-3 py-1.5 rounded text-sm font-medium bg-brand text-white hover:bg-brand-dark disabled:opacity-50 cursor-pointer border-0';
export const secondaryButtonClass = 'px-3 py-1.5 rounded text-sm border border-gray-300 bg-white text-ink hover:bg-gray-100 cursor-pointer disabled:opacity-50';
export const dangerButtonClass = 'px-3 py-1.5 rounded text-sm font-medium bg-red-700 text-white hover:bg-red-800 cursor-pointer border-0 disabled:opacity-50';
/** A link that looks like the primary button (the one next step, e.g. of an empty state). */
export const primaryLinkClass = 'inline-block px-3 py-1.5 rounded text-sm font-medium bg-brand text-white hover:bg-brand-dark no-underline';
/** A link that looks like a secondary button. */
export const buttonLinkClass = 'px-3 py-1.5 rounded text-sm border border-gray-300 bg-white text-ink hover:bg-gray-100 no-underline';
/** A plain text link. */
export const textLinkClass = 'text-brand-dark underline';

export const tableClass = 'w-full text-sm border-collapse';
export const thClass = 'text-left font-semibold border-b border-gray-200 py-1.5 pr-3 align-bottom';
export const tdClass = 'border-b border-gray-100 py-1.5 pr-3 align-top';
/** An item of a drop-down menu (a row menu, the header's menus). */
export const menuItemClass = 'block w-full text-left px-3 py-2 text-sm text-ink no-underline bg-transparent border-0 cursor-pointer hover:bg-brand-light';
