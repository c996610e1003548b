/**
 * Two server processes behind nginx, on one PostgreSQL database, one Redis and one uploads
 * folder: the journeys pass through the balancer whichever instance answers (a token made by
 * one works on the other, an order, an upload, the cache), and stopping one instance in the
 * middle of a burst of orders loses no acknowledged order and leaves stock exact.
 */
import { randomBytes } from 'node:crypto';
import type { Order } from '@torget/shared/api-types.generated';
import { eq, inArray } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { orderItems, orders, products } from '#api/db/schema.ts';
import { ADDRESS } from '#api/modules/orders/order-test-kit.ts';
import { createProduct, createSeller, createUser, FIXTURE_PASSWORD } from '#api/test/fixtures.ts';
import { dropRedisKeys, redisAnswers, TEST_REDIS_URL } from '#api/test/redis.ts';
import { multipart } from '#api/test/uploads.ts';
import { nginxPath, startBalancer } from '../../../../scripts/nginx-balancer.mjs';
import {
  buildServer,
  createServerDatabase,
  onPostgres,
  type ServerDatabase,
  type ServerProcess,
  startServerProcess,
} from './server-process';

const ready = onPostgres() && nginxPath() !== null && (await redisAnswers());
if (onPostgres() && !ready) console.warn('multi-instance test skipped: it needs nginx and Redis on 127.0.0.1:6379');

const START_STOCK = 300;
const BURST = 120;
const STOP_AFTER = 30;

