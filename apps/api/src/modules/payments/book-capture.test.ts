/**
 * The capture's booking is one statement (db/sql/92-paypal-captures.sql): its answer must be the
 * rows exactly as Drizzle's selects of the tables give them, and its writes those of the capture
 * rule (the capture stored once, the order paid once, its sale booked once).
 */
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ledgerEntries, orders, paypalCaptures } from '#api/db/schema.ts';
import { customer, placeOrder, product, type Session, shop } from '#api/modules/orders/order-test-kit.ts';
import { createTestApp, type TestApp } from '#api/test/test-app.ts';
import { bookCapture, type VerifiedCapture } from './paypal-captures.service';

let t: TestApp;
let anna: Session;
let kim: Session;

beforeAll(async () => {
  t = await createTestApp();
  anna = await shop(t, { name: 'Annas Ateljé' });
  kim = await customer(t, 'Kim Köpare');
});
afterAll(() => t.close());

/** A placed PayPal order of SEK 149.00 (100.00 + 49.00 shipping). */
async function paypalOrderId(): Promise<string> {
  const p = await product(t, anna.id, { priceOre: 10_000, shippingPriceOre: 4_900, countInStock: 10 });
  return (await placeOrder(t, kim, [{ product: p.id, qty: 1 }], 'PayPal'))._id;
}

function captureOf(orderId: string, captureId: string, paysTotal = true): VerifiedCapture {
  return {
    captureId,
    paypalOrderId: `PP-${captureId}`,
    orderId,
    amountOre: paysTotal ? 14_900 : 100,
    currency: 'SEK',
    paysTotal,
    paymentResult: {
      id: `PP-${captureId}`,
      status: 'COMPLETED',
      update_time: '2026-11-28T12:00:00Z',
      email_address: 'kim@example.com',
    },
  };
}

const orderNow = async (id: string) => (await t.database.db.select().from(orders).where(eq(orders.id, id)))[0];
const captureNow = async (id: string) =>
  (await t.database.db.select().from(paypalCaptures).where(eq(paypalCaptures.captureId, id)))[0];
const entriesOf = (orderId: string) =>
  t.database.db.select().from(ledgerEntries).where(eq(ledgerEntries.orderId, orderId));

describe('booking a PayPal capture in one statement', () => {
  it('answers the capture and the paid order exactly as Drizzle selects them, and books the sale once', async () => {
    const orderId = await paypalOrderId();
    const booking = await bookCapture(t.database.db, captureOf(orderId, 'CAP-PAYS'));
    expect(booking.isNew).toBe(true);
    expect(booking.capture).toEqual(await captureNow('CAP-PAYS'));
    expect(booking.order).toEqual(await orderNow(orderId));
    expect(booking.order.paidAt).toBeInstanceOf(Date);
    expect(booking.order.paymentResult).toEqual(captureOf(orderId, 'CAP-PAYS').paymentResult);
    expect(booking.order).toMatchObject({ isPaid: true, paypalCaptureId: 'CAP-PAYS' });
    expect(booking.capture).toMatchObject({ outcome: 'paid', refundState: 'none', nextAttemptAt: null });
    expect((await entriesOf(orderId)).map((e) => e.kind).sort()).toEqual([
      'commission',
      'commission_vat',
      'sale_collected',
    ]);

    // A retry answers the stored capture and the order as it is, and books nothing more.
    const again = await bookCapture(t.database.db, captureOf(orderId, 'CAP-PAYS'));
    expect(again).toEqual({ capture: booking.capture, isNew: false, order: booking.order });
    expect(await entriesOf(orderId)).toHaveLength(3);
  });

  it('stores a second capture of a paid order as a duplicate due a refund, the order untouched', async () => {
    const orderId = await paypalOrderId();
    const paid = await bookCapture(t.database.db, captureOf(orderId, 'CAP-FIRST'));
    const second = await bookCapture(t.database.db, captureOf(orderId, 'CAP-SECOND'));
    expect(second.isNew).toBe(true);
    expect(second.capture).toEqual(await captureNow('CAP-SECOND'));
    expect(second.capture).toMatchObject({ outcome: 'duplicate', refundState: 'due' });
    expect(second.capture.nextAttemptAt).toBeInstanceOf(Date);
    expect(second.order).toEqual(paid.order);
    expect(await entriesOf(orderId)).toHaveLength(3);
  });

  it('stores a capture of the wrong amount without paying the order', async () => {
    const orderId = await paypalOrderId();
    const booking = await bookCapture(t.database.db, captureOf(orderId, 'CAP-WRONG', false));
    expect(booking.capture).toMatchObject({ outcome: 'wrong_amount', refundState: 'due', amountOre: 100 });
    expect(booking.order).toEqual(await orderNow(orderId));
    expect(booking.order.isPaid).toBe(false);
    expect(await entriesOf(orderId)).toHaveLength(0);
  });

  it('books each of two racing calls of one capture once', async () => {
    const orderId = await paypalOrderId();
    const both = await Promise.all([
      bookCapture(t.database.db, captureOf(orderId, 'CAP-RACE')),
      bookCapture(t.database.db, captureOf(orderId, 'CAP-RACE')),
    ]);
    expect(both.map((b) => b.isNew).sort()).toEqual([false, true]);
    expect(both[0].capture).toEqual(both[1].capture);
    expect(await entriesOf(orderId)).toHaveLength(3);
  });

  it('refuses a capture of an order that does not exist, storing nothing', async () => {
    const missing = '00000000-0000-4000-8000-000000000000';
    await expect(bookCapture(t.database.db, captureOf(missing, 'CAP-NONE'))).rejects.toThrow();
    expect(await captureNow('CAP-NONE')).toBeUndefined();
  });
});
