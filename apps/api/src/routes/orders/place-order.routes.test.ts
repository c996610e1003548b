import type { Order } from '@torget/shared/api-types.generated';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { orderItems, orders, users } from '#api/db/schema.ts';
import {
  ADDRESS,
  customer,
  orderRowCounts,
  postOrder,
  product,
  type Session,
  settle,
  shop,
  stockOf,
} from '#api/modules/orders/order-test-kit.ts';
import { createTestApp, type TestApp } from '#api/test/test-app.ts';

let t: TestApp;
let anna: Session; // PayPal and Swish
let bosse: Session; // PayPal only
let buyer: Session;

beforeAll(async () => {
  t = await createTestApp();
  anna = await shop(t, { name: 'Annas Ateljé' });
  bosse = await shop(t, { name: 'Bosses Bod', swishNumber: '' });
  buyer = await customer(t, 'Kim Köpare');
});
afterAll(() => t.close());

const order = (
  lines: { product: string; qty: unknown; [field: string]: unknown }[],
  paymentMethod = 'Swish',
  extra: object = {},
) => ({
  orderItems: lines,
  shippingAddress: ADDRESS,
  paymentMethod,
  ...extra,
});

describe('placing an order', () => {
  it('prices from the database whatever the payload says, snapshots, takes stock and mails both parties', async () => {
    const lamp = await product(t, anna.id, {
      name: 'Lampa X',
      priceOre: 12_950,
      shippingPriceOre: 4_900,
      countInStock: 5,
    });
    const bowl = await product(t, anna.id, {
      name: 'Skål',
      priceOre: 5_000,
      image: '/uploads/skal.webp',
      countInStock: 3,
    });
    const tampered = order(
      [
        { product: lamp.id, qty: 2, price: 0.01, shipping_price: 0, name: 'Gratis' },
        { product: bowl.id, qty: 1, price: 0 },
      ],
      'Swish',
      { itemsPrice: 0.02, shippingPrice: 0, taxPrice: 0, totalPrice: 0.02, user: anna.id, isPaid: true },
    );
    const res = await postOrder(t, buyer.token, tampered);
    expect(res.statusCode, res.body).toBe(201);
    const body = res.json() as { message: string; order: Order };
    expect(body.message).toBe('New Order Created');
    expect(body.order).toMatchObject({
      orderItems: [
        { name: 'Lampa X', qty: 2, price: 129.5, shipping_price: 49, product: lamp.id },
        { name: 'Skål', qty: 1, price: 50, image: '/uploads/skal.webp', product: bowl.id },
      ],
      shippingAddress: ADDRESS,
      paymentMethod: 'Swish',
      itemsPrice: 309,
      shippingPrice: 98,
      taxPrice: 0,
      totalPrice: 407,
      isPaid: false,
      paidAt: null,
      isDelivered: false,
      deliveredAt: null,
      user: buyer.id,
      seller: { _id: anna.id, seller: { name: 'Annas Ateljé', swish_number: '1231234567' } },
    });
    expect(body.order).not.toHaveProperty('paymentResult');
    expect(await stockOf(t, lamp.id)).toBe(3);
    expect(await stockOf(t, bowl.id)).toBe(2);
    const [row] = await t.database.db.select().from(orders).where(eq(orders.id, body.order._id));
    expect(row).toMatchObject({ totalPriceOre: 40_700, buyerName: 'Kim Köpare', isPaid: false });

    await settle();
    const toBuyer = t.mails.find((m) => m.to === buyer.email);
    const toSeller = t.mails.find((m) => m.to === anna.email);
    expect(toBuyer?.subject).toContain('Orderbekräftelse');
    expect(toBuyer?.text).toContain('Totalt / Total: SEK 407.00');
    expect(toBuyer?.text).toContain(`2 × #${lamp.number} Lampa X  SEK 259.00`);
    expect(toBuyer?.text).toContain(`/order/${body.order._id}`);
    expect(toSeller?.subject).toContain('New order');
    expect(toSeller?.text).toContain('You have a new order from Kim Köpare.');
  });

  it('merges two lines of one product into one', async () => {
    const mug = await product(t, anna.id, { name: 'Mugg', countInStock: 4 });
    const res = await postOrder(
      t,
      buyer.token,
      order([
        { product: mug.id, qty: 1 },
        { product: mug.id, qty: 2 },
      ]),
    );
    expect(res.statusCode).toBe(201);
    expect((res.json() as { order: Order }).order.orderItems).toMatchObject([{ product: mug.id, qty: 3 }]);
    expect(await stockOf(t, mug.id)).toBe(1);
  });

  it('keeps what the order says when the product and the shop change later', async () => {
    const vase = await product(t, bosse.id, { name: 'Vas', priceOre: 30_000 });
    const res = await postOrder(t, buyer.token, order([{ product: vase.id, qty: 1 }], 'PayPal'));
    expect(res.statusCode).toBe(201);
    const placed = (res.json() as { order: Order }).order;
    await t.app.inject({
      method: 'DELETE',
      url: `/api/products/${vase.id}`,
      headers: { authorization: `Bearer ${bosse.token}` },
    });
    const again = await t.app.inject({
      method: 'GET',
      url: `/api/orders/${placed._id}`,
      headers: { authorization: `Bearer ${buyer.token}` },
    });
    expect(again.json()).toMatchObject({
      orderItems: [{ name: 'Vas', price: 300, product: null }],
      seller: { seller: { name: 'Bosses Bod', swish_number: '' } },
    });
  });
});

