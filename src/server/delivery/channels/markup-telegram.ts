// Product markup (§5: *bold*, _italic_) → Telegram Bot API HTML parse mode. HTML is chosen over MarkdownV2 because
// only three characters need escaping (&, <, >) while MarkdownV2 reserves eighteen, which clients type freely.

const escapeHtml = (text: string) => text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');

// A marker opens after start/space/punctuation and closes before end/space/punctuation, with no space just inside
// (WhatsApp's own rule), so `snake_case_name`, `2*3*4` and a lone `*` stay as typed.
const EDGE_BEFORE = `(^|[\\s(\\[{"'«„.,!?:;-])`;
const EDGE_AFTER = `(?=$|[\\s)\\]}"'».,!?:;-])`;
const span = (marker: string) => new RegExp(`${EDGE_BEFORE}\\${marker}(\\S(?:[^${marker}\\n]*?\\S)?)\\${marker}${EDGE_AFTER}`, 'g');
const BOLD = span('*');
const ITALIC = span('_');

/** Text for `parse_mode: "HTML"`: escaped, with *bold* → <b>, _italic_ → <i>. */
export function toTelegramHtml(text: string): string {
  return escapeHtml(text).replace(BOLD, '$1<b>$2</b>').replace(ITALIC, '$1<i>$2</i>');
}
