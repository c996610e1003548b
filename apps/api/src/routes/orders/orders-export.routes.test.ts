/**
 * GET /api/orders/export.csv: a seller gets their own orders only, an admin every shop's, for the
 * Stockholm days asked; the range is validated; cells are spreadsheet-safe.
 */
import { parse } from 'csv-parse/sync';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { orders } from '#api/db/schema.ts';
import { customer, placeOrder, product, type Session, shop } from '#api/modules/orders/order-test-kit.ts';
import { bearer } from '#api/test/sessions.ts';
import { createTestApp, type TestApp } from '#api/test/test-app.ts';

let t: TestApp;
let anna: Session;
let bo: Session;
let buyer: Session;
let admin: Session;
beforeAll(async () => {
  t = await createTestApp();
  anna = await shop(t, { name: 'Annas' });
  bo = await shop(t, { name: 'Bos' });
  buyer = await customer(t, '=HYPERLINK("x")');
  admin = await customer(t, 'Admin', true);
});
afterAll(() => t.close());

const exportOf = (who: Session | null, query: string) =>
  t.app.inject({ method: 'GET', url: `/api/orders/export.csv?${query}`, headers: who ? bearer(who.token) : {} });
const rowsOf = (body: string): string[][] => parse(body.replace(/^\uFEFF/, ''), { delimiter: ';' });

describe('orders as CSV', () => {
  it("gives a seller their own orders, an admin every shop's, for the Stockholm days asked", async () => {
    const vase = await product(t, anna.id, { name: 'Vas', priceOre: 12_950, countInStock: 10 });
    const cup = await product(t, bo.id, { name: 'Kopp', priceOre: 5_000, countInStock: 10 });
    const annas = await placeOrder(t, buyer, [{ product: vase.id, qty: 2 }]);
    const bos = await placeOrder(t, buyer, [{ product: cup.id, qty: 1 }]);
    // Anna's order placed at 23:30 on 1 March in Stockholm (22:30 UTC), Bo's on 2 March.
    await t.database.db
      .update(orders)
      .set({ createdAt: new Date('2026-03-01T22:30:00Z') })
      .where(eq(orders.id, annas._id));
    await t.database.db
      .update(orders)
      .set({ createdAt: new Date('2026-03-02T10:00:00Z') })
      .where(eq(orders.id, bos._id));

    const mine = await exportOf(anna, 'from=2026-03-01&to=2026-03-31');
    expect(mine.statusCode).toBe(200);
    expect(mine.headers['content-type']).toBe('text/csv; charset=utf-8');
    const rows = rowsOf(mine.body);
    expect(rows[0]?.slice(0, 3)).toEqual(['order_number', 'placed_at', 'shop']);
    expect(rows).toHaveLength(2);
    const [line] = rows.slice(1);
    const header = rows[0] ?? [];
    const cell = (name: string) => line?.[header.indexOf(name)];
    expect(cell('placed_at')).toBe('2026-03-01 23:30:00');
    expect(cell('product_name')).toBe('Vas');
    expect(cell('qty')).toBe('2');
    expect(cell('unit_price')).toBe('129,50');
    expect(cell('line_total')).toBe('259');
    expect(cell('buyer_name')).toBe(`'=HYPERLINK("x")`);
    expect(cell('state')).toBe('unpaid');

    // The day after in Stockholm holds only Bo's order; Anna sees none of it.
    expect(rowsOf((await exportOf(anna, 'from=2026-03-02&to=2026-03-02')).body)).toHaveLength(1);
    const all = rowsOf((await exportOf(admin, 'from=2026-03-01&to=2026-03-02')).body);
    expect(all.slice(1).map((r) => r[header.indexOf('shop')])).toEqual(['Annas', 'Bos']);
    const bosFile = rowsOf((await exportOf(bo, 'from=2026-03-01&to=2026-03-02')).body);
    expect(bosFile.slice(1).map((r) => r[header.indexOf('product_name')])).toEqual(['Kopp']);
  });

  it('validates the range and refuses customers and visitors', async () => {
    for (const query of [
      '',
      'from=2026-03-01',
      'from=2026-13-01&to=2026-03-02',
      'from=2026-03-05&to=2026-03-01',
      'from=2024-01-01&to=2026-01-01',
    ]) {
      expect((await exportOf(anna, query)).statusCode).toBe(400);
    }
    expect((await exportOf(buyer, 'from=2026-03-01&to=2026-03-02')).statusCode).toBe(403);
    expect((await exportOf(null, 'from=2026-03-01&to=2026-03-02')).statusCode).toBe(401);
  });
});
