/**
 * The fast path's read keeps one plan (issue 13): PostgreSQL plans a prepared statement afresh
 * for each execution while its custom plan looks cheaper than the generic one, and the read of
 * a one-line order, with its ids as one array, was planned on every call (0.63 ms of 0.7).
 * Each size of READ_SIZES must settle on its generic plan after PostgreSQL's five custom plans.
 *
 * Read from pg_prepared_statements, which shows one session's statements: the database here
 * has one connection. PostgreSQL only: on the in-process PGlite of the tests Drizzle sends
 * unnamed statements, prepared for nobody (the PGlite worker of a real server goes through the
 * same pg pool code as PostgreSQL).
 */
import type { CreateOrderInput } from '@torget/shared/schemas/orders';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AuthUser } from '#api/lib/auth.ts';
import { createProduct, createSeller, createUser } from '#api/test/fixtures.ts';
import { createTestDatabase, type TestDatabase } from '#api/test/test-database.ts';
import { ADDRESS } from './order-test-kit';
import { placeOrder, READ_SIZES, readSizeFor } from './place-order.service';

describe('readSizeFor', () => {
  it('gives the smallest prepared size that holds the ids', () => {
    expect(READ_SIZES[0]).toBe(1);
    expect([1, 2, 5, 6, 20, 21, 100].map(readSizeFor)).toEqual([1, 5, 5, 20, 20, 100, 100]);
    expect(() => readSizeFor(101)).toThrow(/over MAX_ORDER_LINES/);
  });
});

let database: TestDatabase;
const onPostgres = process.env.TORGET_TEST_DB === 'postgres' && !!process.env.TEST_DATABASE_URL;

describe.runIf(onPostgres)('the fast path read on one connection', () => {
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

  it('plans each size five times at most, then keeps its generic plan', async () => {
    const [lamp = '', chair = '', table = ''] = productIds;
    for (let i = 0; i < 8; i++) {
      await placeOrder(database.db, buyer, order([i % 2 ? lamp : chair]));
      await placeOrder(database.db, buyer, order(i % 2 ? [lamp, table] : [chair, table, lamp]));
    }
    const { rows } = await database.db.execute<{ name: string; generic_plans: string; custom_plans: string }>(
      sql`select name, generic_plans, custom_plans from pg_prepared_statements
          where name like 'place_order_read%' order by name`,
    );
    expect(rows.map((r) => [r.name, Number(r.custom_plans), Number(r.generic_plans)])).toEqual([
      ['place_order_read_1', 5, 3],
      ['place_order_read_5', 5, 3],
    ]);
  });
});
