import { notify } from '../scripts/notify.ts';

/**
 * Copies a text and says so with a copy notice (§4: at most one shown); where the clipboard is refused (an insecure
 * page, a denied permission) it says that instead, so the owner copies by hand.
 */
export async function copyText(text: string, said: { copied: string; failed: string }): Promise<void> {
  try {
    await navigator.clipboard.writeText(text);
    notify('success', said.copied, { kind: 'copy' });
  } catch {
    notify('error', said.failed);
  }
}
