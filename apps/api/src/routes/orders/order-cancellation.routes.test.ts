/**
 * Unpaid PayPal orders expire and can be cancelled by their seller or an
 * admin; the stock comes back exactly once, also when sweeps and cancels run at the same time.
 */
import type { Order } from '@torget/shared/api-types.generated';
import { SELLER_STATUS_REVOKED } from '@torget/shared/policies/orders';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { orders, users } from '#api/db/schema.ts';
import { loadConfig } from '#api/env.ts';
import {
  expireOverdueOrders,
  ORDER_CANCEL_DONE,
  ORDER_CANCELLED,
  ORDER_EXPIRED,
  sweepExpiredOrders,
} from '#api/modules/orders/order-cancellation.service.ts';
import { ORDER_CANCELLED_REFUNDED } from '#api/modules/orders/order-payment.service.ts';
import { customer, placeOrder, product, type Session, shop, stockOf } from '#api/modules/orders/order-test-kit.ts';
import { type PaypalStandin, startPaypalStandin } from '#api/test/paypal-standin.ts';
import { bearer } from '#api/test/sessions.ts';
import { createTestApp, type TestApp } from '#api/test/test-app.ts';

const HOLD_MINUTES = 30;

let t: TestApp;
let paypal: PaypalStandin;
let anna: Session;
let bosse: Session;
let kim: Session;
let admin: Session;

beforeAll(async () => {
  paypal = await startPaypalStandin();
  t = await createTestApp({
    paypal: { clientId: paypal.clientId, clientSecret: paypal.clientSecret, apiBase: paypal.apiBase },
    paypalOrderHoldMinutes: HOLD_MINUTES,
  });
  anna = await shop(t, { name: 'Annas Ateljé' });
  bosse = await shop(t, { name: 'Bosses Bod' });
  kim = await customer(t, 'Kim Köpare');
  admin = await customer(t, 'Admin Adminsson', true);
});
afterAll(async () => {
  await t.close();
  await paypal.close();
});

type Method = 'GET' | 'PUT' | 'POST' | 'DELETE';
const call = (method: Method, url: string, who: Session | null, payload?: object) =>
  t.app.inject({ method, url, headers: who ? bearer(who.token) : {}, ...(payload ? { payload } : {}) });

/** An order of `qty` units of a fresh product (stock 10) of the seller. */
async function orderOf(seller: Session, method: 'PayPal' | 'Swish' = 'PayPal', qty = 3) {
  const p = await product(t, seller.id, { countInStock: 10 });
  const order = await placeOrder(t, kim, [{ product: p.id, qty }], method);
  return { order, productId: p.id };
}

/** Moves an order's creation `minutes` into the past. */
async function age(orderId: string, minutes: number) {
  await t.database.db
    .update(orders)
    .set({ createdAt: sql`now() - make_interval(mins => ${minutes})` })
    .where(eq(orders.id, orderId));
}

const readOrder = async (id: string, who: Session = kim) =>
  (await call('GET', `/api/orders/${id}`, who)).json() as Order;

describe('PAYPAL_ORDER_HOLD_MINUTES', () => {
  it('is 30 minutes by default, can be changed, and must be a whole number of minutes from 1', () => {
    const base = { DATA_DIR: t.config.dataDir, JWT_SECRET: t.config.jwtSecret };
    expect(loadConfig(base).paypalOrderHoldMinutes).toBe(30);
    expect(loadConfig({ ...base, PAYPAL_ORDER_HOLD_MINUTES: '90' }).paypalOrderHoldMinutes).toBe(90);
    for (const bad of ['0', '-5', '1.5', 'soon']) {
      expect(() => loadConfig({ ...base, PAYPAL_ORDER_HOLD_MINUTES: bad })).toThrow(/PAYPAL_ORDER_HOLD_MINUTES/);
    }
  });
});

