/**
 * The seller's sales overview (GET /api/orders/seller/overview) and the incoming-order
 * filters (GET /api/orders?status=). Orders are written straight to the database at chosen
 * moments, so the day buckets can be checked against Swedish midnight.
 */
import { randomUUID } from 'node:crypto';
import type { Order, SellerOverview } from '@torget/shared/api-types.generated';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { orders } from '#api/db/schema.ts';
import { customer, product, type Session, shop } from '#api/modules/orders/order-test-kit.ts';
import { sellerOverview } from '#api/modules/orders/sales-overview.service.ts';
import { orderRowValues } from '#api/test/fixtures.ts';
import { bearer } from '#api/test/sessions.ts';
import { createTestApp, type TestApp } from '#api/test/test-app.ts';

let t: TestApp;
let anna: Session;
let bosse: Session;
let kim: Session;
let admin: Session;

interface Placed {
  at: Date;
  totalOre: number;
  method?: 'Swish' | 'PayPal';
  paid?: boolean;
  delivered?: boolean;
  cancelled?: boolean;
}

/** Writes orders from Kim to `seller` (no lines: the overview reads the orders' totals). */
async function insertOrders(seller: Session, placed: Placed[]): Promise<string[]> {
  const rows = placed.map((o) => ({
    ...orderRowValues(kim.id, seller.id),
    id: randomUUID(),
    createdAt: o.at,
    paymentMethod: o.method ?? 'Swish',
    itemsPriceOre: o.totalOre,
    totalPriceOre: o.totalOre,
    isPaid: o.paid ?? false,
    paidAt: o.paid ? o.at : null,
    isDelivered: o.delivered ?? false,
    deliveredAt: o.delivered ? o.at : null,
    cancelledAt: o.cancelled ? o.at : null,
    cancelReason: o.cancelled ? ('cancelled' as const) : null,
  }));
  await t.database.db.insert(orders).values(rows);
  return rows.map((row) => row.id);
}

const get = (url: string, who: Session) => t.app.inject({ method: 'GET', url, headers: bearer(who.token) });

beforeAll(async () => {
  t = await createTestApp();
  anna = await shop(t, { name: 'Annas Ateljé' });
  bosse = await shop(t, { name: 'Bosses Bod' });
  kim = await customer(t, 'Kim Köpare');
  admin = await customer(t, 'Admin Adminsson', true);
});
afterAll(() => t.close());

describe('the sales overview at a fixed moment (Swedish days)', () => {
  // Monday 15 June 2026, 12:00 in Stockholm (summer time, UTC+2).
  const now = new Date('2026-06-15T10:00:00Z');
  let seller: Session;

  beforeAll(async () => {
    seller = await shop(t, { name: 'Fasta Dagar' });
    await insertOrders(seller, [
      // 00:30 on 15 June in Stockholm, still 14 June in UTC: today's bucket.
      { at: new Date('2026-06-14T22:30:00Z'), totalOre: 10_000, paid: true },
      // 23:30 on 14 June in Stockholm.
      { at: new Date('2026-06-14T21:30:00Z'), totalOre: 2_550, method: 'PayPal', paid: true, delivered: true },
      // Cancelled: not revenue, not an order of the period, not waiting.
      { at: new Date('2026-06-14T12:00:00Z'), totalOre: 99_900, method: 'PayPal', cancelled: true },
      // 17 May, 29 days before today: the first day of the last 30.
      { at: new Date('2026-05-17T08:00:00Z'), totalOre: 1_000 },
      // 16 May: this year, not the last 30 days.
      { at: new Date('2026-05-16T08:00:00Z'), totalOre: 5_000, paid: true },
      // Last year: in neither period.
      { at: new Date('2025-12-31T12:00:00Z'), totalOre: 70_000, paid: true, delivered: true },
      // 00:30 on 1 January in Stockholm (winter time, UTC+1), 31 December in UTC: this year.
      { at: new Date('2025-12-31T23:30:00Z'), totalOre: 300 },
    ]);
    // Another shop's order on the same day is not this seller's.
    await insertOrders(bosse, [{ at: new Date('2026-06-15T08:00:00Z'), totalOre: 123_400, paid: true }]);
  });

  it('sums the last 30 days and this year without cancelled orders or other shops', async () => {
    const overview = await sellerOverview(t.database.db, seller.id, now);
    expect(overview.today).toBe('2026-06-15');
    expect(overview.last30Days).toEqual({ orders: 3, revenue: 135.5 });
    expect(overview.thisYear).toEqual({ orders: 5, revenue: 188.5 });
  });

  it('buckets revenue per Swedish day, every one of the 30 days present', async () => {
    const { daily } = await sellerOverview(t.database.db, seller.id, now);
    expect(daily).toHaveLength(30);
    expect(daily[0]).toEqual({ start: '2026-05-17', orders: 1, revenue: 10 });
    expect(daily.at(-1)).toEqual({ start: '2026-06-15', orders: 1, revenue: 100 });
    expect(daily.at(-2)).toEqual({ start: '2026-06-14', orders: 1, revenue: 25.5 });
    expect(daily.slice(1, -2).every((day) => day.orders === 0 && day.revenue === 0)).toBe(true);
  });

  it('buckets this year per week from Monday', async () => {
    const { weekly } = await sellerOverview(t.database.db, seller.id, now);
    // 1 January 2026 is a Thursday: the first week is the one of Monday 29 December.
    expect(weekly[0]).toEqual({ start: '2025-12-29', orders: 1, revenue: 3 });
    expect(weekly.at(-1)).toEqual({ start: '2026-06-15', orders: 1, revenue: 100 });
    // 14 June is a Sunday: the week of Monday 8 June.
    expect(weekly.find((w) => w.start === '2026-06-08')).toEqual({ start: '2026-06-08', orders: 1, revenue: 25.5 });
    // 16 and 17 May, a Saturday and a Sunday, fall in the week of Monday 11 May.
    expect(weekly.find((w) => w.start === '2026-05-11')).toEqual({ start: '2026-05-11', orders: 2, revenue: 60 });
    expect(weekly.reduce((sum, w) => sum + w.orders, 0)).toBe(5);
  });

  it('counts Swish payments to confirm and paid orders to deliver, over all time', async () => {
    const overview = await sellerOverview(t.database.db, seller.id, now);
    // Unpaid Swish: 17 May and 1 January (the cancelled one is PayPal).
    expect(overview.awaitingPayment).toBe(2);
    // Paid, not delivered: 15 June and 16 May.
    expect(overview.toDeliver).toBe(2);
  });
});

