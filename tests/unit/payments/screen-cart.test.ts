// The /payments screen's cart (src/features/payments/cart.ts): the body it sends, where a refusal shows, promo code
// and auto-pay never together, and money as the screens show it.
import { describe, expect, it } from 'vitest';
import { addLine, canAutoPay, cartBody, cartIsEmpty, emptyCart, formatMinor, packQuantity, packTypo, removeLine, setAutoPay, setPromocode, spotOf, toggleUnit } from '../../../src/features/payments/cart.ts';

describe('the payments screen cart', () => {
  it('sends one period for every line, units only where chosen, packs typed as whole numbers, the code trimmed', () => {
    let cart = addLine(emptyCart(), 16);
    cart = addLine(cart, 0, ['7']);
    cart = toggleUnit(cart, 0, '8', true);
    cart = { ...cart, months: 3, packs: { messages: ' 500 ', reviews: '', aiBalance: '2.5' }, promocode: '  spring10 ' };
    expect(cartBody(cart)).toEqual({
      items: [{ tariff: 16, months: 3 }, { tariff: 0, months: 3, unitIds: ['7', '8'] }],
      packs: { messages: 500 },
      promocode: 'spring10',
      autoPay: false,
    });
    expect(cartBody(toggleUnit(cart, 0, '7', false)).items[1]).toEqual({ tariff: 0, months: 3, unitIds: ['8'] });
    expect(cartBody(removeLine(cart, 16)).items.map((i) => i.tariff)).toEqual([0]);
  });

  it('adds a tariff once; an empty cart has no tariff and no whole pack', () => {
    const once = addLine(addLine(emptyCart(), 16), 16, ['1']);
    expect(once.lines).toEqual([{ tariff: 16, unitIds: [] }]);
    expect(cartIsEmpty(emptyCart())).toBe(true);
    expect(cartIsEmpty({ ...emptyCart(), packs: { messages: 'abc', reviews: '', aiBalance: '' } })).toBe(true);
    expect(cartIsEmpty({ ...emptyCart(), packs: { messages: '', reviews: '100', aiBalance: '' } })).toBe(false);
    expect([packQuantity('20'), packQuantity('0'), packQuantity('-3'), packQuantity('1e3'), packQuantity('')]).toEqual([20, undefined, undefined, 1000, undefined]);
    expect([packTypo(''), packTypo('12.5'), packTypo('x'), packTypo('40')]).toEqual([false, true, true, false]);
  });

  it('never holds a promo code and auto-pay together (§5)', () => {
    const auto = setAutoPay(emptyCart(), true);
    expect(auto.autoPay).toBe(true);
    const coded = setPromocode(auto, 'SPRING10');
    expect(coded.autoPay).toBe(false);
    expect(canAutoPay(coded)).toBe(false);
    expect(setAutoPay(coded, true).autoPay).toBe(false);
    const cleared = setPromocode(coded, '  ');
    expect(canAutoPay(cleared)).toBe(true);
    expect(setAutoPay(cleared, true).autoPay).toBe(true);
  });

  it('places each refusal at its field', () => {
    expect(spotOf('items[2].unitIds[0]')).toEqual({ kind: 'line', index: 2 });
    expect(spotOf('items[0].tariff')).toEqual({ kind: 'line', index: 0 });
    expect(spotOf('packs.aiBalance')).toEqual({ kind: 'pack', pack: 'aiBalance' });
    expect(spotOf('promocode')).toEqual({ kind: 'promocode' });
    expect(spotOf('items')).toEqual({ kind: 'cart' });
    expect(spotOf(undefined)).toEqual({ kind: 'cart' });
  });

  it('shows minor units with spaces between thousands (§9), cents only when there are any', () => {
    expect(formatMinor(250_000, 'RUB', 'ru')).toBe('2 500 ₽');
    expect(formatMinor(123_456_789, 'RUB', 'ru')).toBe('1 234 567,89 ₽');
    expect(formatMinor(1_999, 'USD', 'en')).toBe('$19.99');
    expect(formatMinor(2_000_000, 'USD', 'en')).toBe('$20 000');
    expect(formatMinor(5, 'USD', 'pt-BR')).toBe('$0,05');
    expect(formatMinor(100, 'EUR', 'en')).toBe('1 EUR');
  });
});
