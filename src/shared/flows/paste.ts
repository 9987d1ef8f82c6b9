/**
 * Browser only (needs a DOM). Pasted HTML keeps only span, b, strong, i, em and variable spans (§5); it then
 * becomes message text: bold → `*…*`, italic → `_…_`, a variable span → `{name}`, everything else its text.
 * The editor's own DOM (text, variable chips, line breaks) is read back to message text by the same walker.
 * DOMPurify (11 KB gzip) loads on the first paste, not with the editor: most edits never paste HTML.
 */
import type { DOMPurify } from 'dompurify';
import { loadChunk } from '../lazy.ts';
import { isMessageVariable, variableToken } from './variables.ts';

export const PASTE_TAGS = ['span', 'b', 'strong', 'i', 'em'];

let purifier: Promise<DOMPurify> | undefined;

/** DOMPurify, fetched once; a failed fetch is retried on the next paste. */
function loadPurifier(): Promise<DOMPurify> {
  purifier ??= loadChunk(() => import('dompurify')).then(
    (module) => module.default,
    (error: unknown) => {
      purifier = undefined;
      throw error;
    },
  );
  return purifier;
}

/** The §5 allow-list applied by a given DOMPurify; `data-var` is the only attribute kept (it marks a variable span). */
export function sanitizePastedHtml(html: string, purify: Pick<DOMPurify, 'sanitize'>): string {
  return purify.sanitize(html, { ALLOWED_TAGS: PASTE_TAGS, ALLOWED_ATTR: ['data-var'], ALLOW_DATA_ATTR: false, KEEP_CONTENT: true });
}

/** Pasted HTML through the lazily loaded DOMPurify. */
export async function sanitizePaste(html: string): Promise<string> {
  return sanitizePastedHtml(html, await loadPurifier());
}

/** Message text of a DOM subtree. Line breaks come from <br> and block elements (the editor's own Enter key). */
export function nodeToText(node: Node): string {
  if (node.nodeType === 3) return node.nodeValue ?? '';
  if (node.nodeType !== 1 && node.nodeType !== 11) return '';
  const el = node as Element;
  const tag = node.nodeType === 1 ? el.tagName.toLowerCase() : '';
  const name = tag === 'span' ? el.getAttribute('data-var') : null;
  if (name && isMessageVariable(name)) return variableToken(name);
  if (tag === 'br') return '\n';
  const inner = [...node.childNodes].map(nodeToText).join('');
  if ((tag === 'b' || tag === 'strong') && inner.trim()) return `*${inner}*`;
  if ((tag === 'i' || tag === 'em') && inner.trim()) return `_${inner}_`;
  if ((tag === 'div' || tag === 'p') && el.previousSibling) return `\n${inner}`;
  return inner;
}

/** Clipboard HTML → message text, through the sanitizer first (rejects when the sanitizer cannot load). */
export async function pasteToText(html: string): Promise<string> {
  const template = document.createElement('template');
  template.innerHTML = await sanitizePaste(html);
  return nodeToText(template.content);
}
