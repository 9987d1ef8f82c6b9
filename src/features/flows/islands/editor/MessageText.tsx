import { useEffect, useLayoutEffect, useRef, type ClipboardEvent, type KeyboardEvent } from 'react';
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

// No `select-all`: a click on a chip then selected it, and the next key replaced it.
const CHIP = 'inline-block rounded bg-blue-100 text-blue-900 px-1 mx-0.5 text-sm';

/** A variable chip: not editable inside, removed as one piece, read back as `{name}` by nodeToText. */
function chip(t: T, name: MessageVariable): HTMLElement {
  const span = document.createElement('span');
  span.dataset.var = name;
  span.contentEditable = 'false';
  span.className = CHIP;
  span.textContent = t(`var.${name}`);
  return span;
}

/** The chip (a `[data-var]` span) holding a node, if any. */
function chipOf(node: Node | null, root: Node): HTMLElement | null {
  for (let n = node; n && n !== root; n = n.parentNode) if (n instanceof HTMLElement && n.dataset.var) return n;
  return null;
}

/**
 * Moves both ends of a range out of chips (a caret inside one goes after it); true when it moved. Chrome puts the
 * caret inside a chip that ends the text on a click at the end: what was typed there was dropped, and a chip
 * inserted there was nested in it (read back as the outer chip only, so missing from the preview and the save).
 */
function outsideChips(range: Range, root: Node): boolean {
  const start = chipOf(range.startContainer, root);
  const end = chipOf(range.endContainer, root);
  if (!start && !end) return false;
  if (range.collapsed) range.setStartAfter(start!);
  else {
    if (start) range.setStartBefore(start);
    if (end) range.setEndAfter(end);
  }
  return true;
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

  /** The selection's range when it is in the editor, moved out of chips (the visible caret too). */
  const currentRange = (): Range | null => {
    const selection = document.getSelection();
    const el = ref.current;
    if (!el || !selection?.rangeCount || !el.contains(selection.getRangeAt(0).commonAncestorContainer)) return null;
    const range = selection.getRangeAt(0).cloneRange();
    if (outsideChips(range, el)) {
      selection.removeAllRanges();
      selection.addRange(range);
    }
    return range;
  };

  const remember = () => {
    const range = currentRange();
    if (range) lastRange.current = range.cloneRange();
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
    outsideChips(range, el);
    range.deleteContents();
    const last = fragment.lastChild;
    range.insertNode(fragment);
    // After inserted text the caret goes inside its node, where Chrome keeps typing.
    if (last instanceof Text) range.setStart(last, last.length);
    else if (last) range.setStartAfter(last);
    range.collapse(true);
    const selection = document.getSelection();
    selection?.removeAllRanges();
    selection?.addRange(range);
    lastRange.current = range.cloneRange();
    sync();
  };

  const latestInsert = useRef(insert);
  latestInsert.current = insert;

  // The caret is kept out of chips as it moves; an input that still starts inside one (a chip nested before the
  // fix, a browser quirk) is done here instead: the text goes after the chip, a deletion removes the chip whole.
  useEffect(() => {
    const el = ref.current!;
    const onSelection = () => void currentRange();
    const onBeforeInput = (e: InputEvent) => {
      const selection = document.getSelection();
      if (!selection?.rangeCount) return;
      const range = selection.getRangeAt(0).cloneRange();
      const chip = chipOf(range.startContainer, el) ?? chipOf(range.endContainer, el);
      if (!chip) return;
      if (e.inputType === 'insertText' && e.data) {
        e.preventDefault();
        latestInsert.current(((f) => (f.append(e.data!), f))(document.createDocumentFragment()), range);
      } else if (e.inputType.startsWith('delete')) {
        e.preventDefault();
        range.selectNode(chip);
        latestInsert.current(document.createDocumentFragment(), range);
      }
    };
    document.addEventListener('selectionchange', onSelection);
    el.addEventListener('beforeinput', onBeforeInput);
    return () => {
      document.removeEventListener('selectionchange', onSelection);
      el.removeEventListener('beforeinput', onBeforeInput);
    };
  }, []);

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
