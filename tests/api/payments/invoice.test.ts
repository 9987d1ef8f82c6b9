// The invoice request (§1, §8 'Invoice request sent' / failed; docs/subscriptions.md "Invoices"): the cart priced as
// the quote prices it, numbered, drawn as a PDF and mailed as an attachment; a bad field is a 400 naming it with
// nothing stored or sent; a mail server that does not take the mail is a 502 with nothing kept.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { invoices } from '../../../src/server/modules/payments/schema.ts';
import { formatMoney } from '../../../src/server/modules/payments/invoice-format.ts';
import { DEAD_URL } from './provider-support.ts';
import { startServer, type TestServer } from '../harness.ts';
import { RU, setLanguage } from './subscription-support.ts';
import { startSmtpCapture, type SmtpCapture } from './smtp-capture.ts';

let server: TestServer;
let smtp: SmtpCapture;
let owner: { id: number; token: string };
const cart = { items: [{ tariff: 16, months: 3 }], packs: { messages: 1500 } };
const company = { companyName: 'ООО «Ромашка»', taxId: '7701234567', email: 'accounts@romashka.example' };

beforeAll(async () => {
  smtp = await startSmtpCapture();
  server = await startServer({ env: { SMTP_URL: smtp.url, DELIVERY_INTERVAL_MS: '0' } });
  owner = await server.createUser('invoice-owner@example.com', 'secret1');
  await setLanguage(server, owner.id, 'en');
});
afterAll(async () => {
  await server?.close();
  await smtp?.close();
});

const request = (body: unknown, token = owner.token) => server.call('POST', '/Payments/Invoice', { token, body, headers: RU });
const stored = () => server.api.db.select().from(invoices).orderBy(invoices.id);

describe('POST /Payments/Invoice', () => {
  it('201: numbered, priced as the quote, the PDF mailed to the company', async () => {
    const quote = await server.call('POST', '/Payments/Quote', { token: owner.token, body: cart, headers: RU });
    expect(quote.status).toBe(200);
    const res = await request({ ...cart, ...company });
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    expect(res.body).toEqual({ number: expect.stringMatching(/^2026-\d{6}$/), total: quote.body.total, currency: 'RUB', email: company.email, createdDateUnixTime: Math.floor(server.clock.now() / 1000) });
    const mail = smtp.mails.at(-1)!;
    expect(mail.subject).toBe(`Invoice No. ${res.body.number}`);
    expect((mail.to as { text: string }).text).toBe(company.email);
    expect(mail.text).toContain(formatMoney(quote.body.total, 'RUB'));
    expect(mail.text).toMatch(/for \d{1,3}( \d{3})+ ₽/); // §9: spaces between thousands
    const [pdf] = mail.attachments;
    expect(pdf).toMatchObject({ contentType: 'application/pdf', filename: `invoice-${res.body.number}.pdf` });
    expect(pdf!.content.subarray(0, 5).toString()).toBe('%PDF-');
    expect(pdf!.content.toString('latin1')).toContain(`(invoice=${res.body.number} total=${quote.body.total} currency=RUB)`);
    // The Russian labels need the embedded Unicode font (the pinned dejavu-fonts-ttf), not Helvetica.
    expect(pdf!.content.toString('latin1')).toMatch(/\/BaseFont \/[A-Z]{6}\+DejaVuSans/);
    const [row] = await stored();
    expect(row).toMatchObject({ userId: owner.id, number: res.body.number, companyName: company.companyName, taxId: company.taxId, email: company.email, total: quote.body.total, currency: 'RUB', brand: 'main-ru' });
    const second = await request({ ...cart, ...company, companyName: '  Romashka LLC ' });
    expect(second.status).toBe(201);
    expect(second.body.number).not.toBe(res.body.number);
    expect((await stored()).at(-1)!.companyName).toBe('Romashka LLC');
  });

  it('money as §9 writes it', () => {
    expect(formatMoney(120000, 'RUB')).toBe('1 200 ₽');
    expect(formatMoney(123456789, 'RUB')).toBe('1 234 567,89 ₽');
    expect(formatMoney(2000, 'USD')).toBe('$20');
    expect(formatMoney(123450, 'USD')).toBe('$1 234.50');
  });

  it('a bad field: 400 naming it; nothing stored, nothing mailed', async () => {
    const before = { rows: await stored(), mails: smtp.mails.length };
    for (const [body, field] of [
      [{ ...cart, ...company, companyName: '   ' }, 'companyName'],
      [{ ...cart, ...company, taxId: '' }, 'taxId'],
      [{ ...cart, ...company, taxId: ' ' }, 'taxId'],
      [{ ...cart, ...company, email: 'not-an-address' }, 'email'],
      [{ ...cart, companyName: company.companyName, taxId: company.taxId }, 'email'],
      [{ ...company, items: [{ tariff: 2, months: 1 }] }, 'items[0].tariff'],
      [{ ...company, items: [{ tariff: 16, months: 2 }] }, 'items[0].months'],
      [{ ...company, items: [] }, 'items'],
      [{ ...company, items: [{ tariff: 16, months: 1 }], packs: { reviews: 5 } }, 'packs.reviews'],
      [{ ...cart, ...company, promocode: 'SPRING' }, 'promocode'],
      [{ ...cart, ...company, companyName: 'x'.repeat(201) }, 'companyName'],
    ] as const) {
      const res = await request(body);
      expect(res.status, JSON.stringify(body)).toBe(400);
      expect(res.body.errors[0].field, JSON.stringify(res.body)).toBe(field);
      expect(res.body.message.startsWith(`${field}: `)).toBe(true);
    }
    expect(await stored()).toEqual(before.rows);
    expect(smtp.mails.length).toBe(before.mails);
    expect((await server.call('POST', '/Payments/Invoice', { body: { ...cart, ...company } })).status).toBe(401);
  });
});

describe('the mail not leaving', () => {
  it('502 invoiceNotSent and no invoice kept; rate limited like the other mailing calls', async () => {
    const broken = await startServer({ env: { SMTP_URL: DEAD_URL.replace('http', 'smtp'), DELIVERY_INTERVAL_MS: '0', RATE_LIMIT_CODE_MAX: '2' } });
    try {
      const who = await broken.createUser('invoice-broken@example.com', 'secret1');
      const res = await broken.call('POST', '/Payments/Invoice', { token: who.token, body: { ...cart, ...company }, headers: RU });
      expect(res.status).toBe(502);
      expect(res.body.code).toBe('invoiceNotSent');
      expect(await broken.api.db.select().from(invoices)).toEqual([]);
      expect((await broken.call('POST', '/Payments/Invoice', { token: who.token, body: { ...cart, ...company }, headers: RU })).status).toBe(502);
      expect((await broken.call('POST', '/Payments/Invoice', { token: who.token, body: { ...cart, ...company }, headers: RU })).status).toBe(429);
    } finally {
      await broken.close();
    }
  });
});
