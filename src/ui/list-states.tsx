// Loading / failed / empty notices of a list (details of a failure are in the console, §7).
import type { ReactNode } from 'react';
import type { T } from '../i18n/translate.ts';

export interface ListTexts {
  loading: string;
  failed: string;
  empty: string;
}

export interface ListStateProps {
  loading: boolean;
  failed: boolean;
  empty: boolean;
  texts: ListTexts;
  /** A button after the failure notice that loads again (label: `ui.retry`). */
  retry?: { label: string; run: () => void };
  /** The obvious next step under the empty notice (a link or button to create the first item). */
  emptyAction?: ReactNode;
  /** The empty state's icon: a whole `i-lucide-*` class written at the call site, so UnoCSS finds it. */
  emptyIcon?: string;
}

/** The kit's list texts from the `ui` namespace a domain hands its islands; `own` replaces any of them. */
export const listTexts = (t: T, own: Partial<ListTexts> = {}): ListTexts => ({
  loading: t('ui.loading'),
  failed: t('ui.failed'),
  empty: t('ui.empty'),
  ...own,
});

/** One notice at a time: loading, else failure, else empty; nothing when the list has rows. */
export function ListState({ loading, failed, empty, texts, retry, emptyAction, emptyIcon = 'i-lucide-inbox' }: ListStateProps) {
  if (loading) return <p className="text-sm text-ink-muted" role="status">{texts.loading}</p>;
  if (failed) {
    return (
      <p className="text-sm text-red-700" role="status">
        {texts.failed}
        {retry && (
          <>
            {' '}
            <button type="button" className="px-2 py-0.5 rounded text-sm border border-gray-300 bg-white text-ink hover:bg-gray-100 cursor-pointer" onClick={retry.run}>{retry.label}</button>
          </>
        )}
      </p>
    );
  }
  if (!empty) return null;
  // An empty list with a first step is a card (icon, one sentence, the action); a search that found nothing is one line.
  if (!emptyAction) return <p className="text-sm text-ink-muted" role="status">{texts.empty}</p>;
  return (
    <div className="flex flex-col items-center gap-3 px-4 py-8 text-center bg-white border border-dashed border-gray-300 rounded-lg" role="status">
      <span aria-hidden="true" className="w-12 h-12 flex items-center justify-center rounded-full bg-brand-light text-brand-dark">
        <span className={`${emptyIcon} text-2xl`} />
      </span>
      <p className="m-0 text-ink-muted">{texts.empty}</p>
      {emptyAction}
    </div>
  );
}

/** An empty state's action when the add form is on the same screen: focus its first field (the form is named by its heading). */
export const focusFirstField = (headingId: string) =>
  document.querySelector<HTMLElement>(`form[aria-labelledby="${headingId}"] input, form[aria-labelledby="${headingId}"] select`)?.focus();
