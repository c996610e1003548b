// The "pay by PayPal" row: the buyer's PUT /api/orders/{id}/pay after PayPal has captured the
// payment, the request that marks a PayPal order paid and books it in the ledger in the same
// transaction (docs/decisions/210-ledger-booked-with-the-event.md). The order book's 1.1× rule
// covers it with placing orders.
//
// PayPal is the tests' stand-in (apps/api/src/test/paypal-standin.ts) in a process of its own,
// as the browser tests run it; the API under test gets its address as PAYPAL_API_BASE. Each
// measured request pays a different order, prepared beforehand through the API itself: the
// order placed (PayPal, one item of a shop that takes PayPal), its PayPal order created by our
// server, and the payment completed at the stand-in. A payment told twice is the cheap
// "already paid" path, so a run never pays an order twice; when the prepared orders run out the
// row says so (`exhausted`).
import { spawn } from 'node:child_process';
import { request as httpRequest } from 'node:http';
import { join } from 'node:path';
import { root } from '../scripts/lib.mjs';
import { freePort, waitForOk } from './lib.mjs';
import { buyerOrder, REVOKED_EVERY, seededId, sellerOfProduct } from './seed.mjs';

/** The stand-in's credentials (it accepts exactly these). */
const CLIENT = { id: 'standin-client-id', secret: 'standin-client-secret' };

/** Starts the PayPal stand-in; answers its origin, the API's environment for it, and stop(). */
export async function startPaypalStandin() {
  const port = await freePort();
  // tsx itself (not through npx), so stopping the child stops the stand-in.
  const child = spawn(join(root, 'node_modules/.bin/tsx'), ['apps/web/e2e/support/paypal-standin-server.ts'], {
    cwd: root,
    env: { ...process.env, E2E_PAYPAL_PORT: String(port) },
    stdio: 'ignore',
  });
  const origin = `http://127.0.0.1:${port}`;
  await waitForOk(`${origin}/health`, 60_000, child);
  return {
    origin,
    child,
    env: { PAYPAL_API_BASE: origin, PAYPAL_CLIENT_ID: CLIENT.id, PAYPAL_CLIENT_SECRET: CLIENT.secret },
    stop: () => child.kill(),
  };
}

/** Products of active sellers that take PayPal (the seed gives every even seller PayPal). */
export function paypalProductIds(counts, howMany) {
  const ids = [];
  for (let i = 1; ids.length < howMany && i <= counts.products; i++) {
    const seller = sellerOfProduct(i, counts);
    if (seller % REVOKED_EVERY !== 0 && seller % 2 === 0) ids.push(seededId('product', i));
  }
  return ids;
}

/** One JSON request to `origin`; answers { status, body }. */
function send(origin, { method, path, headers = {}, body }) {
  const { hostname, port } = new URL(origin);
  return new Promise((resolve, reject) => {
    const req = httpRequest({ hostname, port, method, path, headers }, (res) => {
      let text = '';
      res.setEncoding('utf8');
      res.on('data', (chunk) => {
        text += chunk;
      });
      res.on('end', () => {
        let parsed = null;
        try {
          parsed = text ? JSON.parse(text) : null;
        } catch {
          parsed = text;
        }
        resolve({ status: res.statusCode ?? 0, body: parsed });
      });
    });
    req.on('error', reject);
    if (body !== undefined) req.end(body);
    else req.end();
  });
}

/**
 * `howMany` PayPal orders of the seed's first buyer, each captured at the stand-in and not yet
 * told to our server: [{ orderId, paypalId }]. Prepared through `origin` (any build of the API
 * on the same database), `concurrency` at a time.
 */
export async function preparePaypalPayments({ origin, standin, jwtSecret, products, howMany, concurrency = 8 }) {
  const { headers, bodyFor } = await buyerOrder(jwtSecret);
  const prepared = [];
  let next = 0;
  async function worker() {
    while (next < howMany) {
      const n = next++;
      const product = products[n % products.length];
      const body = JSON.parse(bodyFor(product));
      body.paymentMethod = 'PayPal';
      const placed = await send(origin, { method: 'POST', path: '/api/orders', headers, body: JSON.stringify(body) });
      if (placed.status !== 201) throw new Error(`order not placed: ${placed.status} ${JSON.stringify(placed.body)}`);
      const orderId = placed.body.order._id;
      // No body, so no content type (Fastify refuses an empty JSON body).
      const created = await send(origin, {
        method: 'POST',
        path: `/api/orders/${orderId}/paypal`,
        headers: { authorization: headers.authorization },
      });
      if (created.status !== 200)
        throw new Error(`PayPal order not made: ${created.status} ${JSON.stringify(created.body)}`);
      const paypalId = created.body.id;
      const done = await send(standin.origin, {
        method: 'POST',
        path: `/__standin/orders/${encodeURIComponent(paypalId)}/complete`,
      });
      if (done.status !== 200) throw new Error(`stand-in did not complete ${paypalId}: ${done.status}`);
      prepared.push({ orderId, paypalId });
    }
  }
  await Promise.all(Array.from({ length: concurrency }, worker));
  return prepared;
}

/**
 * The payments as requests, each prepared order once: `make()` answers the next (autocannon's
 * setupRequest), `exhausted` counts the requests made after the last one (they repeat the last
 * payment, the cheap path), `left()` how many are still unpaid.
 */
export async function paymentRequests(prepared, jwtSecret) {
  const { headers } = await buyerOrder(jwtSecret);
  let next = 0;
  const queue = {
    exhausted: 0,
    left: () => Math.max(0, prepared.length - next),
    make: () => {
      const payment = prepared[Math.min(next, prepared.length - 1)];
      if (next >= prepared.length) queue.exhausted++;
      next++;
      return {
        method: 'PUT',
        path: `/api/orders/${payment.orderId}/pay`,
        headers,
        body: JSON.stringify({ id: payment.paypalId }),
      };
    },
  };
  return queue;
}