describe('refusals write nothing', () => {
  /** Runs a refused request and checks that no order, line or stock changed. */
  async function refused(payload: object, status: number, message: string, token: string | null = buyer.token) {
    const watched = await product(t, anna.id, { name: 'Bevakad', countInStock: 5 });
    const before = await orderRowCounts(t);
    const res = await postOrder(t, token, payload);
    expect(res.statusCode, res.body).toBe(status);
    expect(res.json().message).toContain(message);
    expect(await orderRowCounts(t)).toEqual(before);
    expect(await stockOf(t, watched.id)).toBe(5);
    return res;
  }

  it('refuses items from two sellers', async () => {
    const a = await product(t, anna.id);
    const b = await product(t, bosse.id);
    await refused(
      order(
        [
          { product: a.id, qty: 1 },
          { product: b.id, qty: 1 },
        ],
        'PayPal',
      ),
      400,
      'one seller',
    );
  });

  it('refuses a payment method the seller does not offer', async () => {
    const b = await product(t, bosse.id);
    await refused(order([{ product: b.id, qty: 1 }], 'Swish'), 400, 'Bosses Bod does not accept Swish.');
    const none = await shop(t, { name: 'Ingen Betalning', paypal: false, swishNumber: '' });
    const n = await product(t, none.id);
    await refused(order([{ product: n.id, qty: 1 }], 'PayPal'), 400, 'does not accept PayPal');
    await refused(order([{ product: n.id, qty: 1 }], 'Bitcoin'), 400, 'paymentMethod');
  });

  it('refuses zero, negative, fractional and non-numeric quantities', async () => {
    const p = await product(t, anna.id);
    for (const qty of [0, -1, 1.5, '2', null]) {
      await refused(order([{ product: p.id, qty }]), 400, 'orderItems.0.qty');
    }
  });

  it('refuses more than is in stock with 409, naming the product and what is left', async () => {
    const lamp = await product(t, anna.id, { name: 'Lampa Y', countInStock: 2 });
    const other = await product(t, anna.id, { name: 'Annan', countInStock: 9 });
    await refused(
      order([
        { product: other.id, qty: 1 },
        { product: lamp.id, qty: 3 },
      ]),
      409,
      'Only 2 left of Lampa Y.',
    );
    expect(await stockOf(t, other.id)).toBe(9);
    const soldOut = await product(t, anna.id, { name: 'Slutsåld', countInStock: 0 });
    await refused(order([{ product: soldOut.id, qty: 1 }]), 409, 'Slutsåld is sold out (0 left).');
    // Merged lines count together.
    await refused(
      order([
        { product: lamp.id, qty: 1 },
        { product: lamp.id, qty: 2 },
      ]),
      409,
      'Only 2 left',
    );
  });

  it('refuses unknown and malformed products, and an empty cart', async () => {
    const unknown = '00000000-0000-4000-8000-000000000000';
    await refused(order([{ product: unknown, qty: 1 }]), 400, `Product not found: ${unknown}`);
    await refused(order([{ product: 'abc', qty: 1 }]), 400, 'orderItems.0.product');
    await refused(order([]), 400, 'Cart is empty.');
  });

  it('refuses buying from oneself, from a seller who no longer sells, and visitors', async () => {
    const own = await product(t, anna.id);
    await refused(order([{ product: own.id, qty: 1 }]), 400, 'You cannot buy your own products.', anna.token);
    const gone = await shop(t, { name: 'Stängd' });
    const p = await product(t, gone.id);
    await t.database.db.update(users).set({ isSeller: false }).where(eq(users.id, gone.id));
    await refused(order([{ product: p.id, qty: 1 }]), 400, 'not selling');
    await refused(order([{ product: own.id, qty: 1 }]), 401, 'No Token', null);
  });

  it('refuses a missing shipping field', async () => {
    const p = await product(t, anna.id);
    await refused(
      { orderItems: [{ product: p.id, qty: 1 }], shippingAddress: { ...ADDRESS, city: '' }, paymentMethod: 'Swish' },
      400,
      'City is required.',
    );
  });
});

describe('stock under concurrency', () => {
  it('sells exactly the stock when 40 buyers race for 10 units', async () => {
    const hot = await product(t, anna.id, { name: 'Populär', countInStock: 10 });
    const results = await Promise.all(
      Array.from({ length: 40 }, () => postOrder(t, buyer.token, order([{ product: hot.id, qty: 1 }]))),
    );
    const statuses = results.map((r) => r.statusCode);
    expect(statuses.filter((s) => s === 201)).toHaveLength(10);
    expect(statuses.filter((s) => s === 409)).toHaveLength(30);
    for (const r of results.filter((res) => res.statusCode === 409)) {
      expect(r.json().message).toMatch(/Populär is sold out \(0 left\)\.|Only \d+ left of Populär\./);
    }
    expect(await stockOf(t, hot.id)).toBe(0);
    const sold = await t.database.db.select().from(orderItems).where(eq(orderItems.productId, hot.id));
    expect(sold).toHaveLength(10);
  });
});

describe('statements', () => {
  it('places an order in as many statements for four lines as for one', async () => {
    const stocked = await Promise.all(
      [1, 2, 3, 4].map((i) => product(t, anna.id, { name: `Rad ${i}`, countInStock: 10 })),
    );
    const statementsFor = async (lines: typeof stocked) => {
      const before = t.database.statementCount();
      const res = await postOrder(t, buyer.token, order(lines.map((p) => ({ product: p.id, qty: 2 }))));
      expect(res.statusCode, res.body).toBe(201);
      return t.database.statementCount() - before;
    };
    const one = await statementsFor(stocked.slice(0, 1));
    const four = await statementsFor(stocked);
    expect(four).toBe(one);
    // The session's user, then begin, lock the products, take stock and write the order, commit.
    expect(one).toBeLessThanOrEqual(5);
    for (const p of stocked) expect(await stockOf(t, p.id)).toBe(p === stocked[0] ? 6 : 8);
  });
});
