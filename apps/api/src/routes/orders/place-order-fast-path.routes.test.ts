/**
 * Placing an order in one autocommit statement (modules/orders/place-order.service.ts), over HTTP:
 * the statements an order costs, buyers of one product at once, a change committed while the
 * statement waits for the product's row, and the race for the last items of two products. The
 * guard's fallback after a change between read and statement is provoked in
 * modules/orders/place-order.service.test.ts.
 */
import type { Order } from '@torget/shared/api-types.generated';
import { eq, sql } from 'drizzle-orm';
import type pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { clientOf, queryRows } from '#api/db/client.ts';
import { orderItems, orders, users } from '#api/db/schema.ts';
import {
  ADDRESS,
  customer,
  orderRowCounts,
  postOrder,
  product,
  type Session,
  shop,
  stockOf,
} from '#api/modules/orders/order-test-kit.ts';
import { createTestApp, type TestApp } from '#api/test/test-app.ts';

const onPostgres = process.env.TORGET_TEST_DB === 'postgres';

let t: TestApp;
let anna: Session;
let buyer: Session;

beforeAll(async () => {
  t = await createTestApp({ statementCountHeader: true });
  anna = await shop(t, { name: 'Annas Ateljé' });
  buyer = await customer(t, 'Kim Köpare');
});
afterAll(() => t.close());

const order = (lines: { product: string; qty: number }[]) => ({
  orderItems: lines,
  shippingAddress: ADDRESS,
  paymentMethod: 'Swish',
});

const statementsOf = (res: { headers: Record<string, unknown> }) => Number(res.headers['x-sql-statements']);

describe('the statements of an order', () => {
  it("are the read (the session's user with the products) and one statement: no transaction", async () => {
    const lamp = await product(t, anna.id, { name: 'Lampa', countInStock: 5 });
    const writes = t.database.writeGeneration();
    const res = await postOrder(t, buyer.token, order([{ product: lamp.id, qty: 1 }]));
    expect(res.statusCode, res.body).toBe(201);
    expect(statementsOf(res)).toBe(2);
    // The two statements, each a write of the request's writer handle, and no transaction that
    // ended (one would count once more).
    expect(t.database.writeGeneration() - writes).toBe(2);
    expect(await stockOf(t, lamp.id)).toBe(4);
  });

  it('stay two when buyers of one product order at once: none falls back to the lock', async () => {
    const hot = await product(t, anna.id, { name: 'Het', countInStock: 1_000 });
    const results = await Promise.all(
      Array.from({ length: 30 }, () => postOrder(t, buyer.token, order([{ product: hot.id, qty: 2 }]))),
    );
    expect(results.map((r) => r.statusCode)).toEqual(results.map(() => 201));
    expect(results.map(statementsOf)).toEqual(results.map(() => 2));
    expect(await stockOf(t, hot.id)).toBe(940);
  });
});

describe("the session's user, read with the products", () => {
  /** A customer whose account the test then changes; their token is from before the change. */
  async function changedCustomer(name: string, change: Partial<typeof users.$inferInsert>) {
    const session = await customer(t, name);
    await t.database.db.update(users).set(change).where(eq(users.id, session.id));
    return session;
  }

  it('refuses a deleted account, or a token from before a password change, and writes nothing', async () => {
    const lamp = await product(t, anna.id, { name: 'Lampa S', countInStock: 5 });
    const deleted = await changedCustomer('Borta', { deletedAt: new Date() });
    const renewed = await changedCustomer('Ny Kod', { tokenVersion: 1 });
    const before = await orderRowCounts(t);
    for (const session of [deleted, renewed]) {
      // An unknown product too: the session is refused first, as the guard refused it.
      for (const lines of [[{ product: lamp.id, qty: 1 }], [{ product: crypto.randomUUID(), qty: 1 }]]) {
        const res = await postOrder(t, session.token, order(lines));
        expect(res.statusCode, res.body).toBe(401);
        expect(res.json()).toEqual({ message: 'Session ended. Please sign in again.' });
        expect(statementsOf(res)).toBe(1);
      }
    }
    expect(await orderRowCounts(t)).toEqual(before);
    expect(await stockOf(t, lamp.id)).toBe(5);
  });

  it('refuses a missing or bad token before any statement', async () => {
    const lamp = await product(t, anna.id, { name: 'Lampa T', countInStock: 5 });
    for (const [token, message] of [
      [null, 'No Token'],
      ['not-a-token', 'Invalid Token'],
    ] as const) {
      const res = await postOrder(t, token, order([{ product: lamp.id, qty: 1 }]));
      expect(res.statusCode).toBe(401);
      expect(res.json()).toEqual({ message });
      expect(statementsOf(res)).toBe(0);
    }
    expect(await stockOf(t, lamp.id)).toBe(5);
  });

  it('names the buyer as stored: an unknown product is refused by id, a known one ordered in their name', async () => {
    const unknown = crypto.randomUUID();
    const refused = await postOrder(t, buyer.token, order([{ product: unknown, qty: 1 }]));
    expect(refused.statusCode).toBe(400);
    expect(refused.json()).toEqual({ message: `Product not found: ${unknown}. Please remove it from your cart.` });
    const renamed = await customer(t, 'Före Namnbyte');
    await t.database.db.update(users).set({ name: 'Efter Namnbyte' }).where(eq(users.id, renamed.id));
    const mug = await product(t, anna.id, { name: 'Mugg S', countInStock: 5 });
    const res = await postOrder(t, renamed.token, order([{ product: mug.id, qty: 1 }]));
    expect(res.statusCode, res.body).toBe(201);
    const [row] = await t.database.db
      .select({ buyerName: orders.buyerName, userId: orders.userId })
      .from(orders)
      .where(eq(orders.id, (res.json() as { order: Order }).order._id));
    expect(row).toEqual({ buyerName: 'Efter Namnbyte', userId: renamed.id });
  });
});

