import { useLayoutEffect, useRef, type ClipboardEvent, type KeyboardEvent } from 'react';
import type { T } from '../../../../i18n/translate.ts';
import { nodeToText, pasteToText } from '../../../../shared/flows/paste.ts';
import { MESSAGE_VARIABLES, splitVariables, type MessageVariable } from '../../../../shared/flows/variables.ts';

interface Props {
  t: T;
  value: string;
  onChange: (text: string) => void;
  labelId: string;
  describedBy: string;
  invalid: boolean;
}

const CHIP = 'inline-block rounded bg-blue-100 text-blue-900 px-1 mx-0.5 text-sm select-all';

/** A variable chip: not editable inside, removed as one piece, read back as `{name}` by nodeToText. */
function chip(t: T, name: MessageVariable): HTMLElement {
  const span = document.createElement('span');
  span.dataset.var = name;
  span.contentEditable = 'false';
  span.className = CHIP;
  span.textContent = t(`var.${name}`);
  return span;
}

function fragmentOf(t: T, text: string): DocumentFragment {
  const fragment = document.createDocumentFragment();
  for (const part of splitVariables(text)) {
    if (part.kind === 'variable') fragment.append(chip(t, part.name));
    else part.text.split('\n').forEach((line, i) => (i && fragment.append(document.createElement('br')), line && fragment.append(line)));
  }
  return fragment;
}

/**
 * The message text as an editable area with variable chips. The DOM is the editing surface; every change is read
 * back into the text (the stored form, `{name}` tokens and markup markers), which is the single source of truth.
 */
export default function MessageText({ t, value, onChange, labelId, describedBy, invalid }: Props) {
  const ref = useRef<HTMLDivElement>(null);
  const lastRange = useRef<Range | null>(null);
  const written = useRef<string | null>(null);
  // Pastes wait here, in order, while the sanitizer loads on the first one.
  const pastes = useRef<Promise<void>>(Promise.resolve());

  // Rebuild the DOM only when the text changes from outside (loading); typing already changed it. A layout effect:
  // Preact runs plain effects after the next frame, when a faster keystroke may have made `value` stale already.
  useLayoutEffect(() => {
    const el = ref.current;
    if (!el || written.current === value) return;
    el.replaceChildren(fragmentOf(t, value));
    written.current = value;
  }, [t, value]);

  const sync = () => {
    const text = nodeToText(ref.current!);
    written.current = text;
    onChange(text);
  };

  const remember = () => {
    const selection = document.getSelection();
    if (selection?.rangeCount && ref.current?.contains(selection.getRangeAt(0).commonAncestorContainer)) lastRange.current = selection.getRangeAt(0).cloneRange();
  };

  /** Inserts at the caret (or `at`, or the end when it is elsewhere) and puts the caret after the insertion. */
  const insert = (fragment: DocumentFragment, at = lastRange.current) => {
    const el = ref.current!;
    let range = at;
    if (!range || !el.contains(range.commonAncestorContainer)) {
      range = document.createRange();
      range.selectNodeContents(el);
      range.collapse(false);
    }
    range.deleteContents();
    const last = fragment.lastChild;
    range.insertNode(fragment);
    if (last) range.setStartAfter(last);
    range.collapse(true);
    const selection = document.getSelection();
    selection?.removeAllRanges();
    selection?.addRange(range);
    lastRange.current = range.cloneRange();
    sync();
  };

  // The clipboard is readable only during the event: take both forms now, insert at this caret once sanitized.
  // Should the sanitizer fail to load, the plain-text form goes in (it cannot carry markup), so nothing is lost.
  const onPaste = (e: ClipboardEvent) => {
    e.preventDefault();
    const html = e.clipboardData.getData('text/html');
    const plain = e.clipboardData.getData('text/plain');
    remember();
    const at = lastRange.current?.cloneRange() ?? null;
    pastes.current = pastes.current.then(async () => {
      const text = html ? await pasteToText(html).catch((error: unknown) => (console.error('flow editor: sanitizer', error), plain)) : plain;
      if (ref.current) insert(fragmentOf(t, text), at);
    });
  };

  const onKeyDown = (e: KeyboardEvent) => {
    if (e.key !== 'Enter') return;
    e.preventDefault(); // one <br> per line, not the browser's nested <div>s
    remember();
    const fragment = document.createDocumentFragment();
    fragment.append(document.createElement('br'));
    // A line break at the very end needs a second <br> to show an empty line.
    if (!ref.current!.lastChild || lastRange.current?.endContainer === ref.current && lastRange.current.endOffset === ref.current!.childNodes.length) fragment.append(document.createElement('br'));
    insert(fragment);
  };

  return (
    <div>
      <div
        ref={ref}
        role="textbox"
        aria-multiline="true"
        aria-labelledby={labelId}
        aria-describedby={describedBy}
        aria-invalid={invalid || undefined}
        contentEditable
        suppressContentEditableWarning
        tabIndex={0}
        className={`min-h-32 w-full border rounded px-2 py-1.5 text-sm bg-white whitespace-pre-wrap focus:outline-2 focus:outline-brand ${invalid ? 'border-red-700' : 'border-gray-300'}`}
        onInput={sync}
        onKeyUp={remember}
        onMouseUp={remember}
        onBlur={remember}
        onPaste={onPaste}
        onKeyDown={onKeyDown}
      />
      <div role="group" aria-label={t('variables')} className="flex flex-wrap gap-1 mt-2">
        {MESSAGE_VARIABLES.map((name) => (
          <button
            key={name}
            type="button"
            className="rounded border border-blue-200 bg-blue-50 text-blue-900 px-2 py-0.5 text-xs cursor-pointer hover:bg-blue-100"
            // Keep the caret in the text: the button must not take focus on mouse down.
            onMouseDown={(e) => e.preventDefault()}
            onClick={() => insert(((f) => (f.append(chip(t, name)), f))(document.createDocumentFragment()))}
          >
            + {t(`var.${name}`)}
          </button>
        ))}
      </div>
    </div>
  );
}
