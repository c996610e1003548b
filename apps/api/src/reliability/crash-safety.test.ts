/**
 * Crash safety on PostgreSQL: a burst of orders is placed against the real server process, which
 * is killed with SIGKILL mid-burst. After a restart, every order that was answered 201 exists
 * whole, no order exists half (each has its lines and totals that add up), and every product's
 * stock is its starting stock minus the quantities of the orders that exist.
 */
import type { Order } from '@torget/shared/api-types.generated';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { orderItems, orders, products } from '#api/db/schema.ts';
import { createAuth } from '#api/lib/auth.ts';
import { ADDRESS } from '#api/modules/orders/order-test-kit.ts';
import { createProduct, createSeller, createUser } from '#api/test/fixtures.ts';
import {
  buildServer,
  createServerDatabase,
  JWT_SECRET,
  onPostgres,
  type ServerDatabase,
  type ServerProcess,
  startServerProcess,
} from './server-process';

const START_STOCK = 400;
const BURST = 240;
const KILL_AFTER = 40;

describe.runIf(onPostgres())('crash safety: SIGKILL during a burst of orders', () => {
  let database: ServerDatabase;
  let server: ServerProcess | null = null;
  let bundle: Awaited<ReturnType<typeof buildServer>>;
  const productIds: string[] = [];
  const tokens: string[] = [];

  beforeAll(async () => {
    bundle = await buildServer();
    database = await createServerDatabase();
    await database.use(async ({ db }) => {
      const { user: seller } = await createSeller(db, {
        seller: { name: 'Kraschbutiken', hasSwish: true, swishNumber: '1231234567', hasPaypal: true },
      });
      for (let i = 0; i < 6; i++) {
        const p = await createProduct(db, seller.id, {
          name: `Vara ${i}`,
          priceOre: 1_000 * (i + 1) + 50,
          shippingPriceOre: 100 * i,
          countInStock: START_STOCK,
        });
        productIds.push(p.id);
      }
      const auth = createAuth(db, JWT_SECRET);
      for (let i = 0; i < 4; i++) {
        const buyer = await createUser(db, { name: `Köpare ${i}` });
        tokens.push(await auth.issueToken({ id: buyer.id, tokenVersion: 0 }));
      }
    });
  }, 30_000);

  afterAll(async () => {
    await server?.stop();
    await database?.destroy();
    bundle?.remove();
  });

  /** An order of one to three products, one to three of each, by one of the buyers. */
  function randomOrder(i: number) {
    const shuffled = [...productIds].sort(() => Math.random() - 0.5);
    const lines = shuffled
      .slice(0, 1 + (i % 3))
      .map((product) => ({ product, qty: 1 + Math.floor(Math.random() * 3) }));
    return { token: tokens[i % tokens.length] ?? '', lines };
  }

  it('keeps every confirmed order whole, no order half, and stock equal to start minus what exists', async () => {
    server = await startServerProcess(bundle.entry, database);
    const running = server;
    const confirmed: Order[] = [];
    let settled = 0;
    let inFlightAtKill = -1;
    let failed = 0;

    const requests = Array.from({ length: BURST }, async (_, i) => {
      const { token, lines } = randomOrder(i);
      try {
        const res = await fetch(`${running.url}/api/orders`, {
          method: 'POST',
          headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
          body: JSON.stringify({ orderItems: lines, shippingAddress: ADDRESS, paymentMethod: 'Swish' }),
          signal: AbortSignal.timeout(20_000),
        });
        const body = (await res.json()) as { order?: Order };
        if (res.status === 201 && body.order) confirmed.push(body.order);
        else failed++;
      } catch {
        // The connection died with the server: the order may or may not exist.
      } finally {
        settled++;
        if (settled === KILL_AFTER) {
          inFlightAtKill = BURST - settled;
          running.child.kill('SIGKILL');
        }
      }
    });
    await Promise.all(requests);
    const { signal } = await running.exited;
    expect(signal).toBe('SIGKILL');
    expect(inFlightAtKill).toBeGreaterThan(0);

    server = await startServerProcess(bundle.entry, database);
    const health = await fetch(`${server.url}/api/health`);
    expect(health.status).toBe(200);

    const state = await database.use(async ({ db }) => ({
      orders: await db.select().from(orders),
      items: await db.select().from(orderItems),
      products: await db.select({ id: products.id, stock: products.countInStock }).from(products),
    }));
    console.log(
      `crash safety: ${BURST} orders sent, ${confirmed.length} confirmed, ${failed} refused, ` +
        `${inFlightAtKill} in flight at SIGKILL, ${state.orders.length} orders after restart`,
    );
    expect(confirmed.length).toBeGreaterThan(0);

    // Every confirmed order exists with exactly the lines it was confirmed with.
    const itemsOf = (orderId: string) => state.items.filter((item) => item.orderId === orderId);
    const byId = new Map(state.orders.map((order) => [order.id, order]));
    for (const order of confirmed) {
      expect(byId.has(order._id), `confirmed order ${order._id}`).toBe(true);
      const stored = itemsOf(order._id).map((item) => `${item.productId}×${item.qty}`);
      const answered = order.orderItems.map((item) => `${item.product}×${item.qty}`);
      expect(stored.sort()).toEqual(answered.sort());
    }
    expect(state.orders.length).toBeGreaterThanOrEqual(confirmed.length);

    // No half order: every order has lines, and its totals are those lines' sums.
    for (const order of state.orders) {
      const lines = itemsOf(order.id);
      expect(lines.length, `lines of order ${order.id}`).toBeGreaterThan(0);
      expect(order.itemsPriceOre).toBe(lines.reduce((sum, l) => sum + l.qty * l.priceOre, 0));
      expect(order.shippingPriceOre).toBe(lines.reduce((sum, l) => sum + l.qty * l.shippingPriceOre, 0));
      expect(order.totalPriceOre).toBe(order.itemsPriceOre + order.shippingPriceOre + order.taxPriceOre);
    }

    // Stock: the start minus what the existing orders hold, product by product.
    for (const product of state.products) {
      const sold = state.items.filter((i) => i.productId === product.id).reduce((sum, i) => sum + i.qty, 0);
      expect(product.stock, `stock of ${product.id}`).toBe(START_STOCK - sold);
    }

    // The restarted server takes orders again.
    const again = await fetch(`${server.url}/api/orders`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${tokens[0]}` },
      body: JSON.stringify({
        orderItems: [{ product: productIds[0], qty: 1 }],
        shippingAddress: ADDRESS,
        paymentMethod: 'Swish',
      }),
    });
    expect(again.status).toBe(201);
  }, 50_000);
});