/** A connection of its own, beside the app's, for a transaction the test holds open. */
function poolOf(app: TestApp): pg.Pool {
  // The client the shared handle was made over (db/handles.ts): on PostgreSQL, the pool as a reader.
  return clientOf(app.database.db)?.client as pg.Pool;
}

/** Waits until some session of this database waits for a lock (the order's statement). */
async function someoneWaitsForALock(): Promise<void> {
  for (let tries = 0; tries < 200; tries++) {
    const [row] = await queryRows<{ n: number }>(
      t.database.db,
      sql`select count(*)::int as n from pg_stat_activity
          where datname = current_database() and wait_event_type = 'Lock'`,
    );
    if ((row?.n ?? 0) > 0) return;
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
  throw new Error('no session waited for a lock');
}

/**
 * Makes `change` in a transaction, sends the order while it holds the product's row, waits until
 * the order's statement waits for that row, then commits: the statement meets the change in the
 * row's newest version (PostgreSQL's re-check of an UPDATE's WHERE), not in its snapshot.
 */
async function orderDuringChange(change: string, params: unknown[], payload: object) {
  const client = await poolOf(t).connect();
  let open = false;
  try {
    await client.query('begin');
    open = true;
    await client.query(change, params);
    const answer = postOrder(t, buyer.token, payload);
    await someoneWaitsForALock();
    await client.query('commit');
    open = false;
    return await answer;
  } finally {
    if (open) await client.query('rollback');
    client.release();
  }
}

describe.runIf(onPostgres)('a change committed while the statement waits for the row', () => {
  it('a new price: the order carries it, the stock is taken once', async () => {
    const vase = await product(t, anna.id, { name: 'Vas', priceOre: 10_000, countInStock: 5 });
    const res = await orderDuringChange(
      'update products set price_ore = 12000 where id = $1',
      [vase.id],
      order([{ product: vase.id, qty: 2 }]),
    );
    expect(res.statusCode, res.body).toBe(201);
    expect((res.json() as { order: Order }).order).toMatchObject({
      orderItems: [{ name: 'Vas', qty: 2, price: 120 }],
      itemsPrice: 240,
    });
    // The read, the statement that found the price changed, then begin, lock, write, commit.
    expect(statementsOf(res)).toBe(2 + 4);
    expect(await stockOf(t, vase.id)).toBe(3);
  });

  it('the stock taken: the answer says what is left, and nothing is written', async () => {
    const lamp = await product(t, anna.id, { name: 'Lampa W', countInStock: 5 });
    const before = await orderRowCounts(t);
    const res = await orderDuringChange(
      'update products set count_in_stock = 1 where id = $1',
      [lamp.id],
      order([{ product: lamp.id, qty: 2 }]),
    );
    expect(res.statusCode, res.body).toBe(409);
    expect(res.json().message).toBe('Only 1 left of Lampa W.');
    expect(await orderRowCounts(t)).toEqual(before);
    expect(await stockOf(t, lamp.id)).toBe(1);
  });
});

describe.runIf(onPostgres)('the race for the last items', () => {
  it('sells exactly the stock of two products bought together, lines in either order, without deadlock', async () => {
    const cup = await product(t, anna.id, { name: 'Kopp', countInStock: 10 });
    const saucer = await product(t, anna.id, { name: 'Fat', countInStock: 10 });
    const buyers = await Promise.all(Array.from({ length: 4 }, (_, i) => customer(t, `Köpare ${i}`)));
    const results = await Promise.all(
      Array.from({ length: 40 }, (_, i) => {
        const lines = [
          { product: cup.id, qty: 1 },
          { product: saucer.id, qty: 1 },
        ];
        return postOrder(t, buyers[i % buyers.length]?.token ?? null, order(i % 2 ? lines.reverse() : lines));
      }),
    );
    const statuses = results.map((r) => r.statusCode);
    expect(statuses.filter((s) => s === 201)).toHaveLength(10);
    expect(statuses.filter((s) => s === 409)).toHaveLength(30);
    for (const r of results.filter((res) => res.statusCode === 409)) {
      expect(r.json().message).toMatch(/^(Kopp|Fat) is sold out \(0 left\)\.$|^Only \d left of (Kopp|Fat)\.$/);
    }
    expect([await stockOf(t, cup.id), await stockOf(t, saucer.id)]).toEqual([0, 0]);
    for (const p of [cup, saucer]) {
      const sold = await t.database.db.select().from(orderItems).where(eq(orderItems.productId, p.id));
      expect(sold.reduce((sum, line) => sum + line.qty, 0)).toBe(10);
    }
  });
});
