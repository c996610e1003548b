/**
 * Statements on hot paths keep one plan. A statement sent unprepared is planned on
 * every call, and PostgreSQL plans a prepared one afresh for each execution while its custom
 * plan looks cheaper than the generic one: the read of a one-line order, with its ids as one
 * array, was planned on every call (0.63 ms of 0.7), and the category counts of every page's
 * sidebar were sent unprepared (0.10 ms of 0.15).
 *
 * Read from pg_prepared_statements, which shows one session's statements: the database here
 * has one connection. PostgreSQL only: on the in-process PGlite of the tests Drizzle sends
 * unnamed statements, prepared for nobody (the PGlite worker of a real server goes through the
 * same pg pool code as PostgreSQL).
 */
import type { CreateOrderInput } from '@torget/shared/schemas/orders';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows } from '#api/db/client.ts';
import type { AuthUser } from '#api/lib/auth.ts';
import { categoryCounts } from '#api/modules/catalog/catalogue-counts.ts';
import { READ_SIZES, readSizeFor } from '#api/modules/orders/order-products-read.ts';
import { ADDRESS } from '#api/modules/orders/order-test-kit.ts';
import { placeOrder } from '#api/modules/orders/place-order.service.ts';
import { createProduct, createSeller, createUser, sessionClaimsOf } from '#api/test/fixtures.ts';
import { createTestDatabase, type TestDatabase } from '#api/test/test-database.ts';

describe('readSizeFor', () => {
  it('gives the smallest prepared size that holds the ids', () => {
    expect(READ_SIZES[0]).toBe(1);
    expect([1, 2, 5, 6, 20, 21, 100].map(readSizeFor)).toEqual([1, 5, 5, 20, 20, 100, 100]);
    expect(() => readSizeFor(101)).toThrow(/over MAX_ORDER_LINES/);
  });
});

let database: TestDatabase;
const onPostgres = process.env.TORGET_TEST_DB === 'postgres' && !!process.env.TEST_DATABASE_URL;

describe.runIf(onPostgres)('on one connection', () => {
  let buyer: AuthUser;
  let productIds: string[];

  beforeAll(async () => {
    database = await createTestDatabase({ poolSize: 1 });
    const { db } = database;
    const { user: seller } = await createSeller(db, {
      seller: { name: 'Annas Ateljé', hasSwish: true, swishNumber: '1231234567' },
    });
    const user = await createUser(db, { name: 'Kim Köpare' });
    buyer = { ...user, isSeller: false, wantsToBeSeller: false, isAdmin: false };
    productIds = [];
    for (const name of ['Lampa', 'Stol', 'Bord'])
      productIds.push((await createProduct(db, seller.id, { name, countInStock: 1000 })).id);
  });
  afterAll(() => database?.destroy());

  const order = (ids: string[]): CreateOrderInput => ({
    orderItems: ids.map((product) => ({ product, qty: 1 })),
    shippingAddress: ADDRESS,
    paymentMethod: 'Swish',
  });

  /** [name, custom plans, generic plans] of this connection's prepared statements named like `pattern`. */
  async function plansOf(pattern: string): Promise<[string, number, number][]> {
    const rows = await queryRows<{ name: string; generic_plans: string; custom_plans: string }>(
      database.db,
      sql`select name, generic_plans, custom_plans from pg_prepared_statements
          where name like ${pattern} order by name`,
    );
    return rows.map((r) => [r.name, Number(r.custom_plans), Number(r.generic_plans)]);
  }

  it('prepares the category counts: planned once', async () => {
    for (let i = 0; i < 3; i++) expect(await categoryCounts(database.db)).toEqual([{ name: 'Test', count: 3 }]);
    expect(await plansOf('category_counts')).toEqual([['category_counts', 0, 3]]);
  });

  it('plans each size of the order read five times at most, then keeps its generic plan', async () => {
    const [lamp = '', chair = '', table = ''] = productIds;
    for (let i = 0; i < 8; i++) {
      await placeOrder(database.db, sessionClaimsOf(buyer), order([i % 2 ? lamp : chair]));
      await placeOrder(database.db, sessionClaimsOf(buyer), order(i % 2 ? [lamp, table] : [chair, table, lamp]));
    }
    expect(await plansOf('place_order_read%')).toEqual([
      ['place_order_read_1', 5, 3],
      ['place_order_read_5', 5, 3],
    ]);
  });
});