describe('the expiry sweep and the read cache', () => {
  const anonymousStatements = async (url: string) => {
    const before = t.database.statementCount();
    expect((await call('GET', url, null)).statusCode).toBe(200);
    return t.database.statementCount() - before;
  };
  const quietLog = { info: () => {} };

  it('drops only the pages and lists of the products that got stock back; a sweep with nothing to expire drops nothing', async () => {
    const { order, productId } = await orderOf(bosse);
    const other = await product(t, bosse.id, { name: 'Orörd', countInStock: 4 });
    const cached = [`/api/products/${other.id}`, `/api/products?seller=${bosse.id}&name=Orörd`];
    const showing = `/api/products?seller=${bosse.id}`;
    const warm = async () => {
      for (const url of [`/api/products/${productId}`, showing, ...cached]) await anonymousStatements(url);
    };
    await warm();
    await sweepExpiredOrders(HOLD_MINUTES, quietLog, t.app.backgroundChanges);
    expect(await anonymousStatements(`/api/products/${productId}`)).toBe(0);
    for (const url of [showing, ...cached]) expect(await anonymousStatements(url)).toBe(0);

    await age(order._id, HOLD_MINUTES + 1);
    await warm();
    await sweepExpiredOrders(HOLD_MINUTES, quietLog, t.app.backgroundChanges);
    for (const url of cached) expect(await anonymousStatements(url)).toBe(0);
    const page = await call('GET', `/api/products/${productId}`, null);
    expect(page.json()).toMatchObject({ countInStock: 10 });
    // The list that shows the product shows its stock back too.
    const list = await call('GET', showing, null);
    expect(list.json().products).toContainEqual(expect.objectContaining({ _id: productId, countInStock: 10 }));
  });
});

describe('unpaid PayPal orders expire', () => {
  it('gives the stock back once, marks the order expired, and the buyer can no longer pay it', async () => {
    const { order, productId } = await orderOf(anna);
    expect(await stockOf(t, productId)).toBe(7);
    expect(order).toMatchObject({ isCancelled: false, cancelledAt: null, cancelReason: null });
    await age(order._id, HOLD_MINUTES + 1);

    expect(await expireOverdueOrders(t.database.db, HOLD_MINUTES)).toBe(1);
    expect(await stockOf(t, productId)).toBe(10);
    expect(await expireOverdueOrders(t.database.db, HOLD_MINUTES)).toBe(0);
    expect(await stockOf(t, productId)).toBe(10);

    const expired = await readOrder(order._id);
    expect(expired).toMatchObject({ isCancelled: true, cancelReason: 'expired', isPaid: false });
    expect(expired.cancelledAt).toMatch(/^\d{4}-\d{2}-\d{2}T/);
    const start = await call('POST', `/api/orders/${order._id}/paypal`, kim);
    expect(start.statusCode).toBe(409);
    expect(start.json()).toEqual({ message: ORDER_EXPIRED });
    const pay = await call('PUT', `/api/orders/${order._id}/pay`, kim, { id: 'PAYPAL-1' });
    expect(pay.statusCode).toBe(409);
    expect(pay.json()).toEqual({ message: ORDER_EXPIRED });
  });

  it('leaves orders within their time, Swish orders and paid orders alone', async () => {
    const fresh = await orderOf(anna);
    await age(fresh.order._id, HOLD_MINUTES - 1);
    const swish = await orderOf(anna, 'Swish');
    await age(swish.order._id, 24 * 60);
    const paid = await orderOf(anna);
    await t.database.db.update(orders).set({ isPaid: true, paidAt: new Date() }).where(eq(orders.id, paid.order._id));
    await age(paid.order._id, 24 * 60);

    expect(await expireOverdueOrders(t.database.db, HOLD_MINUTES)).toBe(0);
    for (const { order, productId } of [fresh, swish, paid]) {
      expect(await stockOf(t, productId)).toBe(7);
      expect((await readOrder(order._id)).isCancelled).toBe(false);
    }
  });

  it('is checked on read: an overdue order no sweep reached yet shows as expired', async () => {
    const { order, productId } = await orderOf(anna);
    await age(order._id, HOLD_MINUTES + 5);
    expect(await readOrder(order._id)).toMatchObject({ isCancelled: true, cancelReason: 'expired' });
    expect(await stockOf(t, productId)).toBe(10);
    expect(await expireOverdueOrders(t.database.db, HOLD_MINUTES)).toBe(0);
    expect(await stockOf(t, productId)).toBe(10);
  });

  it('is checked when a payment starts: an overdue order is expired then, not paid', async () => {
    const { order, productId } = await orderOf(anna);
    await age(order._id, HOLD_MINUTES + 5);
    const start = await call('POST', `/api/orders/${order._id}/paypal`, kim);
    expect(start.statusCode).toBe(409);
    expect(start.json()).toEqual({ message: ORDER_EXPIRED });
    expect(await stockOf(t, productId)).toBe(10);
  });

  it('returns the stock once when two sweeps run at the same time', async () => {
    const p = await product(t, anna.id, { countInStock: 100 });
    const placed: Order[] = [];
    for (let i = 0; i < 12; i++) placed.push(await placeOrder(t, kim, [{ product: p.id, qty: 2 }], 'PayPal'));
    expect(await stockOf(t, p.id)).toBe(76);
    for (const order of placed) await age(order._id, HOLD_MINUTES + 1);

    const counts = await Promise.all([
      expireOverdueOrders(t.database.db, HOLD_MINUTES),
      expireOverdueOrders(t.database.db, HOLD_MINUTES),
    ]);
    expect(counts[0] + counts[1]).toBe(12);
    expect(await stockOf(t, p.id)).toBe(100);
  });
});

