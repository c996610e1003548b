/**
 * GET /api/admin/overview: orders and sales today and this month (Stockholm), cancelled orders
 * left out, and the open seller applications; admins only.
 */
import { randomUUID } from 'node:crypto';
import type { AdminOverview } from '@torget/shared/api-types.generated';
import { swedishDay } from '@torget/shared/rules/sales-overview';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { orders } from '#api/db/schema.ts';
import { customer, type Session, shop } from '#api/modules/orders/order-test-kit.ts';
import { createUser, orderRowValues } from '#api/test/fixtures.ts';
import { bearer } from '#api/test/sessions.ts';
import { createTestApp, type TestApp } from '#api/test/test-app.ts';

let t: TestApp;
let admin: Session;
let seller: Session;

const DAY = 86_400_000;

async function order(at: Date, totalOre: number, cancelled = false): Promise<string> {
  const id = randomUUID();
  await t.database.db.insert(orders).values({
    ...orderRowValues(admin.id, seller.id),
    id,
    itemsPriceOre: totalOre,
    totalPriceOre: totalOre,
    createdAt: at,
    ...(cancelled ? { paymentMethod: 'PayPal', cancelledAt: at, cancelReason: 'cancelled' } : {}),
  });
  return id;
}

const overview = async (who: Session | null = admin) => {
  const res = await t.app.inject({
    method: 'GET',
    url: '/api/admin/overview',
    headers: who ? bearer(who.token) : {},
  });
  return { status: res.statusCode, body: res.json() as AdminOverview };
};

beforeAll(async () => {
  t = await createTestApp();
  admin = await customer(t, 'Admin Adminsson', true);
  seller = await shop(t);
});
afterAll(() => t.close());

describe('GET /api/admin/overview', () => {
  it('counts the orders and sales of today and this month, not the cancelled ones', async () => {
    const before = (await overview()).body;
    const now = new Date();
    await order(now, 10_050);
    await order(now, 20_000);
    await order(now, 99_900, true);
    // Forty days ago is in an earlier month, whatever today is.
    await order(new Date(now.getTime() - 40 * DAY), 77_700);
    const after = (await overview()).body;
    expect(after.today).toBe(swedishDay(new Date()));
    expect(after.todayOrders.orders - before.todayOrders.orders).toBe(2);
    expect(after.todayOrders.sales - before.todayOrders.sales).toBeCloseTo(300.5, 2);
    expect(after.thisMonth.orders - before.thisMonth.orders).toBe(2);
    expect(after.thisMonth.sales - before.thisMonth.sales).toBeCloseTo(300.5, 2);
    expect(after.thisMonth.orders).toBeGreaterThanOrEqual(after.todayOrders.orders);
  });

  it('counts the open applications, linking to the queue', async () => {
    const count = () => overview().then(({ body }) => body.counts.find((c) => c.key === 'openApplications'));
    const before = await count();
    expect(before?.href).toBe('/admin_applications');
    await createUser(t.database.db, { wantsToBeSeller: true });
    await createUser(t.database.db, { wantsToBeSeller: true, deletedAt: new Date() });
    await createUser(t.database.db, { wantsToBeSeller: true, isSeller: true });
    expect((await count())?.count).toBe((before?.count ?? 0) + 1);
  });

  it('counts the withdrawals undecided for more than 14 days, linking to the overdue list', async () => {
    const count = () => overview().then(({ body }) => body.counts.find((c) => c.key === 'overdueWithdrawals'));
    const before = await count();
    expect(before?.href).toBe('/orderlist/withdrawals');
    const old = await order(new Date(Date.now() - 20 * DAY), 10_000);
    const recent = await order(new Date(Date.now() - 2 * DAY), 10_000);
    await t.database.db.execute(
      sql`insert into order_withdrawals (order_id, requested_at) values
          (${old}, now() - interval '15 days'), (${recent}, now() - interval '13 days')`,
    );
    expect((await count())?.count).toBe((before?.count ?? 0) + 1);
  });

  it('is for admins only', async () => {
    expect((await overview(null)).status).toBe(401);
    expect((await overview(seller)).status).toBe(403);
    expect((await overview()).status).toBe(200);
  });
});
