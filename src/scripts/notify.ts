import { showToast, type Toast, type ToastType } from '../stores/toasts.ts';
import { mountToaster } from './toaster.ts';

/** Translated toast titles and labels, written on <html data-toast="…"> by the Base layout. */
function labels(): Record<string, string> {
  try {
    return JSON.parse(document.documentElement.dataset.toastLabels ?? '{}') as Record<string, string>;
  } catch {
    return {};
  }
}

/** Shows a toast titled Error / Success / Warning in the page's language. */
export function notify(type: ToastType, description: string, options: Pick<Toast, 'kind' | 'link'> = {}): number {
  const l = labels();
  mountToaster(l.close);
  return showToast({ type, title: l[type] ?? type, description, kind: options.kind, link: options.link });
}
