/**
 * The buyer's right of withdrawal through the API: the period's boundaries in Stockholm days, the
 * quantities, bad input, who may withdraw and decide, restocking, the lists, and that a refusal
 * changes nothing.
 */
import type { Order, OrderWithdrawal, WithdrawalListEntry } from '@torget/shared/api-types.generated';
import { addCalendarDays, stockholmDay } from '@torget/shared/rules/stockholm-days';
import { count, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { orderWithdrawals } from '#api/db/schema.ts';
import { customer, placeOrder, product, type Session, shop, stockOf } from '#api/modules/orders/order-test-kit.ts';
import { bearer } from '#api/test/sessions.ts';
import { createTestApp, type TestApp } from '#api/test/test-app.ts';

let t: TestApp;
let anna: Session;
let bosse: Session;
let kim: Session;
let stranger: Session;
let admin: Session;

beforeAll(async () => {
  t = await createTestApp();
  anna = await shop(t, { name: 'Annas Ateljé' });
  bosse = await shop(t, { name: 'Bosses Bod' });
  kim = await customer(t, 'Kim Köpare');
  stranger = await customer(t, 'Främling');
  admin = await customer(t, 'Admin Adminsson', true);
});
afterAll(() => t.close());

const call = (method: 'GET' | 'POST' | 'PUT', url: string, who: Session | null, payload?: object) =>
  t.app.inject({ method, url, headers: who ? bearer(who.token) : {}, ...(payload ? { payload } : {}) });

interface ThreeLines {
  order: Order;
  lamp: string;
  vase: string;
  mug: string;
}

/** An order of three lines from Anna's shop: 2 lamps at 100 kr, 1 vase at 50.50 kr, 3 mugs at 20 kr. */
async function threeLineOrder(method: 'Swish' | 'PayPal' = 'Swish'): Promise<ThreeLines> {
  const lamp = (
    await product(t, anna.id, { name: 'Lampa', priceOre: 10_000, shippingPriceOre: 1_000, countInStock: 10 })
  ).id;
  const vase = (await product(t, anna.id, { name: 'Vas', priceOre: 5_050, shippingPriceOre: 500, countInStock: 10 }))
    .id;
  const mug = (await product(t, anna.id, { name: 'Mugg', priceOre: 2_000, shippingPriceOre: 0, countInStock: 10 })).id;
  const order = await placeOrder(
    t,
    kim,
    [
      { product: lamp, qty: 2 },
      { product: vase, qty: 1 },
      { product: mug, qty: 3 },
    ],
    method,
  );
  return { order, lamp, vase, mug };
}

/** The seller ticks the order paid and delivered on `deliveredDay` ('YYYY-MM-DD'), as the form sends it. */
async function deliverOn(order: Order, deliveredDay: string) {
  const res = await call('PUT', `/api/orders/${order._id}/update`, anna, {
    is_paid: true,
    paid_date: deliveredDay,
    is_delivered: true,
    delivered_date: deliveredDay,
  });
  expect(res.statusCode, res.body).toBe(200);
}

const withdraw = (order: Order, who: Session | null, payload: object) =>
  call('POST', `/api/orders/${order._id}/withdrawals`, who, payload);

const decide = (order: Order, wid: string, who: Session | null, payload: object) =>
  call('PUT', `/api/orders/${order._id}/withdrawals/${wid}`, who, payload);

async function withdrawalCount(orderId: string): Promise<number> {
  const [row] = await t.database.db
    .select({ n: count() })
    .from(orderWithdrawals)
    .where(eq(orderWithdrawals.orderId, orderId));
  return Number(row?.n ?? 0);
}

/** Today in Stockholm, `days` from now. */
const stockholmToday = (days = 0) => addCalendarDays(stockholmDay(new Date()), days);

describe('the period', () => {
  it('allows the 14th day after delivery', async () => {
    const { order, lamp } = await threeLineOrder();
    await deliverOn(order, stockholmToday(-14));
    const res = await withdraw(order, kim, { lines: [{ product: lamp, qty: 1 }] });
    expect(res.statusCode, res.body).toBe(201);
  });

  it('refuses the 15th day with 409 and changes nothing', async () => {
    const { order, lamp } = await threeLineOrder();
    await deliverOn(order, stockholmToday(-15));
    const res = await withdraw(order, kim, { lines: [{ product: lamp, qty: 1 }] });
    expect(res.statusCode).toBe(409);
    expect(res.json().message).toBe('The 14-day withdrawal period for this order has ended.');
    expect(await withdrawalCount(order._id)).toBe(0);
  });

  it('allows an order not yet delivered, paid or not', async () => {
    const { order, mug } = await threeLineOrder();
    expect((await withdraw(order, kim, { lines: [{ product: mug, qty: 1 }] })).statusCode).toBe(201);
  });

  it('refuses an unpaid PayPal order and a cancelled one', async () => {
    const { order, mug } = await threeLineOrder('PayPal');
    const unpaid = await withdraw(order, kim, { lines: [{ product: mug, qty: 1 }] });
    expect(unpaid.statusCode).toBe(409);
    expect((await call('PUT', `/api/orders/${order._id}/cancel`, anna)).statusCode).toBe(200);
    const cancelled = await withdraw(order, kim, { lines: [{ product: mug, qty: 1 }] });
    expect(cancelled.statusCode).toBe(409);
    expect(cancelled.json().message).toBe('A cancelled order cannot be withdrawn from.');
    expect(await withdrawalCount(order._id)).toBe(0);
  });
});

describe('withdrawing', () => {
  it('stores the lines with their names and prices, and the order carries the withdrawal', async () => {
    const { order, lamp, vase } = await threeLineOrder();
    const res = await withdraw(order, kim, {
      lines: [
        { product: lamp, qty: 2 },
        { product: vase, qty: 1 },
      ],
      reason: '  Fel färg  ',
    });
    expect(res.statusCode, res.body).toBe(201);
    const { message, withdrawal } = res.json() as { message: string; withdrawal: OrderWithdrawal };
    expect(message).toBe('Your withdrawal was received.');
    expect(withdrawal).toMatchObject({
      state: 'requested',
      reason: 'Fel färg',
      decidedAt: null,
      refundAmount: null,
      restocked: false,
      goodsReturned: null,
      // Two of three lines: the goods, without the shipping.
      suggestedRefundAmount: 250.5,
    });
    expect(withdrawal.lines).toEqual([
      { product: lamp, name: 'Lampa', qty: 2, price: 100 },
      { product: vase, name: 'Vas', qty: 1, price: 50.5 },
    ]);
    for (const who of [kim, anna, admin]) {
      const read = (await call('GET', `/api/orders/${order._id}`, who)).json() as Order;
      expect(read.withdrawals).toEqual([withdrawal]);
    }
    const mine = (await call('GET', '/api/orders/mine', kim)).json() as Order[];
    expect(mine.find((o) => o._id === order._id)?.withdrawals).toEqual([withdrawal]);
    const incoming = (await call('GET', `/api/orders?seller=${anna.id}`, anna)).json() as Order[];
    expect(incoming.find((o) => o._id === order._id)?.withdrawals?.[0]?.state).toBe('requested');
  });

  it('offers the original shipping too when the last withdrawal takes back everything', async () => {
    const { order, lamp, vase, mug } = await threeLineOrder();
    await withdraw(order, kim, { lines: [{ product: lamp, qty: 2 }] });
    const rest = await withdraw(order, kim, {
      lines: [
        { product: vase, qty: 1 },
        { product: mug, qty: 3 },
      ],
    });
    expect(rest.statusCode, rest.body).toBe(201);
    // 50.50 + 3 × 20 in goods, and the order's shipping of 2 × 10 + 5.
    expect((rest.json() as { withdrawal: OrderWithdrawal }).withdrawal.suggestedRefundAmount).toBe(110.5 + 25);
  });

  it('never more than was bought less what was withdrawn; a rejected withdrawal gives its quantities back', async () => {
    const { order, lamp, mug } = await threeLineOrder();
    const tooMany = await withdraw(order, kim, { lines: [{ product: lamp, qty: 3 }] });
    expect(tooMany.statusCode).toBe(409);
    expect(tooMany.json().message).toBe('At most 2 of Lampa can be withdrawn.');
    const first = await withdraw(order, kim, { lines: [{ product: lamp, qty: 2 }] });
    expect(first.statusCode).toBe(201);
    const again = await withdraw(order, kim, { lines: [{ product: lamp, qty: 1 }] });
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toBe('Lampa has been withdrawn already.');
    expect((await withdraw(order, kim, { lines: [{ product: mug, qty: 3 }] })).statusCode).toBe(201);
    expect(await withdrawalCount(order._id)).toBe(2);
    const wid = (first.json() as { withdrawal: OrderWithdrawal }).withdrawal._id;
    expect((await decide(order, wid, anna, { accepted: false })).statusCode).toBe(200);
    expect((await withdraw(order, kim, { lines: [{ product: lamp, qty: 2 }] })).statusCode).toBe(201);
  });

  it('two withdrawals at once never take more than was bought', async () => {
    const { order, lamp } = await threeLineOrder();
    const answers = await Promise.all([
      withdraw(order, kim, { lines: [{ product: lamp, qty: 2 }] }),
      withdraw(order, kim, { lines: [{ product: lamp, qty: 2 }] }),
    ]);
    expect(answers.map((res) => res.statusCode).sort()).toEqual([201, 409]);
    expect(await withdrawalCount(order._id)).toBe(1);
  });

  it('answers 400 naming the field for bad input, and stores nothing', async () => {
    const { order, lamp, vase } = await threeLineOrder();
    const cases: [object, string][] = [
      [{}, 'lines'],
      [{ lines: [] }, 'lines'],
      [{ lines: [{ product: lamp, qty: 0 }] }, 'lines.0.qty'],
      [{ lines: [{ product: lamp, qty: 1.5 }] }, 'lines.0.qty'],
      [{ lines: [{ product: 'not-an-id', qty: 1 }] }, 'lines.0.product'],
      [
        {
          lines: [
            { product: lamp, qty: 1 },
            { product: lamp, qty: 1 },
          ],
        },
        'lines',
      ],
      [{ lines: [{ product: lamp, qty: 1 }], reason: 'x'.repeat(1001) }, 'reason'],
      [
        {
          lines: [
            { product: vase, qty: 1 },
            { product: bosse.id, qty: 1 },
          ],
        },
        'lines.1.product',
      ],
    ];
    for (const [payload, field] of cases) {
      const res = await withdraw(order, kim, payload);
      expect(res.statusCode, JSON.stringify(payload)).toBe(400);
      expect(res.json().message).toMatch(new RegExp(`^Invalid ${field.replaceAll('.', '\\.')}[ :]`));
    }
    expect(await withdrawalCount(order._id)).toBe(0);
  });

  it('only the buyer: the seller and an admin 403, a stranger and another seller 404, a visitor 401', async () => {
    const { order, lamp } = await threeLineOrder();
    const body = { lines: [{ product: lamp, qty: 1 }] };
    expect((await withdraw(order, anna, body)).statusCode).toBe(403);
    expect((await withdraw(order, admin, body)).statusCode).toBe(403);
    expect((await withdraw(order, stranger, body)).statusCode).toBe(404);
    expect((await withdraw(order, bosse, body)).statusCode).toBe(404);
    expect((await withdraw(order, null, body)).statusCode).toBe(401);
    const unknown = await call('POST', '/api/orders/00000000-0000-4000-8000-000000000000/withdrawals', kim, body);
    expect(unknown.statusCode).toBe(404);
    expect(await withdrawalCount(order._id)).toBe(0);
  });
});

describe('deciding', () => {
  async function requested() {
    const lines = await threeLineOrder();
    const res = await withdraw(lines.order, kim, {
      lines: [
        { product: lines.lamp, qty: 1 },
        { product: lines.mug, qty: 2 },
      ],
    });
    expect(res.statusCode, res.body).toBe(201);
    return { ...lines, wid: (res.json() as { withdrawal: OrderWithdrawal }).withdrawal._id };
  }

  it('rejecting records who and when, once; the buyer cannot decide', async () => {
    const { order, wid } = await requested();
    expect((await decide(order, wid, kim, { accepted: false })).statusCode).toBe(403);
    expect((await decide(order, wid, stranger, { accepted: false })).statusCode).toBe(404);
    expect((await decide(order, wid, bosse, { accepted: false })).statusCode).toBe(404);
    const res = await decide(order, wid, anna, { accepted: false });
    expect(res.statusCode, res.body).toBe(200);
    const { withdrawal } = res.json() as { withdrawal: OrderWithdrawal };
    expect(withdrawal).toMatchObject({ state: 'rejected', refundAmount: null, restocked: false });
    expect(Date.parse(withdrawal.decidedAt ?? '')).toBeGreaterThan(Date.parse(withdrawal.requestedAt) - 1);
    const twice = await decide(order, wid, admin, { accepted: true, refund_amount: 0 });
    expect(twice.statusCode).toBe(409);
    expect(twice.json().message).toBe('This withdrawal has been decided already.');
  });

  it('accepting without a refund, returned and restocked, puts the quantities back on sale', async () => {
    const { order, wid, lamp, mug, vase } = await requested();
    const before = { lamp: await stockOf(t, lamp), mug: await stockOf(t, mug), vase: await stockOf(t, vase) };
    const res = await decide(order, wid, anna, { accepted: true, refund_amount: 0, restock: true });
    expect(res.statusCode, res.body).toBe(200);
    expect((res.json() as { withdrawal: OrderWithdrawal }).withdrawal).toMatchObject({
      state: 'accepted',
      refundAmount: 0,
      restocked: true,
      goodsReturned: true,
    });
    expect(await stockOf(t, lamp)).toBe((before.lamp ?? 0) + 1);
    expect(await stockOf(t, mug)).toBe((before.mug ?? 0) + 2);
    expect(await stockOf(t, vase)).toBe(before.vase);
    // The product page shows the new stock at once: the write declared its products.
    const page = await call('GET', `/api/products/${lamp}`, null);
    expect(page.json().countInStock).toBe((before.lamp ?? 0) + 1);
  });

  it('accepting without a return keeps the stock, and cannot restock', async () => {
    const { order, wid, lamp } = await requested();
    const before = await stockOf(t, lamp);
    const refused = await decide(order, wid, admin, {
      accepted: true,
      refund_amount: 0,
      restock: true,
      returned: false,
    });
    expect(refused.statusCode).toBe(400);
    expect(refused.json().message).toMatch(/^Invalid restock/);
    const res = await decide(order, wid, admin, { accepted: true, refund_amount: 0, returned: false });
    expect(res.statusCode, res.body).toBe(200);
    expect((res.json() as { withdrawal: OrderWithdrawal }).withdrawal).toMatchObject({
      state: 'accepted',
      restocked: false,
      goodsReturned: false,
    });
    expect(await stockOf(t, lamp)).toBe(before);
  });

  it('answers 400 naming the field, and 404 for a withdrawal of another order', async () => {
    const { order, wid } = await requested();
    const other = await requested();
    for (const [payload, field] of [
      [{}, 'accepted'],
      [{ accepted: true, refund_amount: -1 }, 'refund_amount'],
      [{ accepted: true, refund_amount: 1.234 }, 'refund_amount'],
      [{ accepted: 'yes' }, 'accepted'],
    ] as const) {
      const res = await decide(order, wid, anna, payload);
      expect(res.statusCode).toBe(400);
      expect(res.json().message).toMatch(new RegExp(`^Invalid ${field}`));
    }
    expect((await decide(order, other.wid, anna, { accepted: false })).statusCode).toBe(404);
    expect((await decide(order, 'nope', anna, { accepted: false })).statusCode).toBe(404);
  });
});

describe('the lists', () => {
  it('a seller sees the withdrawals on their own orders; an admin the open ones older than 14 days', async () => {
    const { order, lamp } = await threeLineOrder();
    const res = await withdraw(order, kim, { lines: [{ product: lamp, qty: 1 }] });
    const wid = (res.json() as { withdrawal: OrderWithdrawal }).withdrawal._id;

    const annas = (await call('GET', '/api/orders/withdrawals', anna)).json() as WithdrawalListEntry[];
    const entry = annas.find((one) => one._id === wid);
    expect(entry?.order).toEqual({
      _id: order._id,
      orderNumber: order.orderNumber,
      buyerName: 'Kim Köpare',
      sellerName: 'Annas Ateljé',
      totalPrice: order.totalPrice,
    });
    const bosses = (await call('GET', '/api/orders/withdrawals', bosse)).json() as WithdrawalListEntry[];
    expect(bosses.find((one) => one._id === wid)).toBeUndefined();
    expect((await call('GET', '/api/orders/withdrawals', kim)).statusCode).toBe(403);

    const overdue = async () =>
      ((await call('GET', '/api/orders/withdrawals?overdue=true', admin)).json() as WithdrawalListEntry[]).map(
        (one) => one._id,
      );
    expect(await overdue()).not.toContain(wid);
    await t.database.db
      .update(orderWithdrawals)
      .set({ requestedAt: sql`now() - interval '15 days'` })
      .where(eq(orderWithdrawals.id, wid));
    expect(await overdue()).toContain(wid);
    // The admin decides it from there; a decided one is no longer open.
    expect((await decide(order, wid, admin, { accepted: false })).statusCode).toBe(200);
    expect(await overdue()).not.toContain(wid);
  });
});

describe("a private seller's sale", () => {
  it('has no right of withdrawal: the order says so, a withdrawal is refused with 409 and nothing is written', async () => {
    const ingrid = await shop(t, { name: 'Ingrids Loppis' });
    await t.database.db.execute(sql`update sellers set seller_type = 'private' where user_id = ${ingrid.id}`);
    const chair = (await product(t, ingrid.id, { name: 'Stol', priceOre: 30_000, countInStock: 1 })).id;
    const order = await placeOrder(t, kim, [{ product: chair, qty: 1 }]);
    const read = await call('GET', `/api/orders/${order._id}`, kim);
    expect((read.json() as Order).sellerIsPrivate).toBe(true);
    const before = await t.database.db.select({ n: count() }).from(orderWithdrawals);
    const refused = await call('POST', `/api/orders/${order._id}/withdrawals`, kim, {
      lines: [{ product: chair, qty: 1 }],
    });
    expect(refused.statusCode).toBe(409);
    expect(refused.json().message).toMatch(/private person/);
    expect(await t.database.db.select({ n: count() }).from(orderWithdrawals)).toEqual(before);
    // A business's order says it is not a private person's.
    const { order: business } = await threeLineOrder();
    expect(((await call('GET', `/api/orders/${business._id}`, kim)).json() as Order).sellerIsPrivate).toBe(false);
  });
});
