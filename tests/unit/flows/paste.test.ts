// @vitest-environment happy-dom
// The paste sanitizer (§5) against hostile clipboard HTML: only span, b, strong, i, em survive, and of attributes
// only a variable span's data-var. Runs the real DOMPurify on happy-dom's DOM.
import { describe, expect, it } from 'vitest';
import { PASTE_TAGS, pasteToText, sanitizePastedHtml } from '../../../src/shared/flows/paste.ts';

/**
 * happy-dom 21's NodeIterator lacks the DOM's "pre-removing steps": after DOMPurify removes the current node the
 * iterator skips the next one, so a <script> right after a removed tag survives (a test-DOM defect; browsers follow
 * the spec). This iterator follows the spec for the one mutation DOMPurify makes — removing the node it was just
 * given — by resuming from that node's document-order predecessor. It must be installed before DOMPurify is
 * created, because DOMPurify captures `document.createNodeIterator` then.
 */
function following(node: Node, root: Node, skipChildren = false): Node | null {
  if (!skipChildren && node.firstChild) return node.firstChild;
  for (let at: Node | null = node; at && at !== root; at = at.parentNode) if (at.nextSibling) return at.nextSibling;
  return null;
}
function preceding(node: Node): Node | null {
  let at = node.previousSibling;
  if (!at) return node.parentNode;
  while (at.lastChild) at = at.lastChild;
  return at;
}
const SHOW: Record<number, number> = { 1: 0x1, 3: 0x4, 4: 0x8, 7: 0x40, 8: 0x80 };
let documentProto: object = document;
while (!Object.hasOwn(documentProto, 'createNodeIterator')) documentProto = Object.getPrototypeOf(documentProto) as object;
Object.defineProperty(documentProto, 'createNodeIterator', {
  configurable: true,
  value(root: Node, whatToShow = 0xffffffff) {
    let reference: Node | null = null;
    let before: Node | null = null;
    return {
      nextNode(): Node | null {
        let at = reference === null ? root : root.contains(reference) ? following(reference, root) : before && following(before, root);
        while (at && !((SHOW[at.nodeType] ?? 0) & whatToShow)) at = following(at, root);
        if (at) [reference, before] = [at, preceding(at)];
        return at;
      },
    };
  },
});

// happy-dom puts nodeName on each node class and leaves Node.prototype's getter returning ''; DOMPurify reads it
// through Node.prototype (so a clobbered property cannot lie), which would make every node nameless. Browsers have
// one getter on Node.prototype that works for all node types (DOM §4.4); this is that getter.
const NODE_NAMES: Record<number, string> = { 3: '#text', 4: '#cdata-section', 8: '#comment', 9: '#document', 11: '#document-fragment' };
Object.defineProperty(window.Node.prototype, 'nodeName', {
  configurable: true,
  get(this: Node): string {
    if (this.nodeType === 1) return (this as Element).tagName;
    if (this.nodeType === 7) return (this as ProcessingInstruction).target;
    if (this.nodeType === 10) return (this as DocumentType).name;
    return NODE_NAMES[this.nodeType] ?? '';
  },
});

const { default: createDOMPurify } = await import('dompurify');
const purify = createDOMPurify(window as unknown as Parameters<typeof createDOMPurify>[0]);
const clean = (html: string): string => sanitizePastedHtml(html, purify);

/** Every tag name and attribute left in sanitized HTML. */
function inventory(html: string): { tags: string[]; attrs: string[] } {
  const template = document.createElement('template');
  template.innerHTML = html;
  const els = [...template.content.querySelectorAll('*')];
  return {
    tags: [...new Set(els.map((el) => el.tagName.toLowerCase()))],
    attrs: [...new Set(els.flatMap((el) => [...el.attributes].map((a) => a.name)))],
  };
}

const HOSTILE: [string, string][] = [
  ['script', 'Hi<script>alert(1)</script> there'],
  ['img onerror', 'a<img src=x onerror="alert(1)">b'],
  ['javascript: link', '<a href="javascript:alert(1)">click</a>'],
  ['data: URL', '<a href="data:text/html;base64,PHNjcmlwdD4=">x</a><img src="data:image/png;base64,AAAA">'],
  ['style', '<style>body{display:none}</style><b style="color:red">bold</b>'],
  ['iframe', '<iframe src="https://evil.example/"></iframe>text'],
  ['nested script', '<b><i><script>alert(1)</script>deep</i></b>'],
  ['svg onload', '<svg onload="alert(1)"><circle r="1"/></svg>after'],
  ['unclosed tags', '<b>open <i>never closed <script>alert(1)'],
  ['span smuggling', '<span data-var="clientName" class="x" onclick="alert(1)" style="x" data-other="y" id="z">v</span>'],
  ['event on allowed tag', '<strong onmouseover="alert(1)">s</strong><em onfocus="x" tabindex="1">e</em>'],
];

describe("sanitizePastedHtml", () => {
  it.each(HOSTILE)('%s: keeps only the allow-list', (_name, html) => {
    const out = clean(html);
    const { tags, attrs } = inventory(out);
    expect(tags.every((t) => PASTE_TAGS.includes(t))).toBe(true);
    expect(attrs.every((a) => a === 'data-var')).toBe(true);
    expect(out).not.toMatch(/script|javascript:|data:|onerror|onload|onclick|iframe|style|svg/i);
  });

  it('keeps the text of removed wrappers but drops script bodies', () => {
    expect(clean('Hi<script>alert(1)</script> there')).toBe('Hi there');
    expect(clean('<a href="javascript:alert(1)">click</a>')).toBe('click');
    expect(clean('<b><i><script>alert(1)</script>deep</i></b>')).toBe('<b><i>deep</i></b>');
    expect(clean('<div><p>para</p></div>')).toBe('para');
  });

  it('keeps a variable span with only its data-var', () => {
    expect(clean('<span data-var="clientName" class="chip" onclick="x" id="z">v</span>')).toBe('<span data-var="clientName">v</span>');
  });

  it('closes unclosed tags', () => {
    expect(clean('<b>open <i>never closed')).toBe('<b>open <i>never closed</i></b>');
  });
});

describe('pasteToText (lazy DOMPurify)', () => {
  it('turns hostile HTML into safe message text', async () => {
    const html = '<b>Hello</b> <span data-var="clientName" class="x">Anna</span><img src=x onerror="alert(1)"><script>alert(2)</script>, <i>see</i> <a href="javascript:alert(3)">you</a>';
    expect(await pasteToText(html)).toBe('*Hello* {clientName}, _see_ you');
  });

  it('leaves an unknown variable name as its text', async () => {
    expect(await pasteToText('<span data-var="evil">x</span>')).toBe('x');
  });
});
