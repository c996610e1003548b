/**
 * The fast path's guard and its fallback (place-order.service.ts), provoked deterministically: the
 * test changes a product between the unlocked read and the statement (`PlaceOrderHooks.afterRead`),
 * the moment a concurrent order or edit lands in production. Over HTTP that moment cannot be
 * chosen (PGlite runs one statement at a time); routes/orders/place-order-fast-path.routes.test.ts
 * provokes it on PostgreSQL while the statement waits for the row, and counts statements.
 * Runs on PGlite and, with TEST_DATABASE_URL, on PostgreSQL.
 */
import type { CreateOrderInput } from '@torget/shared/schemas/orders';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Db } from '#api/db/client.ts';
import { orders, products, users } from '#api/db/schema.ts';
import type { AuthUser } from '#api/lib/auth.ts';
import { HttpError } from '#api/lib/http-errors.ts';
import { createUser, sessionClaimsOf } from '#api/test/fixtures.ts';
import { createTestApp, type TestApp } from '#api/test/test-app.ts';
import { ADDRESS, orderRowCounts, product, type Session, shop, stockOf } from './order-test-kit';
import { type PlacedOrder, type PlaceOrderHooks, placeOrder } from './place-order.service';

let t: TestApp;
let db: Db;
let anna: Session;
let buyer: AuthUser;

async function newBuyer(): Promise<AuthUser> {
  const user = await createUser(db, { name: 'Kim Köpare' });
  return { ...user, isSeller: false, wantsToBeSeller: false, isAdmin: false };
}

beforeAll(async () => {
  t = await createTestApp();
  db = t.database.db;
  anna = await shop(t, { name: 'Annas Ateljé' });
  buyer = await newBuyer();
});
afterAll(() => t.close());

const input = (lines: { product: string; qty: number }[]): CreateOrderInput => ({
  orderItems: lines,
  shippingAddress: ADDRESS,
  paymentMethod: 'Swish',
});

/** Places an order with `change` made between the read and the statement; counts its statements. */
async function placeWith(
  lines: { product: string; qty: number }[],
  change?: () => Promise<unknown>,
  orderer: AuthUser = buyer,
): Promise<{ placed: PlacedOrder; statements: number }> {
  let changeStatements = 0;
  const hooks: PlaceOrderHooks = {
    afterRead: async () => {
      const before = t.database.statementCount();
      await change?.();
      changeStatements = t.database.statementCount() - before;
    },
  };
  const before = t.database.statementCount();
  const placed = await placeOrder(db, sessionClaimsOf(orderer), input(lines), hooks);
  return { placed, statements: t.database.statementCount() - before - changeStatements };
}