describe.runIf(ready)('two instances behind nginx', () => {
  const prefix = `torget-test-${randomBytes(6).toString('hex')}:`;
  let database: ServerDatabase;
  let bundle: Awaited<ReturnType<typeof buildServer>>;
  const servers: ServerProcess[] = [];
  let balancer: Awaited<ReturnType<typeof startBalancer>>;
  let seller: { id: string; email: string };
  let buyer: { email: string };
  const productIds: string[] = [];

  beforeAll(async () => {
    bundle = await buildServer();
    database = await createServerDatabase();
    await database.use(async ({ db }) => {
      const shop = await createSeller(db, {
        seller: { name: 'Delade butiken', hasSwish: true, swishNumber: '1231234567', hasPaypal: true },
      });
      seller = shop.user;
      buyer = await createUser(db, { name: 'Balanserad Köpare' });
      for (let i = 0; i < 3; i++) {
        const p = await createProduct(db, seller.id, { name: `Delad vara ${i}`, countInStock: START_STOCK });
        productIds.push(p.id);
      }
    });
    // One data folder: the uploads are shared, as on a shared volume.
    const env = { REDIS_URL: TEST_REDIS_URL, REDIS_KEY_PREFIX: prefix, TRUST_PROXY: '127.0.0.1' };
    servers.push(...(await Promise.all([1, 2].map(() => startServerProcess(bundle.entry, database, env)))));
    balancer = await startBalancer(servers.map((s) => new URL(s.url).host));
  }, 60_000);

  afterAll(async () => {
    await balancer?.stop();
    await Promise.all(servers.map((s) => s.stop()));
    await database?.destroy();
    bundle?.remove();
    await dropRedisKeys(prefix);
  });

  /** Through the balancer; answers the status, the body and which instance answered. */
  async function call(path: string, init: RequestInit & { token?: string } = {}) {
    const headers = new Headers(init.headers);
    if (init.token) headers.set('authorization', `Bearer ${init.token}`);
    if (typeof init.body === 'string') headers.set('content-type', 'application/json');
    const res = await fetch(`${balancer.url}${path}`, { ...init, headers, signal: AbortSignal.timeout(20_000) });
    const text = await res.text();
    let body: unknown = text;
    try {
      body = JSON.parse(text);
    } catch {
      // not JSON (an image)
    }
    return { status: res.status, body: body as Record<string, unknown>, upstream: res.headers.get('x-upstream') ?? '' };
  }

  const signIn = async (email: string) => {
    const res = await call('/api/users/signin', {
      method: 'POST',
      body: JSON.stringify({ email, password: FIXTURE_PASSWORD }),
    });
    expect(res.status).toBe(200);
    return String(res.body.token);
  };

  it('takes a token made by one instance on the other', async () => {
    const token = await signIn(buyer.email);
    const answers = await Promise.all(Array.from({ length: 6 }, () => call('/api/orders/mine', { token })));
    expect(answers.map((a) => a.status)).toEqual([200, 200, 200, 200, 200, 200]);
    expect(new Set(answers.map((a) => a.upstream)).size).toBe(2);
  });

  it('places an order through one and shows it through both', async () => {
    const token = await signIn(buyer.email);
    const placed = await call('/api/orders', {
      method: 'POST',
      token,
      body: JSON.stringify({
        orderItems: [{ product: productIds[0], qty: 2 }],
        shippingAddress: ADDRESS,
        paymentMethod: 'Swish',
      }),
    });
    expect(placed.status).toBe(201);
    const id = (placed.body.order as Order)._id;
    const reads = await Promise.all(Array.from({ length: 4 }, () => call(`/api/orders/${id}`, { token })));
    expect(reads.every((r) => r.status === 200 && (r.body as unknown as Order)._id === id)).toBe(true);
    expect(new Set(reads.map((r) => r.upstream)).size).toBe(2);
  });

  it('serves an upload made through one from both', async () => {
    const token = await signIn(seller.email);
    const png = await sharp({ create: { width: 40, height: 30, channels: 3, background: '#3a7' } })
      .png()
      .toBuffer();
    const form = multipart(png, 'bild.png', 'image/png');
    const uploaded = await call('/api/uploads', {
      method: 'POST',
      token,
      headers: form.headers,
      body: new Uint8Array(form.payload),
    });
    expect(uploaded.status).toBe(200);
    const path = typeof uploaded.body === 'string' ? uploaded.body : String(Object.values(uploaded.body)[0]);
    expect(path).toMatch(/^\/uploads\//);
    const reads = await Promise.all(Array.from({ length: 4 }, () => fetch(`${balancer.url}${path}`)));
    expect(reads.map((r) => r.status)).toEqual([200, 200, 200, 200]);
    expect(new Set(reads.map((r) => r.headers.get('x-upstream'))).size).toBe(2);
  });

  it('shows an edit made through one instance through both within a second', async () => {
    const token = await signIn(seller.email);
    const id = productIds[1] as string;
    // Both instances keep the page.
    for (let i = 0; i < 4; i++) expect((await call(`/api/products/${id}`)).status).toBe(200);
    const put = await call(`/api/products/${id}`, {
      method: 'PUT',
      token,
      body: JSON.stringify({ name: 'Nytt namn överallt', price: 25, category: 'Delat', countInStock: START_STOCK }),
    });
    expect(put.status).toBe(200);
    const start = Date.now();
    const seenBy = new Set<string>();
    while (seenBy.size < 2) {
      const read = await call(`/api/products/${id}`);
      if (read.body.name === 'Nytt namn överallt') seenBy.add(read.upstream);
      else seenBy.clear();
      expect(Date.now() - start).toBeLessThan(1000);
    }
  });

  it('loses no acknowledged order when an instance stops in the middle of a burst', async () => {
    const token = await signIn(buyer.email);
    const [, doomed] = servers as [ServerProcess, ServerProcess];
    const acknowledged: Order[] = [];
    let settled = 0;
    let failed = 0;
    const burstIds = [productIds[1], productIds[2]] as string[];
    const stockBefore = await database.use(async ({ db }) =>
      db.select({ id: products.id, stock: products.countInStock }).from(products).where(inArray(products.id, burstIds)),
    );
    const ordersBefore = await database.use(async ({ db }) =>
      db.select({ id: orderItems.orderId }).from(orderItems).where(inArray(orderItems.productId, burstIds)),
    );
    let next = 0;
    const worker = async () => {
      while (next < BURST) {
        const i = next++;
        try {
          const res = await call('/api/orders', {
            method: 'POST',
            token,
            body: JSON.stringify({
              orderItems: [{ product: burstIds[i % 2], qty: 1 + (i % 2) }],
              shippingAddress: ADDRESS,
              paymentMethod: 'Swish',
            }),
          });
          if (res.status === 201) acknowledged.push(res.body.order as Order);
          else failed++;
        } catch {
          failed++;
        } finally {
          settled++;
          if (settled === STOP_AFTER) doomed.child.kill('SIGKILL');
        }
      }
    };
    await Promise.all(Array.from({ length: 8 }, worker));
    expect((await doomed.exited).signal).toBe('SIGKILL');
    console.log(`multi-instance: ${BURST} orders, ${acknowledged.length} acknowledged, ${failed} failed or cut off`);
    expect(acknowledged.length).toBeGreaterThan(BURST / 2);

    const state = await database.use(async ({ db }) => ({
      orders: await db
        .select({ id: orders.id })
        .from(orders)
        .innerJoin(orderItems, eq(orderItems.orderId, orders.id))
        .where(inArray(orderItems.productId, burstIds)),
      items: await db.select().from(orderItems).where(inArray(orderItems.productId, burstIds)),
      stock: await db
        .select({ id: products.id, stock: products.countInStock })
        .from(products)
        .where(inArray(products.id, burstIds)),
    }));
    const existing = new Set(state.orders.map((o) => o.id));
    for (const order of acknowledged) expect(existing.has(order._id), `acknowledged order ${order._id}`).toBe(true);
    const before = new Set(ordersBefore.map((o) => o.id));
    for (const { id, stock } of state.stock) {
      const start = stockBefore.find((p) => p.id === id)?.stock ?? 0;
      const sold = state.items
        .filter((item) => item.productId === id && !before.has(item.orderId))
        .reduce((sum, item) => sum + item.qty, 0);
      expect(stock, `stock of ${id}`).toBe(start - sold);
    }
    // The balancer keeps serving with one instance left.
    expect((await call('/api/health')).status).toBe(200);
  });
});
