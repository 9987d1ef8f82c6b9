/**
 * Renders $toasts into a live region. Plain DOM so that pages without React islands pay almost nothing;
 * islands and the shell call mountToaster() and push toasts through showToast().
 */
import { $toasts, dismissToast, type Toast } from '../stores/toasts.ts';

const COLORS: Record<Toast['type'], string> = {
  success: 'border-l-4 border-green-600',
  error: 'border-l-4 border-red-600',
  warning: 'border-l-4 border-amber-500',
};

let mounted = false;

export function mountToaster(closeLabel = 'Close'): void {
  if (mounted || typeof document === 'undefined') return;
  mounted = true;
  const region = document.createElement('div');
  region.className = 'fixed top-4 right-4 z-50 flex flex-col gap-2 w-80 max-w-[calc(100vw-2rem)]';
  region.setAttribute('role', 'region');
  region.setAttribute('aria-live', 'polite');
  region.setAttribute('aria-label', JSON.parse(document.documentElement.dataset.toastLabels ?? '{}').region ?? 'Notifications');
  region.dataset.toasts = '';
  document.body.append(region);
  $toasts.subscribe((toasts) => {
    region.replaceChildren(
      ...toasts.map((toast) => {
        const item = document.createElement('div');
        item.className = `bg-white shadow-lg rounded-md p-3 pr-8 relative ${COLORS[toast.type]}`;
        item.setAttribute('role', toast.type === 'error' ? 'alert' : 'status');
        item.dataset.toast = toast.type;
        const title = document.createElement('p');
        title.className = 'm-0 font-semibold';
        title.textContent = toast.title;
        const description = document.createElement('p');
        description.className = 'm-0 text-sm text-ink-muted';
        description.textContent = toast.description;
        const close = document.createElement('button');
        close.type = 'button';
        close.className = 'absolute top-1 right-1 p-1 bg-transparent border-0 cursor-pointer';
        close.setAttribute('aria-label', closeLabel);
        const mark = document.createElement('span');
        mark.className = 'i-lucide-x';
        mark.setAttribute('aria-hidden', 'true');
        close.append(mark);
        close.addEventListener('click', () => dismissToast(toast.id));
        item.append(title, description);
        if (toast.link) {
          const link = document.createElement('a');
          link.className = 'inline-block mt-1 text-sm font-medium text-brand-dark underline';
          link.href = toast.link.href;
          link.textContent = toast.link.text;
          item.append(link);
        }
        item.append(close);
        return item;
      }),
    );
  });
}
