import { lazy, Suspense } from 'react';
import type { T } from '../../../i18n/translate.ts';

// Loaded when the screen first asks: no code for the dialog in the page's initial JavaScript.
const ConfirmDialog = lazy(() => import('../../../ui/confirm-dialog-lazy.ts'));

/** The connections screens' "delete?" question: their title and text, the shared yes/no (`remove.yes`, `remove.no`). */
export function ConfirmRemove({ t, title, text, onConfirm, onClose }: { t: T; title: string; text: string; onConfirm: () => void; onClose: () => void }) {
  return (
    <Suspense>
      <ConfirmDialog open title={title} text={text} confirm={t('remove.yes')} cancel={t('remove.no')} onConfirm={onConfirm} onClose={onClose} />
    </Suspense>
  );
}