/** The refusal `placeOrder` throws with `change` made between the read and the statement. */
async function refusalWith(lines: { product: string; qty: number }[], change: () => Promise<unknown>) {
  const error = await placeOrder(db, sessionClaimsOf(buyer), input(lines), {
    afterRead: async () => void (await change()),
  }).then(
    () => null,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(HttpError);
  const { statusCode, message } = error as HttpError;
  return { statusCode, message };
}

const setProduct = (id: string, values: Partial<typeof products.$inferInsert>) =>
  db.update(products).set(values).where(eq(products.id, id));

/** The read, then the guarded statement: no transaction. */
const FAST = 2;
/**
 * The read, the failed statement, then the locked transaction: lock, write, and on PostgreSQL its
 * begin and commit (PGlite's driver ends a transaction without a statement of ours).
 */
const fallback = () => FAST + (t.database.kind === 'postgres' ? 4 : 2);

describe('the fast path', () => {
  it('places the order with the read and one statement when nothing changed', async () => {
    const lamp = await product(t, anna.id, { name: 'Lampa', priceOre: 12_950, countInStock: 5 });
    const writesBefore = t.database.writeGeneration();
    const { placed, statements } = await placeWith([{ product: lamp.id, qty: 2 }]);
    expect(statements).toBe(FAST);
    // The two statements, each a write of the order's writer handle, and no transaction end
    // (one would count once more).
    expect(t.database.writeGeneration() - writesBefore).toBe(FAST);
    expect(placed.order).toMatchObject({ orderItems: [{ name: 'Lampa', qty: 2, price: 129.5 }], totalPrice: 259 });
    expect(await stockOf(t, lamp.id)).toBe(3);
  });
});

describe('a change between the read and the statement', () => {
  it('stock taken meanwhile: the locked transaction refuses with what is left, and nothing is written', async () => {
    const lamp = await product(t, anna.id, { name: 'Lampa Z', countInStock: 3 });
    const before = await orderRowCounts(t);
    expect(await refusalWith([{ product: lamp.id, qty: 2 }], () => setProduct(lamp.id, { countInStock: 1 }))).toEqual({
      statusCode: 409,
      message: 'Only 1 left of Lampa Z.',
    });
    expect(await refusalWith([{ product: lamp.id, qty: 1 }], () => setProduct(lamp.id, { countInStock: 0 }))).toEqual({
      statusCode: 409,
      message: 'Lampa Z is sold out (0 left).',
    });
    expect(await orderRowCounts(t)).toEqual(before);
    expect(await stockOf(t, lamp.id)).toBe(0);
  });

  it('one line of several changed: the statement fails as a whole, no other line loses stock', async () => {
    const [a, b, c] = await Promise.all(
      ['Rad A', 'Rad B', 'Rad C'].map((name) => product(t, anna.id, { name, countInStock: 4 })),
    );
    if (!a || !b || !c) throw new Error('products not created');
    const before = await orderRowCounts(t);
    const lines = [a, b, c].map((p) => ({ product: p.id, qty: 2 }));
    expect(await refusalWith(lines, () => setProduct(b.id, { countInStock: 1 }))).toEqual({
      statusCode: 409,
      message: 'Only 1 left of Rad B.',
    });
    expect(await orderRowCounts(t)).toEqual(before);
    expect([await stockOf(t, a.id), await stockOf(t, b.id), await stockOf(t, c.id)]).toEqual([4, 1, 4]);
  });

  it('price changed meanwhile: the order carries the new price, the stock is taken once', async () => {
    const vase = await product(t, anna.id, { name: 'Vas', priceOre: 10_000, shippingPriceOre: 0, countInStock: 5 });
    const before = await orderRowCounts(t);
    const { placed, statements } = await placeWith([{ product: vase.id, qty: 2 }], () =>
      setProduct(vase.id, { priceOre: 12_000 }),
    );
    expect(statements).toBe(fallback());
    expect(placed.order).toMatchObject({
      orderItems: [{ name: 'Vas', qty: 2, price: 120 }],
      itemsPrice: 240,
      totalPrice: 240,
    });
    const [row] = await db.select().from(orders).where(eq(orders.id, placed.order._id));
    expect(row?.totalPriceOre).toBe(24_000);
    expect(await orderRowCounts(t)).toEqual({ orders: before.orders + 1, items: before.items + 1 });
    expect(await stockOf(t, vase.id)).toBe(3);
  });

  it.each([
    ['name', { name: 'Ny skål' }, { name: 'Ny skål' }],
    ['image', { image: '/uploads/ny.webp' }, { image: '/uploads/ny.webp' }],
    ['shipping price', { shippingPriceOre: 7_900 }, { shipping_price: 79 }],
  ] as const)('%s changed meanwhile: the order carries the new one', async (_field, change, expected) => {
    const bowl = await product(t, anna.id, { name: 'Skål', image: '/uploads/skal.webp', countInStock: 5 });
    const { placed, statements } = await placeWith([{ product: bowl.id, qty: 1 }], () => setProduct(bowl.id, change));
    expect(statements).toBe(fallback());
    expect(placed.order.orderItems).toMatchObject([expected]);
    expect(await stockOf(t, bowl.id)).toBe(4);
  });

  it('turned into a draft meanwhile: refused as not found', async () => {
    const mug = await product(t, anna.id, { name: 'Mugg', countInStock: 5 });
    expect(await refusalWith([{ product: mug.id, qty: 1 }], () => setProduct(mug.id, { isDraft: true }))).toEqual({
      statusCode: 400,
      message: `Product not found: ${mug.id}. Please remove it from your cart.`,
    });
    expect(await stockOf(t, mug.id)).toBe(5);
  });

  it('the failed statement uses no order number: the fallback takes the next one', async () => {
    const pot = await product(t, anna.id, { name: 'Kruka', priceOre: 5_000, countInStock: 10 });
    const first = await placeWith([{ product: pot.id, qty: 1 }]);
    const second = await placeWith([{ product: pot.id, qty: 1 }], () => setProduct(pot.id, { priceOre: 5_500 }));
    expect(second.statements).toBe(fallback());
    const number = (placed: PlacedOrder) => Number(placed.order.orderNumber.replace('T-', ''));
    expect(number(second.placed)).toBe(number(first.placed) + 1);
  });

  it('any other error is thrown as it is, without the locked transaction', async () => {
    const cup = await product(t, anna.id, { name: 'Kopp', countInStock: 5 });
    const gone = await newBuyer();
    let statements = 0;
    const error = await placeOrder(db, sessionClaimsOf(gone), input([{ product: cup.id, qty: 1 }]), {
      // The buyer's account is removed: the order's reference to it fails (foreign key).
      afterRead: async () => {
        await db.delete(users).where(eq(users.id, gone.id));
        statements = t.database.statementCount();
      },
    }).then(
      () => null,
      (e: unknown) => e as { code?: string; cause?: { code?: string } },
    );
    expect(error?.code ?? error?.cause?.code).toBe('23503');
    // Only the statement itself after the change: no transaction was begun.
    expect(t.database.statementCount() - statements).toBe(1);
    expect(await stockOf(t, cup.id)).toBe(5);
  });
});