describe('GET /api/orders/seller/overview', () => {
  it('answers the caller’s own shop: orders placed now, and products low in stock', async () => {
    const low = await product(t, anna.id, { name: 'Sista vasen', countInStock: 1 });
    await product(t, anna.id, { name: 'Slut', countInStock: 0 });
    await product(t, anna.id, { name: 'Gott om', countInStock: 4 });
    await product(t, anna.id, { name: 'Utkast', countInStock: 0, isDraft: true });
    await product(t, bosse.id, { name: 'Bosses sista', countInStock: 1 });
    await insertOrders(anna, [
      { at: new Date(), totalOre: 12_345 },
      { at: new Date(), totalOre: 5_000, method: 'PayPal', paid: true },
    ]);

    const res = await get('/api/orders/seller/overview', anna);
    expect(res.statusCode).toBe(200);
    const overview = res.json() as SellerOverview;
    expect(overview.last30Days).toEqual({ orders: 2, revenue: 173.45 });
    expect(overview.daily.at(-1)).toMatchObject({ orders: 2, revenue: 173.45 });
    expect(overview.awaitingPayment).toBe(1);
    expect(overview.toDeliver).toBe(1);
    expect(overview.lowStock.map((p) => [p.name, p.countInStock])).toEqual([
      ['Slut', 0],
      ['Sista vasen', 1],
    ]);
    expect(overview.lowStock[1]).toMatchObject({ _id: low.id, number: low.number });
  });

  it('is for sellers only: 401 without a token, 403 for a customer', async () => {
    expect((await t.app.inject({ method: 'GET', url: '/api/orders/seller/overview' })).statusCode).toBe(401);
    expect((await get('/api/orders/seller/overview', kim)).statusCode).toBe(403);
  });
});

describe('GET /api/orders?status= (incoming-order filters)', () => {
  let seller: Session;
  let ids: Record<'swishUnpaid' | 'paypalUnpaid' | 'paidOpen' | 'delivered' | 'cancelled' | 'swishPaid', string>;

  beforeAll(async () => {
    seller = await shop(t, { name: 'Filtrerade Fynd' });
    const hoursAgo = (h: number) => new Date(Date.now() - h * 3_600_000);
    const placed = await insertOrders(seller, [
      { at: hoursAgo(1), totalOre: 100 },
      { at: hoursAgo(2), totalOre: 100, method: 'PayPal' },
      { at: hoursAgo(3), totalOre: 100, method: 'PayPal', paid: true },
      { at: hoursAgo(4), totalOre: 100, paid: true, delivered: true },
      { at: hoursAgo(5), totalOre: 100, method: 'PayPal', cancelled: true },
      { at: hoursAgo(6), totalOre: 100, paid: true },
    ]);
    const [swishUnpaid = '', paypalUnpaid = '', paidOpen = '', delivered = '', cancelled = '', swishPaid = ''] = placed;
    ids = { swishUnpaid, paypalUnpaid, paidOpen, delivered, cancelled, swishPaid };
  });

  const list = async (query: string) => {
    const res = await get(`/api/orders${query}`, seller);
    expect(res.statusCode).toBe(200);
    return { ids: (res.json() as Order[]).map((o) => o._id), total: res.headers['x-total-count'] };
  };

  it('keeps unpaid, uncancelled Swish orders to confirm', async () => {
    expect(await list('?status=to_confirm_payment')).toEqual({ ids: [ids.swishUnpaid], total: '1' });
  });

  it('keeps paid, undelivered orders to deliver, newest first', async () => {
    expect(await list('?status=to_deliver')).toEqual({ ids: [ids.paidOpen, ids.swishPaid], total: '2' });
  });

  it('lists every order without a filter or with an empty one, and refuses an unknown filter', async () => {
    expect((await list('')).total).toBe('6');
    expect((await list('?status=')).total).toBe('6');
    expect((await get('/api/orders?status=everything', seller)).statusCode).toBe(400);
  });

  it('filters an admin’s list of one seller too', async () => {
    const res = await get(`/api/orders?seller=${seller.id}&status=to_confirm_payment`, admin);
    expect((res.json() as Order[]).map((o) => o._id)).toEqual([ids.swishUnpaid]);
  });
});
