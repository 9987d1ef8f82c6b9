import { atom } from 'nanostores';

/** §3 Toast: title, description, type, id. Titles are the §8 words Error, Success, Warning (translated). */
export type ToastType = 'success' | 'error' | 'warning';
export interface Toast {
  id: number;
  type: ToastType;
  title: string;
  description: string;
  /** Copy notices share the limit of warnings. */
  kind?: 'copy';
  /** The next step the text names ("Choose a tariff" → payments), as a link under it. */
  link?: { href: string; text: string };
}

/** §4/§9: at most 5 at once, 5 s each; warnings and copy notices at most 1. */
export const TOAST_LIMIT = 5;
export const TOAST_LIMIT_WARNING = 1;
export const TOAST_LIFETIME_MS = 5000;

export const $toasts = atom<Toast[]>([]);

let nextId = 1;
const timers = new Map<number, ReturnType<typeof setTimeout>>();

export function dismissToast(id: number): void {
  clearTimeout(timers.get(id));
  timers.delete(id);
  $toasts.set($toasts.get().filter((t) => t.id !== id));
}

const limited = (t: Pick<Toast, 'type' | 'kind'>) => t.type === 'warning' || t.kind === 'copy';

/** Shows a toast; at the limit the oldest of its group gives way. Returns its id. */
export function showToast(toast: Omit<Toast, 'id'>): number {
  const id = nextId++;
  let list = [...$toasts.get()];
  const group = limited(toast) ? list.filter(limited) : list;
  const limit = limited(toast) ? TOAST_LIMIT_WARNING : TOAST_LIMIT;
  for (const old of group.slice(0, Math.max(0, group.length - limit + 1))) {
    clearTimeout(timers.get(old.id));
    timers.delete(old.id);
    list = list.filter((t) => t.id !== old.id);
  }
  if (list.length >= TOAST_LIMIT) {
    const oldest = list[0]!;
    clearTimeout(timers.get(oldest.id));
    timers.delete(oldest.id);
    list = list.slice(1);
  }
  $toasts.set([...list, { ...toast, id }]);
  timers.set(id, setTimeout(() => dismissToast(id), TOAST_LIFETIME_MS));
  return id;
}
