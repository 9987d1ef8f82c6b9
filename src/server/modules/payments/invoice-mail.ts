import type { SystemLanguage } from '../../../i18n/locales.ts';
import type { Mail } from '../../platform/mail/mailer.ts';

// The invoice's covering mail, in the requesting owner's language; the PDF rides as an attachment.

const TEXTS: Record<SystemLanguage, { subject: (n: string) => string; body: (n: string, date: string, seller: string, total: string) => string }> = {
  ru: {
    subject: (n) => `Счёт № ${n}`,
    body: (n, d, s, t) => `Здравствуйте!\n\nВо вложении счёт № ${n} от ${d} на сумму ${t}.\nПродавец: ${s}.\n`,
  },
  en: {
    subject: (n) => `Invoice No. ${n}`,
    body: (n, d, s, t) => `Hello,\n\nAttached is invoice No. ${n} of ${d} for ${t}.\nSeller: ${s}.\n`,
  },
  uk: {
    subject: (n) => `Рахунок № ${n}`,
    body: (n, d, s, t) => `Вітаємо!\n\nУ вкладенні рахунок № ${n} від ${d} на суму ${t}.\nПродавець: ${s}.\n`,
  },
  pt_br: {
    subject: (n) => `Fatura nº ${n}`,
    body: (n, d, s, t) => `Olá,\n\nSegue em anexo a fatura nº ${n} de ${d} no valor de ${t}.\nVendedor: ${s}.\n`,
  },
};

export function invoiceMail(i: { to: string; language: SystemLanguage; number: string; date: string; seller: string; total: string; pdf: Buffer }): Mail {
  const t = TEXTS[i.language];
  return {
    to: i.to,
    subject: t.subject(i.number),
    text: t.body(i.number, i.date, i.seller, i.total),
    attachments: [{ filename: `invoice-${i.number}.pdf`, contentType: 'application/pdf', content: i.pdf }],
  };
}
