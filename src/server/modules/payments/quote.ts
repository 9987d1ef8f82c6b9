import type { components } from '../../../api/schema.d.ts';
import type { BrandRules } from '../../platform/brands.ts';
import type { Tx } from '../../platform/db/transactions.ts';
import { invalidField } from '../../platform/http/field-error.ts';
import { CATALOGUE, isTariffId, MONTHS, PACK_KINDS, PACK_MINIMUMS, type Months } from '../../../shared/payments/catalogue.ts';
import type { PriceList } from '../../../shared/payments/prices.ts';
import { lessPercent, packBelowMinimum, packLine, priceTariffLine } from '../../../shared/payments/pricing.ts';
import { checkPromocode, type AppliedPromo } from './promo.ts';
import { ownerUnits } from './units.ts';

type Schemas = components['schemas'];
export type Cart = Schemas['PaymentCart'];
export type Quote = Schemas['PaymentQuote'];

/**
 * The largest total one payment may have, minor units: Stripe's own maximum ($999,999.99), and well inside the int4
 * columns the checkout is stored in. A larger cart is refused at the quote already, naming the line that passed it.
 */
export const MAX_TOTAL_MINOR = 99_999_999;

const PACK_PROBLEM = { messages: 'messagesPackTooSmall', reviews: 'reviewsPackTooSmall', aiBalance: 'aiBalanceTooSmall' } as const;

/**
 * Prices `userId`'s cart on the brand serving the request, or refuses it with a 400 naming the field (the first
 * problem found, cart order: items, packs, promo code). Reads only; the checkout calls it with its transaction and
 * records what it answers (`promo.code` goes to the payment's `promocode`).
 */
export async function priceCart(db: Tx, input: { userId: number; brand: BrandRules; prices: PriceList; cart: Cart; today: string }): Promise<Quote & { appliedPromo: AppliedPromo | null }> {
  const { cart, brand, prices } = input;
  const currency = prices.currencies[brand.currency];
  const packs = cart.packs ?? {};
  if (cart.items.length === 0 && PACK_KINDS.every((kind) => packs[kind] === undefined)) throw invalidField('items', 'cartEmpty');

  const units = cart.items.some((item) => item.unitIds?.length) ? await ownerUnits(db, input.userId) : undefined;
  const seen = new Set<number>();
  const lines = cart.items.map((item, i) => {
    const at = `items[${i}]`;
    if (!isTariffId(item.tariff) || !brand.tariffs.includes(item.tariff)) throw invalidField(`${at}.tariff`, 'tariffNotOffered', { params: { tariff: item.tariff } });
    if (seen.has(item.tariff)) throw invalidField(`${at}.tariff`, 'tariffRepeated', { params: { tariff: item.tariff } });
    seen.add(item.tariff);
    if (!(MONTHS as readonly number[]).includes(item.months)) throw invalidField(`${at}.months`, 'monthsNotOffered');
    const tariff = CATALOGUE[item.tariff];
    const ids = item.unitIds ?? [];
    if (tariff.unit === 'account') {
      if (ids.length) throw invalidField(`${at}.unitIds`, 'unitsNotApplicable');
    } else {
      if (!ids.length) throw invalidField(`${at}.unitIds`, 'unitsRequired');
      // Another owner's id and an unknown one get the same answer: the list holds only the caller's units.
      const own = new Set(units![tariff.unit].map((u) => u.id));
      ids.forEach((id, j) => {
        if (!own.has(id)) throw invalidField(`${at}.unitIds[${j}]`, 'unitNotFound');
        if (ids.indexOf(id) !== j) throw invalidField(`${at}.unitIds[${j}]`, 'unitRepeated');
      });
    }
    const priced = priceTariffLine(prices, currency, { tariff: item.tariff, units: Math.max(ids.length, 1), months: item.months as Months });
    return { ...priced, unit: tariff.unit, unitIds: ids };
  });

  const packLines = PACK_KINDS.flatMap((kind) => {
    const quantity = packs[kind];
    if (quantity === undefined) return [];
    if (packBelowMinimum(kind, quantity)) throw invalidField(`packs.${kind}`, PACK_PROBLEM[kind], { params: { minimum: PACK_MINIMUMS[kind] } });
    return [packLine(currency, kind, quantity)];
  });

  const typed = cart.promocode?.trim();
  const appliedPromo = typed
    ? await checkPromocode(db, { typed, userId: input.userId, today: input.today, cart: { tariffs: lines.map((l) => l.tariff), months: lines.map((l) => l.months), autoPay: cart.autoPay ?? false } })
    : null;
  const promoPercent = appliedPromo?.discountPercent ?? 0;
  const quoteLines = lines.map((l) => ({
    tariff: l.tariff,
    unit: l.unit,
    unitIds: l.unitIds,
    units: l.units,
    months: l.months,
    unitPrice: l.unitPrice,
    additionalUnitDiscountPercent: l.additionalUnitDiscountPercent,
    monthsDiscountPercent: l.monthsDiscountPercent,
    promoDiscountPercent: promoPercent,
    amount: lessPercent(l.amount, promoPercent),
  }));
  // In cart order: the first line or pack that takes the running total past the maximum is the field named.
  let total = 0;
  const parts = [...quoteLines.map((l, i) => ({ field: `items[${i}]`, amount: l.amount })), ...packLines.map((p) => ({ field: `packs.${p.kind}`, amount: p.amount }))];
  for (const part of parts) {
    total += part.amount;
    if (total > MAX_TOTAL_MINOR) throw invalidField(part.field, 'totalTooLarge', { params: { maximum: MAX_TOTAL_MINOR / 100 } });
  }
  return {
    currency: brand.currency,
    lines: quoteLines,
    packs: packLines,
    promo: appliedPromo ? { code: appliedPromo.code, discountPercent: appliedPromo.discountPercent } : null,
    total,
    autoPay: cart.autoPay ?? false,
    appliedPromo,
  };
}
