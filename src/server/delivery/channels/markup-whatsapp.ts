// WhatsApp formats *bold* and _italic_ natively, the same markup the product uses, so text passes through as is.
// WhatsApp Web sessions (WAHA) cannot send interactive buttons reliably (WhatsApp removed them for non-Business-API
// senders), so simple answers become a numbered list the client answers by typing the number or the text.

/** Message text plus the simple answers as numbered lines. */
export function toWhatsAppText(text: string, buttons: readonly string[] = []): string {
  if (!buttons.length) return text;
  return `${text}\n\n${buttons.map((b, i) => `${i + 1}. ${b}`).join('\n')}`;
}
