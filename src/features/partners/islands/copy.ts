import type { T } from '../../../i18n/translate.ts';
import { notify } from '../../../scripts/notify.ts';

/** Copies a text and says so; where the clipboard is refused, says how to copy by hand. */
export async function copyText(t: T, text: string, done: string): Promise<void> {
  try {
    await navigator.clipboard.writeText(text);
    notify('success', done);
  } catch {
    notify('error', t('code.copyFailed'));
  }
}
