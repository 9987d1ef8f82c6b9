import { useEffect, useId, useRef } from 'react';

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
}

const danger = 'px-3 py-1.5 rounded text-sm font-medium bg-red-700 text-white hover:bg-red-800 cursor-pointer border-0';
const normal = 'px-3 py-1.5 rounded text-sm font-medium bg-brand text-white hover:bg-brand-dark cursor-pointer border-0';
const secondary = 'px-3 py-1.5 rounded text-sm border border-gray-300 bg-white text-ink hover:bg-gray-100 cursor-pointer';

/** A modal question: the page behind is inert, Esc cancels, and the safe choice (cancel) has the focus first. */
export function ConfirmDialog({ open, title, text, confirm, cancel, onConfirm, onClose, tone = 'danger' }: ConfirmDialogProps) {
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

  return (
    <dialog
      ref={dialog}
      aria-labelledby={`${id}-title`}
      aria-describedby={`${id}-text`}
      className="rounded border border-gray-300 p-4 max-w-md backdrop:bg-black/40"
      onClose={onClose}
    >
      <h2 id={`${id}-title`} className="text-base font-semibold m-0">{title}</h2>
      <p id={`${id}-text`} className="text-sm my-2">{text}</p>
      <div className="flex gap-2">
        <button type="button" className={tone === 'danger' ? danger : normal} onClick={() => (onConfirm(), onClose())}>{confirm}</button>
        <button ref={cancelButton} type="button" className={secondary} onClick={onClose}>{cancel}</button>
      </div>
    </dialog>
  );
}
