/**
 * §5 message markup → safe HTML, for the editor's preview (and any screen that shows a message as the client sees it).
 * `*bold*`, `_italic_`, bare http(s) links become anchors; `<script>` and `<link>` tags are removed; every other
 * character is escaped, so nothing in the text can become markup except what this module writes itself.
 * Order matters: remove the two tags, cut links out, escape, then apply markers, then put the links back.
 */

const ESCAPES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' };
export const escapeHtml = (text: string): string => text.replace(/[&<>"']/g, (c) => ESCAPES[c]!);

const SCRIPT_BLOCK = /<script\b[^>]*>[\s\S]*?<\/script\s*>/gi;
const SCRIPT_OR_LINK_TAG = /<\/?(?:script|link)\b[^>]*>?/gi;

/** Removes script blocks and stray script/link tags, repeating so that split tags (`<scr<script>ipt>`) do not survive. */
export function stripTags(text: string): string {
  let previous: string;
  let current = text;
  do {
    previous = current;
    current = current.replace(SCRIPT_BLOCK, '').replace(SCRIPT_OR_LINK_TAG, '');
  } while (current !== previous);
  return current;
}

// A link runs to the first space, quote, angle bracket or backtick; trailing punctuation belongs to the sentence.
const LINK = /\bhttps?:\/\/[^\s<>"'`]+/gi;
const TRAILING = /[.,;:!?)\]}]+$/;
// Marker content may not start or end with a space; a marker inside a word (snake_case) is not markup.
const BOLD = /(?<![\p{L}\p{N}*])\*(?=\S)([^*\n]*?\S)\*(?![\p{L}\p{N}*])/gu;
const ITALIC = /(?<![\p{L}\p{N}_])_(?=\S)([^_\n]*?\S)_(?![\p{L}\p{N}_])/gu;
const HOLE = '\u0000';

/** The anchor for a link, or undefined when it does not parse as an http(s) URL. */
function anchor(raw: string): string | undefined {
  try {
    const url = new URL(raw);
    if (url.protocol !== 'http:' && url.protocol !== 'https:') return undefined;
    return `<a href="${escapeHtml(url.href)}" target="_blank" rel="noopener noreferrer nofollow">${escapeHtml(raw)}</a>`;
  } catch {
    return undefined;
  }
}

/** Tags must pair up inside a marker, so `*a _b* c_` never produces crossed elements. */
const balanced = (html: string) => ['b', 'i', 'a'].every((tag) => html.split(`<${tag}`).length === html.split(`</${tag}>`).length);

/** The message as safe HTML. Newlines stay newlines: show it with `white-space: pre-wrap`. */
export function renderMarkup(text: string): string {
  const links: string[] = [];
  const holed = stripTags(text.replaceAll(HOLE, '')).replace(LINK, (match) => {
    const tail = TRAILING.exec(match)?.[0] ?? '';
    const html = anchor(match.slice(0, match.length - tail.length));
    if (!html) return match;
    links.push(html);
    return `${HOLE}${links.length - 1}${HOLE}${tail}`;
  });
  return escapeHtml(holed)
    .replace(BOLD, (whole, inner: string) => (balanced(inner) ? `<b>${inner}</b>` : whole))
    .replace(ITALIC, (whole, inner: string) => (balanced(inner) ? `<i>${inner}</i>` : whole))
    .replace(/\u0000(\d+)\u0000/g, (_, i: string) => links[Number(i)]!);
}
