import type { FlowStatus } from '../store.ts';

// Class names of the flows screens (UnoCSS utilities); badge colours keep AA contrast on their backgrounds.
export const inputClass = 'w-full border border-gray-300 rounded px-2 py-1.5 text-sm bg-white focus:outline-2 focus:outline-brand';
export const buttonClass = 'px-3 py-1.5 rounded text-sm font-medium bg-brand text-white hover:bg-brand-dark disabled:opacity-50 cursor-pointer border-0';
export const secondaryClass = 'px-3 py-1.5 rounded text-sm border border-gray-300 bg-white text-ink hover:bg-gray-100 cursor-pointer disabled:opacity-50';
export const linkClass = 'px-3 py-1.5 rounded text-sm border border-gray-300 bg-white text-ink hover:bg-gray-100 no-underline';
export const dangerClass = 'px-3 py-1.5 rounded text-sm font-medium bg-red-700 text-white hover:bg-red-800 cursor-pointer border-0 disabled:opacity-50';
export const thClass = 'text-left font-semibold border-b border-gray-200 py-1.5 pr-3 align-bottom';
export const tdClass = 'border-b border-gray-100 py-1.5 pr-3 align-top';

const BADGE: Record<FlowStatus, string> = {
  Working: 'bg-green-100 text-green-900',
  Waiting: 'bg-blue-100 text-blue-900',
  InQueue: 'bg-blue-100 text-blue-900',
  Done: 'bg-gray-100 text-gray-900',
  Pause: 'bg-yellow-100 text-yellow-900',
  Error: 'bg-red-100 text-red-900',
  Canceled: 'bg-gray-100 text-gray-900',
  Unavailable: 'bg-gray-200 text-gray-900',
};
export const badgeClass = (status: FlowStatus) => `inline-block rounded px-2 py-0.5 text-xs font-medium ${BADGE[status]}`;

export const formatDate = (locale: string, seconds: number) =>
  new Intl.DateTimeFormat(locale, { dateStyle: 'short', timeStyle: 'short' }).format(new Date(seconds * 1000));
