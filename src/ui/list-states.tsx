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
  /** The obvious next step beside the empty notice (a link to create the first item). */
  emptyAction?: ReactNode;
}

/** The kit's list texts from the `ui` namespace a domain hands its islands; `own` replaces any of them. */
export const listTexts = (t: T, own: Partial<ListTexts> = {}): ListTexts => ({
  loading: t('ui.loading'),
  failed: t('ui.failed'),
  empty: t('ui.empty'),
  ...own,
});

/** One notice at a time: loading, else failure, else empty; nothing when the list has rows. */
export function ListState({ loading, failed, empty, texts, retry, emptyAction }: ListStateProps) {
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
  if (empty) return <p className="text-sm text-ink-muted" role="status">{texts.empty}{emptyAction && <> {emptyAction}</>}</p>;
  return null;
}
