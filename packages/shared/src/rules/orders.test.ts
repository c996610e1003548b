import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  addToCart,
  CART_SELLER_CONFLICT,
  type CartLine,
  type CartSellerRef,
  cartTotals,
  completeShippingAddress,
  defaultPaymentMethod,
  paymentMethodsFor,
  SHIPPING_ADDRESS_FIELDS,
  swishAmount,
  swishAppLink,
  swishQrPayload,
} from './orders';

const line = fc.record({
  qty: fc.integer({ min: 1, max: 10_000 }),
  priceOre: fc.integer({ min: 0, max: 1_000_000 }),
  shippingPriceOre: fc.integer({ min: 0, max: 100_000 }),
});

describe('cart totals', () => {
  it('sums qty × price and qty × shipping, with tax 0', () => {
    expect(
      cartTotals([
        { qty: 2, priceOre: 12_950, shippingPriceOre: 4_900 },
        { qty: 1, priceOre: 5, shippingPriceOre: 0 },
      ]),
    ).toEqual({ itemsOre: 25_905, shippingOre: 9_800, taxOre: 0, totalOre: 35_705 });
    expect(cartTotals([])).toEqual({ itemsOre: 0, shippingOre: 0, taxOre: 0, totalOre: 0 });
  });

  it('equals the sum of the lines for any cart', () => {
    fc.assert(
      fc.property(fc.array(line, { maxLength: 30 }), (lines) => {
        const totals = cartTotals(lines);
        const items = lines.reduce((sum, l) => sum + l.qty * l.priceOre, 0);
        const shipping = lines.reduce((sum, l) => sum + l.qty * l.shippingPriceOre, 0);
        expect(totals).toEqual({ itemsOre: items, shippingOre: shipping, taxOre: 0, totalOre: items + shipping });
        expect(Number.isInteger(totals.totalOre)).toBe(true);
      }),
    );
  });

  it('is additive over split carts and independent of line order', () => {
    fc.assert(
      fc.property(fc.array(line), fc.array(line), (a: CartLine[], b: CartLine[]) => {
        const whole = cartTotals([...a, ...b]);
        expect(whole.totalOre).toBe(cartTotals(a).totalOre + cartTotals(b).totalOre);
        expect(cartTotals([...b, ...a])).toEqual(whole);
      }),
    );
  });
});

const sellerRef = (id: string, shop = `Butik ${id}`): CartSellerRef => ({
  _id: id,
  name: `Ägare ${id}`,
  seller: { name: shop },
});
const item = (product: string, seller: CartSellerRef, qty = 1) => ({ product, qty, seller });

describe('adding to the cart', () => {
  const anna = sellerRef('a', 'Annas Ateljé');

  it('appends a new product and replaces the line of the same product in place', () => {
    const first = addToCart([], item('p1', anna));
    expect(first).toEqual({ ok: true, items: [item('p1', anna)] });
    if (!first.ok) throw new Error('refused');
    const second = addToCart(first.items, item('p2', anna));
    if (!second.ok) throw new Error('refused');
    const replaced = addToCart(second.items, item('p1', anna, 3));
    expect(replaced).toEqual({ ok: true, items: [item('p1', anna, 3), item('p2', anna)] });
  });

  it("refuses another seller's item with the spec sentence naming the first item's seller", () => {
    const result = addToCart([item('p1', anna)], item('p9', sellerRef('b')));
    expect(result).toEqual({
      ok: false,
      error:
        "Can't add to cart. Buy from the first item's seller, named in the message, in this order. " +
        'Your cart holds items from Annas Ateljé: buy from them in this order, or empty the cart first.',
      seller: { _id: 'a', name: 'Annas Ateljé' },
    });
  });

  it('names the seller by their own name while the shop has none', () => {
    const result = addToCart([item('p1', sellerRef('c', ''))], item('p2', anna));
    expect(!result.ok && result.error).toContain('Your cart holds items from Ägare c:');
  });

  const products = fc.constantFrom('p1', 'p2', 'p3', 'p4', 'p5');
  const sellers = fc.constantFrom('s1', 's2');

  it('keeps one line per product and the first line’s seller, whatever is added', () => {
    fc.assert(
      fc.property(fc.array(fc.tuple(products, sellers, fc.integer({ min: 1, max: 9 }))), (adds) => {
        let cart: ReturnType<typeof item>[] = [];
        for (const [product, seller, qty] of adds) {
          const before = cart;
          const result = addToCart(cart, item(product, sellerRef(seller), qty));
          const conflict = before.length > 0 && before[0]?.seller._id !== seller;
          expect(result.ok).toBe(!conflict);
          if (!result.ok) {
            expect(result.error.startsWith(CART_SELLER_CONFLICT)).toBe(true);
            expect(result.error).toContain(`items from Butik ${before[0]?.seller._id}:`);
            continue;
          }
          cart = result.items;
          const had = before.some((l) => l.product === product);
          expect(cart).toHaveLength(before.length + (had ? 0 : 1));
          expect(cart.filter((l) => l.product === product)).toEqual([item(product, sellerRef(seller), qty)]);
          // Other lines stay as they were, in the same order.
          expect(cart.filter((l) => l.product !== product)).toEqual(before.filter((l) => l.product !== product));
          expect(new Set(cart.map((l) => l.seller._id)).size).toBe(1);
        }
      }),
    );
  });
});

