// The cart as the /payments screen keeps it, and the body the quote, checkout and invoice calls take. Pure: no API.
import type { components } from '../../api/schema.d.ts';

type CartBody = components['schemas']['PaymentCart'];
export type PackKind = 'messages' | 'reviews' | 'aiBalance';
export const PACK_KINDS: readonly PackKind[] = ['messages', 'reviews', 'aiBalance'];

export interface CartLine {
  tariff: number;
  /** The chosen units of the tariff's kind; empty for an account tariff. */
  unitIds: string[];
}

export interface Cart {
  lines: CartLine[];
  /** One period for the whole cart (decision: docs/payments-screens.md): 1, 3, 6 or 12. */
  months: number;
  /** What the owner typed in each pack field ('' = no pack). */
  packs: Record<PackKind, string>;
  promocode: string;
  autoPay: boolean;
}

export const emptyCart = (): Cart => ({ lines: [], months: 1, packs: { messages: '', reviews: '', aiBalance: '' }, promocode: '', autoPay: false });

/** A pack field as a number: whole and positive, else undefined (the field shows its own error). */
export const packQuantity = (typed: string): number | undefined => {
  const value = Number(typed.trim());
  return typed.trim() && Number.isInteger(value) && value > 0 ? value : undefined;
};

/** A pack field that holds something other than a whole positive number. */
export const packTypo = (typed: string) => typed.trim() !== '' && packQuantity(typed) === undefined;

export function cartBody(cart: Cart): CartBody {
  const packs = Object.fromEntries(PACK_KINDS.flatMap((kind) => {
    const quantity = packQuantity(cart.packs[kind]);
    return quantity === undefined ? [] : [[kind, quantity]];
  })) as CartBody['packs'];
  const promocode = cart.promocode.trim();
  return {
    items: cart.lines.map((line) => ({ tariff: line.tariff, months: cart.months, ...(line.unitIds.length ? { unitIds: line.unitIds } : {}) })),
    ...(packs && Object.keys(packs).length ? { packs } : {}),
    ...(promocode ? { promocode } : {}),
    autoPay: cart.autoPay,
  };
}

/** Nothing to price yet: no tariff and no pack. */
export const cartIsEmpty = (cart: Cart) => !cart.lines.length && PACK_KINDS.every((kind) => packQuantity(cart.packs[kind]) === undefined);

/**
 * Where a refusal's field shows on the screen: `items[2].unitIds[0]` → line 2, `packs.messages` → that pack,
 * `promocode` → the code, anything else (cartEmpty on `items`) → the cart as a whole.
 */
export type FieldSpot = { kind: 'line'; index: number } | { kind: 'pack'; pack: PackKind } | { kind: 'promocode' } | { kind: 'cart' };

export function spotOf(field: string | undefined): FieldSpot {
  const line = /^items\[(\d+)\]/.exec(field ?? '');
  if (line) return { kind: 'line', index: Number(line[1]) };
  const pack = /^packs\.(messages|reviews|aiBalance)$/.exec(field ?? '');
  if (pack) return { kind: 'pack', pack: pack[1] as PackKind };
  if (field === 'promocode') return { kind: 'promocode' };
  return { kind: 'cart' };
}

/** Adding a tariff already in the cart does nothing (the server refuses a repeat: its units go on one line). */
export const addLine = (cart: Cart, tariff: number, unitIds: string[] = []): Cart =>
  cart.lines.some((l) => l.tariff === tariff) ? cart : { ...cart, lines: [...cart.lines, { tariff, unitIds }] };

export const removeLine = (cart: Cart, tariff: number): Cart => ({ ...cart, lines: cart.lines.filter((l) => l.tariff !== tariff) });

export const toggleUnit = (cart: Cart, tariff: number, unitId: string, on: boolean): Cart => ({
  ...cart,
  lines: cart.lines.map((l) => (l.tariff !== tariff ? l : { ...l, unitIds: on ? [...new Set([...l.unitIds, unitId])] : l.unitIds.filter((u) => u !== unitId) })),
});

/**
 * §5: a promo code and auto-pay are never on together. Typing a code turns auto-pay off; turning auto-pay on is
 * refused while a code is typed (the screen says why).
 */
export const setPromocode = (cart: Cart, promocode: string): Cart => ({ ...cart, promocode, autoPay: promocode.trim() ? false : cart.autoPay });
export const canAutoPay = (cart: Cart) => !cart.promocode.trim();
export const setAutoPay = (cart: Cart, on: boolean): Cart => (on && !canAutoPay(cart) ? cart : { ...cart, autoPay: on });

/** Minor units → the amount as the screens show it (§9: spaces between thousands; cents only when there are any). */
export function formatMinor(minor: number, currency: string, locale: string): string {
  const sign = minor < 0 ? '-' : '';
  const abs = Math.abs(Math.round(minor));
  const whole = String(Math.floor(abs / 100)).replace(/\B(?=(\d{3})+(?!\d))/g, ' ');
  const cents = abs % 100;
  const decimal = locale.startsWith('en') ? '.' : ',';
  const amount = `${sign}${whole}${cents ? `${decimal}${String(cents).padStart(2, '0')}` : ''}`;
  if (currency === 'USD') return `${sign ? '-' : ''}$${amount.replace(/^-/, '')}`;
  if (currency === 'RUB') return `${amount} ₽`;
  return `${amount} ${currency}`;
}