describe('PUT /api/orders/{id}/cancel', () => {
  it('lets the seller cancel an unpaid PayPal order: kept on record, stock back exactly once', async () => {
    const { order, productId } = await orderOf(anna);
    const res = await call('PUT', `/api/orders/${order._id}/cancel`, anna);
    expect(res.statusCode, res.body).toBe(200);
    const body = res.json() as { message: string; order: Order };
    expect(body.message).toBe(ORDER_CANCEL_DONE);
    expect(body.order).toMatchObject({ _id: order._id, isCancelled: true, cancelReason: 'cancelled', isPaid: false });
    expect(await stockOf(t, productId)).toBe(10);

    const again = await call('PUT', `/api/orders/${order._id}/cancel`, anna);
    expect(again.statusCode).toBe(409);
    expect(await stockOf(t, productId)).toBe(10);
    await age(order._id, HOLD_MINUTES + 1);
    expect(await readOrder(order._id)).toMatchObject({ cancelReason: 'cancelled' });
    expect(await stockOf(t, productId)).toBe(10);

    // The buyer sees it cancelled, in the order and in the list, and cannot pay it.
    expect(await readOrder(order._id)).toMatchObject({ isCancelled: true, cancelReason: 'cancelled' });
    const mine = (await call('GET', '/api/orders/mine', kim)).json() as Order[];
    expect(mine.find((o) => o._id === order._id)?.isCancelled).toBe(true);
    const start = await call('POST', `/api/orders/${order._id}/paypal`, kim);
    expect(start.statusCode).toBe(409);
    expect(start.json()).toEqual({ message: ORDER_CANCELLED });
  });

  it('lets an admin cancel; refuses the buyer, other sellers, visitors', async () => {
    const { order, productId } = await orderOf(anna);
    expect((await call('PUT', `/api/orders/${order._id}/cancel`, kim)).statusCode).toBe(403);
    expect((await call('PUT', `/api/orders/${order._id}/cancel`, bosse)).statusCode).toBe(404);
    expect((await call('PUT', `/api/orders/${order._id}/cancel`, null)).statusCode).toBe(401);
    expect(await stockOf(t, productId)).toBe(7);
    const res = await call('PUT', `/api/orders/${order._id}/cancel`, admin);
    expect(res.statusCode).toBe(200);
    expect(await stockOf(t, productId)).toBe(10);
  });

  it('refuses paid orders and Swish orders (which keep the spec’s delete)', async () => {
    const paid = await orderOf(anna);
    await t.database.db.update(orders).set({ isPaid: true, paidAt: new Date() }).where(eq(orders.id, paid.order._id));
    const refusedPaid = await call('PUT', `/api/orders/${paid.order._id}/cancel`, anna);
    expect(refusedPaid.statusCode).toBe(409);
    expect(refusedPaid.json()).toEqual({ message: 'A paid order cannot be cancelled.' });
    const swish = await orderOf(anna, 'Swish');
    const refusedSwish = await call('PUT', `/api/orders/${swish.order._id}/cancel`, admin);
    expect(refusedSwish.statusCode).toBe(400);
    expect(await stockOf(t, paid.productId)).toBe(7);
    expect(await stockOf(t, swish.productId)).toBe(7);
    // The PayPal order still cannot be deleted, as the spec says.
    expect((await call('DELETE', `/api/orders/${paid.order._id}`, admin)).statusCode).toBe(400);
  });

  it('returns the stock once when a cancel and a sweep race for the same order', async () => {
    const { order, productId } = await orderOf(anna);
    await age(order._id, HOLD_MINUTES + 1);
    const [cancel, swept] = await Promise.all([
      call('PUT', `/api/orders/${order._id}/cancel`, anna),
      expireOverdueOrders(t.database.db, HOLD_MINUTES),
    ]);
    // Whichever came first cancelled it; the other found nothing left to do.
    expect(cancel.statusCode === 200 ? 0 : 1).toBe(swept);
    expect(await stockOf(t, productId)).toBe(10);
  });

  it('refuses a PayPal capture that arrives after the order was cancelled, saying it will be refunded', async () => {
    const { order } = await orderOf(anna);
    const start = await call('POST', `/api/orders/${order._id}/paypal`, kim);
    const paypalId = (start.json() as { id: string }).id;
    paypal.complete(paypalId, { payerEmail: 'kim@example.se' });
    expect((await call('PUT', `/api/orders/${order._id}/cancel`, anna)).statusCode).toBe(200);
    const res = await call('PUT', `/api/orders/${order._id}/pay`, kim, { id: paypalId });
    expect(res.statusCode).toBe(409);
    expect(res.json()).toEqual({ message: ORDER_CANCELLED_REFUNDED });
    expect(await readOrder(order._id)).toMatchObject({ isPaid: false, isCancelled: true });
  });
});

