import { loadBrands } from '../../../brand/load.ts';
import type { AppContext } from '../../platform/context.ts';
import { brandForHost } from '../../platform/brands.ts';
import { clientHostOf, requireAuth } from '../../platform/http/auth.ts';
import { emailOf, invalidField } from '../../platform/http/field-error.ts';
import { HttpError } from '../../platform/http/problem.ts';
import type { Handler } from '../../platform/http/types.ts';
import { findUser } from '../account/store.ts';
import { todayOf } from './handlers.ts';
import { dateOf, formatMoney } from './invoice-format.ts';
import { invoiceMail } from './invoice-mail.ts';
import { invoicePdf } from './invoice-pdf.ts';
import { priceCart } from './quote.ts';
import { issueInvoice, withdrawInvoice } from './store-invoices.ts';

/**
 * §1/§8 invoice request: the cart priced as a checkout would price it (no promo code, no auto-pay), numbered
 * (`<year>-<six-digit id>`), drawn as a PDF and mailed to `email`. The mail not leaving → 502 and the number is
 * withdrawn (docs/subscriptions.md "Invoices").
 */
export function invoiceHandler(ctx: AppContext): Handler<'requestInvoice'> {
  const { db, config, mailer } = ctx;
  return async (req, reply) => {
    const userId = requireAuth(req).userId;
    const body = req.body;
    const companyName = body.companyName.trim();
    const taxId = body.taxId.trim();
    if (!companyName) throw invalidField('companyName', 'blank');
    if (!taxId) throw invalidField('taxId', 'blank');
    const email = emailOf(body.email, 'email');
    const brand = brandForHost(clientHostOf(req));
    const quote = await priceCart(db, { userId, brand, prices: config.paymentPrices, cart: { items: body.items, packs: body.packs, autoPay: false }, today: todayOf(config.now()) });
    const { appliedPromo: _none, ...issued } = quote;
    const at = new Date(config.now());
    const invoice = await issueInvoice(db, { userId, brand: brand.id, companyName, taxId, email, currency: issued.currency, total: issued.total, quote: issued, createdAt: at });
    const user = await findUser(db, userId);
    const language = user?.language ?? 'ru';
    const seller = loadBrands().find((b) => b.id === brand.id)?.productName ?? brand.id;
    const createdAt = Math.floor(at.getTime() / 1000);
    try {
      const pdf = await invoicePdf({ number: invoice.number, createdAt, seller, companyName, taxId, quote: issued, language });
      await mailer.send(invoiceMail({ to: email, language, number: invoice.number, date: dateOf(createdAt), seller, total: formatMoney(issued.total, issued.currency), pdf }));
    } catch (error) {
      // Not sent: the number is withdrawn so the owner's retry is the one invoice the company receives.
      await withdrawInvoice(db, invoice.id);
      console.warn(`payments: invoice ${invoice.number} not mailed: ${(error as Error).message}`);
      throw new HttpError(502, 'invoiceNotSent');
    }
    reply.code(201);
    return { number: invoice.number, total: issued.total, currency: issued.currency, email, createdDateUnixTime: createdAt };
  };
}
