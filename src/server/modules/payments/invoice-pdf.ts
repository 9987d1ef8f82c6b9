import { existsSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import PDFDocument from 'pdfkit';
import type { SystemLanguage } from '../../../i18n/locales.ts';
import { dateOf, formatMoney } from './invoice-format.ts';
import type { Quote } from './quote.ts';

// The invoice as a PDF (docs/subscriptions.md "Invoices"). Cyrillic needs a Unicode font: DejaVu Sans from the
// pinned `dejavu-fonts-ttf` package, so a fresh `npm install` is enough; a system copy if the package is missing;
// without either the PDF falls back to Helvetica and letters outside Latin-1 print as "?".
const packagedFont = (): string | undefined => {
  try {
    return join(dirname(createRequire(import.meta.url).resolve('dejavu-fonts-ttf/package.json')), 'ttf', 'DejaVuSans.ttf');
  } catch {
    return undefined;
  }
};
const SYSTEM_FONTS = ['/usr/share/fonts/truetype/dejavu/DejaVuSans.ttf', '/usr/share/fonts/dejavu/DejaVuSans.ttf', '/usr/share/fonts/TTF/DejaVuSans.ttf'];
let fontFile: string | null | undefined;
const unicodeFont = () => (fontFile === undefined ? (fontFile = [packagedFont(), ...SYSTEM_FONTS].find((f) => f && existsSync(f)) ?? null) : fontFile);

interface Labels {
  invoice: (number: string) => string;
  date: string;
  seller: string;
  buyer: string;
  taxId: string;
  item: string;
  amount: string;
  total: string;
  tariff: (tariff: number, units: number, months: number) => string;
  messages: (n: number) => string;
  reviews: (n: number) => string;
  aiBalance: (n: number) => string;
}

export const INVOICE_LABELS: Record<SystemLanguage, Labels> = {
  ru: {
    invoice: (n) => `Счёт № ${n}`,
    date: 'Дата',
    seller: 'Продавец',
    buyer: 'Покупатель',
    taxId: 'ИНН',
    item: 'Наименование',
    amount: 'Сумма',
    total: 'Итого',
    tariff: (t, u, m) => `Тариф ${t}: ${u} ед. × ${m} мес.`,
    messages: (n) => `Сообщения рассылки: ${n}`,
    reviews: (n) => `Отзывы: ${n}`,
    aiBalance: (n) => `Баланс ИИ: $${n}`,
  },
  en: {
    invoice: (n) => `Invoice No. ${n}`,
    date: 'Date',
    seller: 'Seller',
    buyer: 'Buyer',
    taxId: 'Tax ID',
    item: 'Item',
    amount: 'Amount',
    total: 'Total',
    tariff: (t, u, m) => `Tariff ${t}: ${u} unit(s) × ${m} month(s)`,
    messages: (n) => `Distribution messages: ${n}`,
    reviews: (n) => `Reviews: ${n}`,
    aiBalance: (n) => `AI balance: $${n}`,
  },
  uk: {
    invoice: (n) => `Рахунок № ${n}`,
    date: 'Дата',
    seller: 'Продавець',
    buyer: 'Покупець',
    taxId: 'Податковий номер',
    item: 'Найменування',
    amount: 'Сума',
    total: 'Разом',
    tariff: (t, u, m) => `Тариф ${t}: ${u} од. × ${m} міс.`,
    messages: (n) => `Повідомлення розсилки: ${n}`,
    reviews: (n) => `Відгуки: ${n}`,
    aiBalance: (n) => `Баланс ШІ: $${n}`,
  },
  pt_br: {
    invoice: (n) => `Fatura nº ${n}`,
    date: 'Data',
    seller: 'Vendedor',
    buyer: 'Comprador',
    taxId: 'CNPJ/CPF',
    item: 'Item',
    amount: 'Valor',
    total: 'Total',
    tariff: (t, u, m) => `Plano ${t}: ${u} unidade(s) × ${m} mês(es)`,
    messages: (n) => `Mensagens de distribuição: ${n}`,
    reviews: (n) => `Avaliações: ${n}`,
    aiBalance: (n) => `Saldo de IA: $${n}`,
  },
};

export interface InvoiceContent {
  number: string;
  createdAt: number;
  seller: string;
  companyName: string;
  taxId: string;
  quote: Quote;
  language: SystemLanguage;
}

/** The invoice's lines as printed: label and amount (minor units). */
export function invoiceLines(c: InvoiceContent): { label: string; amount: number }[] {
  const l = INVOICE_LABELS[c.language];
  return [
    ...c.quote.lines.map((line) => ({ label: l.tariff(line.tariff, line.units, line.months), amount: line.amount })),
    ...c.quote.packs.map((p) => ({ label: l[p.kind](p.quantity), amount: p.amount })),
  ];
}

export function invoicePdf(c: InvoiceContent): Promise<Buffer> {
  const l = INVOICE_LABELS[c.language];
  const money = (minor: number) => formatMoney(minor, c.quote.currency);
  const total = money(c.quote.total);
  const doc = new PDFDocument({
    size: 'A4',
    margin: 50,
    // Plain ASCII in the document's info: mail filters and tests read the number and total without a PDF reader.
    info: { Title: `Invoice ${c.number}`, Subject: `Invoice ${c.number}`, Keywords: `invoice=${c.number} total=${c.quote.total} currency=${c.quote.currency}`, Author: ascii(c.seller) },
  });
  const font = unicodeFont();
  const text = font ? (s: string) => s : latin1;
  if (font) doc.registerFont('body', font).font('body');
  const chunks: Buffer[] = [];
  const done = new Promise<Buffer>((resolve, reject) => {
    doc.on('data', (chunk) => chunks.push(chunk));
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
  });
  const left = doc.page.margins.left;
  const width = doc.page.width - left - doc.page.margins.right;
  doc.fontSize(18).text(text(l.invoice(c.number)));
  doc.fontSize(11).moveDown(0.5).text(text(`${l.date}: ${dateOf(c.createdAt)}`));
  doc.moveDown().text(text(`${l.seller}: ${c.seller}`));
  doc.text(text(`${l.buyer}: ${c.companyName}, ${l.taxId} ${c.taxId}`));
  doc.moveDown();
  const row = (label: string, amount: string) => {
    const y = doc.y;
    doc.text(text(label), left, y, { width: width - 130 });
    const after = doc.y;
    doc.text(text(amount), left + width - 120, y, { width: 120, align: 'right' });
    doc.y = Math.max(after, doc.y);
  };
  row(l.item, l.amount);
  doc.moveTo(left, doc.y + 2).lineTo(left + width, doc.y + 2).stroke();
  doc.moveDown(0.5);
  for (const line of invoiceLines(c)) row(line.label, money(line.amount));
  doc.moveTo(left, doc.y + 2).lineTo(left + width, doc.y + 2).stroke();
  doc.moveDown(0.5).fontSize(13);
  row(l.total, total);
  doc.end();
  return done;
}

/** Helvetica's fallback: what Latin-1 cannot print becomes "?". */
const latin1 = (s: string) => s.replace(/[^\x20-\xff]/g, (ch) => (ch === '\u00a0' || ch === '\u202f' ? ' ' : '?'));
const ascii = (s: string) => s.replace(/[^\x20-\x7e]/g, '?');