describe('a seller whose seller status was revoked', () => {
  it('can no longer update, delete or cancel their orders; an admin still can', async () => {
    const carl = await shop(t, { name: 'Carls Café' });
    const swish = await orderOf(carl, 'Swish');
    const pp = await orderOf(carl, 'PayPal');
    await t.database.db.update(users).set({ isSeller: false }).where(eq(users.id, carl.id));

    const update = await call('PUT', `/api/orders/${swish.order._id}/update`, carl, {
      is_paid: true,
      paid_date: '2026-01-02',
      is_delivered: false,
    });
    expect(update.statusCode).toBe(403);
    expect(update.json()).toEqual({ message: SELLER_STATUS_REVOKED });
    const del = await call('DELETE', `/api/orders/${swish.order._id}`, carl);
    expect(del.statusCode).toBe(403);
    expect(del.json()).toEqual({ message: SELLER_STATUS_REVOKED });
    const cancel = await call('PUT', `/api/orders/${pp.order._id}/cancel`, carl);
    expect(cancel.statusCode).toBe(403);
    expect(await readOrder(swish.order._id)).toMatchObject({ isPaid: false });
    expect(await stockOf(t, swish.productId)).toBe(7);
    expect(await stockOf(t, pp.productId)).toBe(7);

    // The buyer may still delete their own unpaid Swish order, and an admin may act.
    expect((await call('DELETE', `/api/orders/${swish.order._id}`, kim)).statusCode).toBe(200);
    expect((await call('PUT', `/api/orders/${pp.order._id}/cancel`, admin)).statusCode).toBe(200);
  });
});
