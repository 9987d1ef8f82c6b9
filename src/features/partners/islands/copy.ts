import type { T } from '../../../i18n/translate.ts';
import { copyText as copy } from '../../../ui/copy.ts';

/** Copies a text and says so; where the clipboard is refused, says how to copy by hand. */
export const copyText = (t: T, text: string, done: string): Promise<void> => copy(text, { copied: done, failed: t('code.copyFailed') });