describe('payment methods', () => {
  const seller = (has_paypal: boolean, has_swish: boolean, swish_number = '') => ({
    has_paypal,
    has_swish,
    swish_number,
  });

  it('offers PayPal only with PayPal, Swish only with Swish and a number', () => {
    expect(paymentMethodsFor(seller(true, true, '1231234567'))).toEqual(['PayPal', 'Swish']);
    expect(paymentMethodsFor(seller(true, true, '  '))).toEqual(['PayPal']);
    expect(paymentMethodsFor(seller(false, false, '1231234567'))).toEqual([]);
    expect(paymentMethodsFor(seller(false, true, '1231234567'))).toEqual(['Swish']);
  });

  it('defaults to Swish when offered, else PayPal, else none', () => {
    expect(defaultPaymentMethod(seller(true, true, '1231234567'))).toBe('Swish');
    expect(defaultPaymentMethod(seller(true, true, ''))).toBe('PayPal');
    expect(defaultPaymentMethod(seller(true, false, '1231234567'))).toBe('PayPal');
    expect(defaultPaymentMethod(seller(false, false))).toBeNull();
  });

  it('always defaults to an offered method', () => {
    fc.assert(
      fc.property(fc.boolean(), fc.boolean(), fc.constantFrom('', ' ', '1231234567'), (p, s, n) => {
        const choice = defaultPaymentMethod(seller(p, s, n));
        const offered = paymentMethodsFor(seller(p, s, n));
        expect(choice === null ? offered.length === 0 : offered.includes(choice)).toBe(true);
      }),
    );
  });
});

describe('Swish QR', () => {
  it('writes C<number>;<amount with comma>;<reference>;0', () => {
    expect(swishQrPayload('123 456 78-90', 12_345, 'order-1')).toBe('C1234567890;123,45;order-1;0');
    expect(swishQrPayload('1231234567', 5, 'x;y')).toBe('C1231234567;0,05;x y;0');
    expect(swishAmount(100_000)).toBe('1000,00');
  });
});

describe('the link that opens the Swish app', () => {
  /** What the Swish app reads from the link: the JSON after `data=`, URL-decoded. */
  function decode(link: string): unknown {
    const prefix = 'swish://payment?data=';
    expect(link.startsWith(prefix)).toBe(true);
    const data = link.slice(prefix.length);
    // Encoded as one query value: nothing in it that would end or split the value.
    expect(data).not.toMatch(/[&#?={}" ]/);
    return JSON.parse(decodeURIComponent(data));
  }

  it('carries the payee, the amount in SEK and the message, none editable', () => {
    const link = swishAppLink({ swishNumber: '123 456 78-90', amountOre: 28_810, message: 'T-100001' });
    expect(decode(link)).toEqual({
      version: 1,
      payee: { value: '1234567890', editable: false },
      amount: { value: 288.1, editable: false },
      message: { value: 'T-100001', editable: false },
    });
  });

  it('gives any amount in öre back exactly, and the same payment as the QR code', () => {
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 100_000_000 }), (amountOre) => {
        const request = { swishNumber: '1231234567', amountOre, message: 'T-123456' };
        const data = decode(swishAppLink(request)) as { amount: { value: number }; payee: { value: string } };
        expect(Math.round(data.amount.value * 100)).toBe(amountOre);
        expect(String(data.amount.value)).toBe(
          swishAmount(amountOre)
            .replace(',', '.')
            .replace(/\.?0+$/, ''),
        );
        expect(swishQrPayload(request.swishNumber, amountOre, request.message)).toBe(
          `C${data.payee.value};${swishAmount(amountOre)};T-123456;0`,
        );
      }),
    );
  });

  it('keeps a message with Swedish letters and signs intact', () => {
    const data = decode(swishAppLink({ swishNumber: '1231234567', amountOre: 100, message: 'Åsa & Örjan?' })) as {
      message: { value: string };
    };
    expect(data.message.value).toBe('Åsa & Örjan?');
  });
});

describe('shipping address', () => {
  const full = { fullName: 'Eva Ek', address: 'Storgatan 1', city: 'Umeå', postalCode: '903 25', country: 'Sverige' };

  it('is complete only with all five fields holding text', () => {
    expect(completeShippingAddress(full)).toEqual(full);
    expect(completeShippingAddress({ ...full, city: '  ' })).toBeNull();
    const { country: _, ...withoutCountry } = full;
    expect(completeShippingAddress(withoutCountry)).toBeNull();
    expect(SHIPPING_ADDRESS_FIELDS).toEqual(['fullName', 'address', 'city', 'postalCode', 'country']);
  });
});
