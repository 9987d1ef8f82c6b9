import { useEffect, useId, useLayoutEffect, useRef } from 'react';
import { buttonClass, dangerButtonClass, secondaryButtonClass } from './classes.ts';

interface ConfirmDialogProps {
  open: boolean;
  title: string;
  text: string;
  confirm: string;
  cancel: string;
  onConfirm: () => void;
  /** Called on the cancel button, Esc and any other close. */
  onClose: () => void;
  /** `danger` paints the confirm button red (an action that is hard to undo). */
  tone?: 'danger' | 'normal';
  /** `alertdialog` (default): a question that interrupts, as a confirmation does; `dialog` for a plain modal. */
  role?: 'alertdialog' | 'dialog';
}

/**
 * A modal question: the page behind is inert, Esc cancels, the safe choice (cancel) has the focus first, and focus
 * goes back to the control that opened it.
 */
export function ConfirmDialog({ open, title, text, confirm, cancel, onConfirm, onClose, tone = 'danger', role = 'alertdialog' }: ConfirmDialogProps) {
  const dialog = useRef<HTMLDialogElement>(null);
  const cancelButton = useRef<HTMLButtonElement>(null);
  const id = useId();

  useEffect(() => {
    const el = dialog.current;
    if (open && el && !el.open) {
      el.showModal();
      cancelButton.current?.focus();
    }
    if (!open && el?.open) el.close();
  }, [open]);
  // Unmounted while open (rendered only while asking): close first, so the focus goes back where it was.
  useLayoutEffect(() => () => dialog.current?.close(), []);

  return (
    <dialog
      ref={dialog}
      role={role === 'dialog' ? undefined : role}
      aria-labelledby={`${id}-title`}
      aria-describedby={`${id}-text`}
      className="rounded border border-gray-300 p-4 max-w-md backdrop:bg-black/40"
      onClose={onClose}
    >
      <h2 id={`${id}-title`} className="text-base font-semibold m-0">{title}</h2>
      <p id={`${id}-text`} className="text-sm my-2">{text}</p>
      <div className="flex gap-2">
        <button type="button" className={tone === 'danger' ? dangerButtonClass : buttonClass} onClick={() => (onConfirm(), onClose())}>{confirm}</button>
        <button ref={cancelButton} type="button" className={secondaryButtonClass} onClick={onClose}>{cancel}</button>
      </div>
    </dialog>
  );
}
