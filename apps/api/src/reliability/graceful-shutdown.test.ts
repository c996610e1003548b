/**
 * SIGTERM drains: a request already in flight when the signal arrives (its body still arriving)
 * is answered and its order written; new connections are no longer served; then the process
 * exits with 0. Runs on PGlite and on PostgreSQL.
 */
import { request as httpRequest } from 'node:http';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { orders, products } from '#api/db/schema.ts';
import { createAuth } from '#api/lib/auth.ts';
import { ADDRESS } from '#api/modules/orders/order-test-kit.ts';
import { createProduct, createSeller, createUser } from '#api/test/fixtures.ts';
import {
  buildServer,
  createServerDatabase,
  JWT_SECRET,
  type ServerDatabase,
  type ServerProcess,
  startServerProcess,
} from './server-process';

describe('SIGTERM', () => {
  let database: ServerDatabase;
  let bundle: Awaited<ReturnType<typeof buildServer>>;
  let server: ServerProcess | null = null;
  let productId = '';
  let token = '';

  beforeAll(async () => {
    bundle = await buildServer();
    database = await createServerDatabase();
    await database.use(async ({ db }) => {
      const { user: seller } = await createSeller(db, { seller: { hasSwish: true, swishNumber: '1231234567' } });
      productId = (await createProduct(db, seller.id, { countInStock: 10 })).id;
      const buyer = await createUser(db);
      token = await createAuth(db, JWT_SECRET).issueToken({ id: buyer.id, tokenVersion: 0 });
    });
  }, 30_000);

  afterAll(async () => {
    await server?.stop();
    await database?.destroy();
    bundle?.remove();
  });

  it('answers the request in flight, takes no new ones, and exits with 0', async () => {
    server = await startServerProcess(bundle.entry, database, { LOG_LEVEL: 'info' });
    const running = server;
    const { port } = new URL(running.url);
    const body = JSON.stringify({
      orderItems: [{ product: productId, qty: 3 }],
      shippingAddress: ADDRESS,
      paymentMethod: 'Swish',
    });
    const half = Math.floor(body.length / 2);

    // The request starts: headers and half the body.
    const drain: { finish: () => void } = { finish: () => {} };
    const answer = new Promise<{ status: number; body: string }>((resolve, reject) => {
      const req = httpRequest(
        {
          host: '127.0.0.1',
          port,
          method: 'POST',
          path: '/api/orders',
          agent: false,
          headers: {
            'content-type': 'application/json',
            'content-length': Buffer.byteLength(body),
            authorization: `Bearer ${token}`,
          },
        },
        (res) => {
          let text = '';
          res.setEncoding('utf8');
          res.on('data', (chunk: string) => {
            text += chunk;
          });
          res.on('end', () => resolve({ status: res.statusCode ?? 0, body: text }));
        },
      );
      req.on('error', reject);
      req.write(body.slice(0, half));
      drain.finish = () => req.end(body.slice(half));
    });
    await running.waitForLine(/"url":"\/api\/orders".*incoming request/);

    running.child.kill('SIGTERM');
    await running.waitForLine(/"msg":"stopping"/);
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(running.child.exitCode, 'the process waits for the request in flight').toBeNull();

    // A new client is not served any more.
    const late = await fetch(`${running.url}/api/health`, { signal: AbortSignal.timeout(5_000) }).then(
      (res) => res.status,
      () => 'refused',
    );
    expect(late).not.toBe(200);

    // The rest of the body arrives; the order is placed and answered.
    drain.finish();
    const res = await answer;
    expect(res.status, res.body).toBe(201);
    const orderId = (JSON.parse(res.body) as { order: { _id: string } }).order._id;

    const { code, signal } = await running.exited;
    expect({ code, signal }).toEqual({ code: 0, signal: null });
    server = null;

    await database.use(async ({ db }) => {
      expect(await db.select({ id: orders.id }).from(orders).where(eq(orders.id, orderId))).toHaveLength(1);
      const [row] = await db.select({ stock: products.countInStock }).from(products).where(eq(products.id, productId));
      expect(row?.stock).toBe(7);
    });
  }, 45_000);
});
