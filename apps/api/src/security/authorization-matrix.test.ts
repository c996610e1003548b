/**
 * The authorization matrix: every API route of the running app against six roles, each cell
 * called for real (destructive actions on fresh resources) and its status compared with the
 * table. A route the app serves without a row here fails the test, so a new endpoint cannot
 * ship without someone deciding who may call it.
 */
import type { InjectOptions } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { listApiRoutes } from '#api/app.ts';
import { ledgerEntries, reports, sellers, siteSettings } from '#api/db/schema.ts';
import { ADDRESS, product, type Session } from '#api/modules/orders/order-test-kit.ts';
import { bookedOrder, payoutSeller } from '#api/modules/payouts/payout-test-kit.ts';
import { createUser, FIXTURE_PASSWORD } from '#api/test/fixtures.ts';
import { bearer } from '#api/test/sessions.ts';
import {
  completedPaypalPaymentFor,
  createSecurityTestApp,
  freshAddress,
  freshOrder,
  freshResetToken,
  multipart,
  ROLES,
  type Role,
  type SecurityTestApp,
  sessionOf,
  smallPng,
} from './security-kit';

let t: SecurityTestApp;
beforeAll(async () => {
  t = await createSecurityTestApp();
});
afterAll(() => t.close());

/** The request of one cell, without method and headers (those come from the row and the role). */
type Request = Omit<InjectOptions, 'method' | 'headers'> & { url: string; headers?: Record<string, string> };

interface Row {
  /** 'METHOD /path' exactly as the app registers it. */
  route: string;
  /** What the row checks, when a route has more than one row. */
  note?: string;
  /** Expected status for visitor, customer, other customer, owning seller, other seller, admin. */
  expected: readonly [number, number, number, number, number, number];
  /** Builds the request for a role; makes fresh resources when the action destroys them. */
  request: (who: Session | null, role: Role) => Promise<Request> | Request;
}

const ALL = (status: number) => [status, status, status, status, status, status] as const;
const ADMIN_ONLY = [401, 403, 403, 403, 403, 200] as const;
const SIGNED_IN = [401, 200, 200, 200, 200, 200] as const;

const productBody = {
  name: 'Ändrad produkt',
  price: 99.5,
  image: '',
  category: 'Test',
  brand: 'Märke',
  countInStock: 3,
  description: 'Beskrivning',
  shipping_price: 0,
  shipping_info: '',
};

/** A user who applied to become a seller and waits for a decision: answers their id. */
async function freshApplicant(): Promise<string> {
  const user = await createUser(t.database.db, { wantsToBeSeller: true });
  await t.database.db.insert(sellers).values({ userId: user.id, email: user.email, name: 'Ansökande butik' });
  return user.id;
}

const freshProduct = () => product(t, t.cast.owner.id, { countInStock: 10 });

/** An open report of a fresh product of the owning seller: answers its id. */
async function freshReport(): Promise<string> {
  const reported = await freshProduct();
  const [row] = await t.database.db
    .insert(reports)
    .values({
      productId: reported.id,
      productName: 'Anmäld produkt',
      sellerId: t.cast.owner.id,
      category: 'scam',
      text: 'Säljaren tar betalt men skickar inget.',
      reporterEmail: 'anmalare@example.se',
    })
    .returning({ id: reports.id });
  if (!row) throw new Error('no report');
  return row.id;
}
let stockedProductId = '';
const stockedProduct = async () => {
  if (!stockedProductId) stockedProductId = (await product(t, t.cast.owner.id, { countInStock: 10_000 })).id;
  return stockedProductId;
};
/** A fresh Swish order its seller has marked paid (through the API, so it is booked); answers its id. */
async function freshPaidOrder(): Promise<string> {
  const order = await freshOrder(t);
  const paid = await t.app.inject({
    method: 'PUT',
    url: `/api/orders/${order._id}/update`,
    headers: bearer(t.cast.owner.token),
    payload: { is_paid: true, paid_date: '2026-01-02', is_delivered: false },
  });
  if (paid.statusCode !== 200) throw new Error(`order not marked paid: ${paid.body}`);
  return order._id;
}
/**
 * A capture of a PayPal order cancelled before the buyer's pay call, whose refund PayPal refused:
 * it is booked and still due. Answers its capture id.
 */
async function unrefundedCapture(): Promise<string> {
  const order = await freshOrder(t, 'PayPal');
  const paypalId = await completedPaypalPaymentFor(t, order);
  const captureId = t.paypal.orders.get(paypalId)?.purchase_units[0]?.payments?.captures[0]?.id ?? '';
  const cancel = await t.app.inject({
    method: 'PUT',
    url: `/api/orders/${order._id}/cancel`,
    headers: bearer(t.cast.admin.token),
  });
  expect(cancel.statusCode).toBe(200);
  t.paypal.failRefunds({ status: 503 });
  try {
    const pay = await t.app.inject({
      method: 'PUT',
      url: `/api/orders/${order._id}/pay`,
      headers: bearer(t.cast.customer.token),
      payload: { id: paypalId },
    });
    expect(pay.statusCode).toBe(409);
  } finally {
    t.paypal.failRefunds(null);
  }
  return captureId;
}

let sharedOrderId = '';
const sharedOrder = async () => {
  if (!sharedOrderId) sharedOrderId = (await freshOrder(t))._id;
  return sharedOrderId;
};

const TABLE: Row[] = [
  { route: 'GET /api/health', expected: ALL(200), request: () => ({ url: '/api/health' }) },
  { route: 'GET /api/health/live', expected: ALL(200), request: () => ({ url: '/api/health/live' }) },
  { route: 'GET /api/health/ready', expected: ALL(200), request: () => ({ url: '/api/health/ready' }) },

  // The API's description (lib/openapi.ts): public, as the routes it describes are.
  { route: 'GET /api/openapi.json', expected: ALL(200), request: () => ({ url: '/api/openapi.json' }) },
  { route: 'GET /api/docs', expected: ALL(200), request: () => ({ url: '/api/docs' }) },
  { route: 'GET /api/docs/json', expected: ALL(200), request: () => ({ url: '/api/docs/json' }) },
  { route: 'GET /api/docs/yaml', expected: ALL(200), request: () => ({ url: '/api/docs/yaml' }) },
  // Swagger UI sends its page's old address to the page.
  {
    route: 'GET /api/docs/static/index.html',
    expected: ALL(302),
    request: () => ({ url: '/api/docs/static/index.html' }),
  },
  {
    route: 'GET /api/docs/static/swagger-initializer.js',
    expected: ALL(200),
    request: () => ({ url: '/api/docs/static/swagger-initializer.js' }),
  },
  {
    route: 'GET /api/docs/static/*',
    expected: ALL(200),
    request: () => ({ url: '/api/docs/static/swagger-ui.css' }),
  },

  // Catalogue: reading is public; writing is the owning seller's or an admin's.
  { route: 'GET /api/products', expected: ALL(200), request: () => ({ url: '/api/products' }) },
  { route: 'GET /api/products/categories', expected: ALL(200), request: () => ({ url: '/api/products/categories' }) },
  { route: 'GET /api/products/suggest', expected: ALL(200), request: () => ({ url: '/api/products/suggest?q=la' }) },
  { route: 'GET /api/products/facets', expected: ALL(200), request: () => ({ url: '/api/products/facets' }) },
  {
    route: 'GET /api/products/:id',
    expected: ALL(200),
    request: async () => ({ url: `/api/products/${await stockedProduct()}` }),
  },
  {
    route: 'GET /api/products',
    note: "the managing list, drafts included: the seller's own, an admin's",
    expected: [401, 403, 403, 200, 403, 200],
    request: () => ({ url: `/api/products?scope=manage&seller=${t.cast.owner.id}` }),
  },
  {
    route: 'GET /api/products',
    note: "the managing list's listed / draft filter: the seller's own, an admin's",
    expected: [401, 403, 403, 200, 403, 200],
    request: () => ({ url: `/api/products?scope=manage&state=draft&seller=${t.cast.owner.id}` }),
  },
  {
    route: 'GET /api/products/:id',
    note: 'a draft: its seller and admins; a 404 for everyone else',
    expected: [404, 404, 404, 200, 404, 200],
    request: async () => ({ url: `/api/products/${(await product(t, t.cast.owner.id, { isDraft: true })).id}` }),
  },
  {
    route: 'POST /api/products',
    note: 'sellers create; an admin who is no seller has no shop to create in',
    expected: [401, 403, 403, 201, 201, 403],
    request: () => ({ url: '/api/products' }),
  },
  {
    route: 'PUT /api/products/:id',
    expected: [401, 403, 403, 200, 403, 200],
    request: async () => ({ url: `/api/products/${(await freshProduct()).id}`, payload: productBody }),
  },
  {
    route: 'DELETE /api/products/:id',
    expected: [401, 403, 403, 200, 403, 200],
    request: async () => ({ url: `/api/products/${(await freshProduct()).id}` }),
  },
  {
    route: 'POST /api/products/:id/reviews',
    note: 'anyone signed in, except the product’s own seller',
    expected: [401, 201, 201, 403, 201, 201],
    request: async () => ({
      url: `/api/products/${(await freshProduct()).id}/reviews`,
      payload: { rating: 4, comment: 'Bra' },
    }),
  },

  // Seller directory: public.
  { route: 'GET /api/users/top-sellers', expected: ALL(200), request: () => ({ url: '/api/users/top-sellers' }) },
  {
    route: 'GET /api/users/domain_seller/:hostname',
    expected: ALL(200),
    request: () => ({ url: '/api/users/domain_seller/butik.example.se' }),
  },

  // Accounts.
  {
    route: 'POST /api/users/signin',
    expected: ALL(200),
    request: (who) => ({
      url: '/api/users/signin',
      payload: { email: who?.email ?? t.cast.customer.email, password: FIXTURE_PASSWORD },
    }),
  },
  {
    route: 'POST /api/users/register',
    expected: ALL(201),
    request: (_who, role) => ({
      url: '/api/users/register',
      payload: { name: 'Ny Användare', email: `ny-${role}-${Date.now()}@example.se`, password: 'ett-långt-lösen' },
    }),
  },
  {
    route: 'POST /api/users/forgot_password',
    expected: ALL(200),
    request: async () => ({
      url: '/api/users/forgot_password',
      payload: { email: (await createUser(t.database.db)).email },
    }),
  },
  {
    route: 'POST /api/users/reset_password',
    note: 'the mailed token is the credential, whoever sends it',
    expected: ALL(200),
    request: async () => {
      const { email, token } = await freshResetToken(t.database.db);
      return {
        url: '/api/users/reset_password',
        payload: { email, new_password: 'helt-nytt-lösen', reset_password_token: token },
      };
    },
  },
  {
    route: 'PUT /api/users/profile',
    note: 'one’s own profile',
    expected: SIGNED_IN,
    request: () => ({ url: '/api/users/profile', payload: {} }),
  },
  {
    route: 'PUT /api/users/profile',
    note: 'shop settings: one’s own shop, for sellers only',
    expected: [401, 403, 403, 200, 200, 403],
    request: () => ({ url: '/api/users/profile', payload: { seller_subtitle: 'Sedan 2021' } }),
  },
  {
    route: 'GET /api/users/me/export',
    note: 'always the caller’s own data',
    expected: SIGNED_IN,
    request: () => ({ url: '/api/users/me/export' }),
  },
  {
    route: 'DELETE /api/users/me',
    note: 'always the caller’s own account; a wrong password is refused and changes nothing',
    expected: [401, 400, 400, 400, 400, 400],
    request: () => ({ url: '/api/users/me', payload: { password: 'inte-rätt-lösenord' } }),
  },
  { route: 'GET /api/users', expected: ADMIN_ONLY, request: () => ({ url: '/api/users' }) },
  {
    route: 'GET /api/users/:id',
    note: 'a customer’s account: the customer and admins; to others it does not exist',
    expected: [404, 200, 404, 404, 404, 200],
    request: () => ({ url: `/api/users/${t.cast.customer.id}` }),
  },
  {
    route: 'GET /api/users/:id',
    note: 'a seller’s public storefront profile: everyone',
    expected: ALL(200),
    request: () => ({ url: `/api/users/${t.cast.owner.id}` }),
  },
  {
    route: 'GET /api/users',
    note: 'the search, role, shop-status and page parameters: admins only',
    expected: ADMIN_ONLY,
    request: () => ({ url: '/api/users/?search=a&role=customer&shop_status=closed&page=1' }),
  },
  {
    route: 'PUT /api/users/:id',
    expected: ADMIN_ONLY,
    request: async () => ({ url: `/api/users/${(await createUser(t.database.db)).id}`, payload: { is_seller: true } }),
  },
  {
    route: 'DELETE /api/users/:id',
    expected: ADMIN_ONLY,
    request: async () => ({ url: `/api/users/${(await createUser(t.database.db)).id}` }),
  },
  // A seller's payout account: only its seller reads (masked) or sets it; admins read it masked.
  {
    route: 'GET /api/users/payout-account',
    note: "the caller's own: each seller sees theirs, an admin who is no seller has none",
    expected: [401, 403, 403, 200, 200, 403],
    request: () => ({ url: '/api/users/payout-account' }),
  },
  {
    route: 'PUT /api/users/payout-account',
    note: "always the token's seller's account",
    expected: [401, 403, 403, 200, 200, 403],
    request: () => ({ url: '/api/users/payout-account', payload: { type: 'bankgiro', bankgiro: '5050-1055' } }),
  },
  {
    route: 'GET /api/users/:id/payout-account',
    note: "a seller's account, masked: admins only, not even its seller through this path",
    expected: ADMIN_ONLY,
    request: () => ({ url: `/api/users/${t.cast.owner.id}/payout-account` }),
  },
  {
    route: 'PUT /api/users/save_shipping_address',
    expected: SIGNED_IN,
    request: () => ({
      url: '/api/users/save_shipping_address',
      payload: {
        shipping_full_name: 'Eva Ek',
        shipping_address: 'Storgatan 1',
        shipping_postal_code: '903 25',
        shipping_city: 'Umeå',
        shipping_country: 'Sverige',
      },
    }),
  },

  // CSV: a seller's own products out and in; orders out for sellers (their own) and admins (all).
  {
    route: 'GET /api/products/mine.csv',
    expected: [401, 403, 403, 200, 200, 403],
    request: () => ({ url: '/api/products/mine.csv' }),
  },
  {
    route: 'POST /api/products/import',
    note: 'a dry run of one new product: each seller their own shop',
    expected: [401, 403, 403, 200, 200, 403],
    request: () => {
      const body = multipart(
        Buffer.from('product_number;name;price;count_in_stock\n;Ny;10;1\n'),
        'p.csv',
        'text/csv',
        'file',
      );
      return { url: '/api/products/import?dry_run=1', payload: body.payload, headers: body.headers };
    },
  },
  {
    route: 'GET /api/orders/export.csv',
    expected: [401, 403, 403, 200, 200, 200],
    request: () => ({ url: '/api/orders/export.csv?from=2026-01-01&to=2026-12-31' }),
  },

  // Favourites: one's own, for anyone signed in (the token's user, never another's).
  { route: 'GET /api/users/me/favourites', expected: SIGNED_IN, request: () => ({ url: '/api/users/me/favourites' }) },
  {
    route: 'GET /api/users/me/favourites/:productId',
    expected: SIGNED_IN,
    request: async () => ({ url: `/api/users/me/favourites/${await stockedProduct()}` }),
  },
  {
    route: 'PUT /api/users/me/favourites/:productId',
    expected: SIGNED_IN,
    request: async () => ({ url: `/api/users/me/favourites/${await stockedProduct()}` }),
  },
  {
    route: 'DELETE /api/users/me/favourites/:productId',
    expected: SIGNED_IN,
    request: async () => ({ url: `/api/users/me/favourites/${await stockedProduct()}` }),
  },

  // Orders: the buyer, the order's seller and admins; to anyone else an order does not exist.
  {
    route: 'POST /api/orders',
    note: 'anyone signed in buys, except from their own shop',
    expected: [401, 201, 201, 400, 201, 201],
    request: async () => ({
      url: '/api/orders',
      payload: {
        orderItems: [{ product: await stockedProduct(), qty: 1 }],
        shippingAddress: ADDRESS,
        paymentMethod: 'Swish',
      },
    }),
  },
  { route: 'GET /api/orders/mine', expected: SIGNED_IN, request: () => ({ url: '/api/orders/mine' }) },
  {
    route: 'GET /api/orders',
    note: 'incoming orders of one seller: that seller and admins',
    expected: [401, 403, 403, 200, 403, 200],
    request: () => ({ url: `/api/orders?seller=${t.cast.owner.id}` }),
  },
  {
    route: 'GET /api/orders',
    note: 'no seller given: each seller their own, admins all',
    expected: [401, 403, 403, 200, 200, 200],
    request: () => ({ url: '/api/orders' }),
  },
  {
    route: 'GET /api/orders',
    note: 'search, state and dates: admins only; sellers keep their plain list',
    expected: [401, 403, 403, 403, 403, 200],
    request: () => ({ url: '/api/orders?search=T-100001&state=paid&from=2026-01-01&to=2026-12-31&page=1' }),
  },
  {
    route: 'GET /api/orders',
    note: "a seller's own list with search: refused too",
    expected: [401, 403, 403, 403, 403, 200],
    request: () => ({ url: `/api/orders?seller=${t.cast.owner.id}&search=eva` }),
  },
  {
    route: 'GET /api/admin/overview',
    note: "the admin's overview of orders, sales and open work",
    expected: ADMIN_ONLY,
    request: () => ({ url: '/api/admin/overview' }),
  },
  {
    route: 'GET /api/orders/seller/overview',
    note: 'sellers only, always their own shop (the route takes no seller id)',
    expected: [401, 403, 403, 200, 200, 403],
    request: () => ({ url: '/api/orders/seller/overview' }),
  },
  {
    route: 'GET /api/orders/:id',
    expected: [401, 200, 404, 200, 404, 200],
    request: async () => ({ url: `/api/orders/${await sharedOrder()}` }),
  },
  {
    route: 'DELETE /api/orders/:id',
    expected: [401, 200, 404, 200, 404, 200],
    request: async () => ({ url: `/api/orders/${(await freshOrder(t))._id}` }),
  },
  {
    route: 'PUT /api/orders/:id/update',
    note: 'the seller’s paid and delivered flags: the seller and admins, not the buyer',
    expected: [401, 403, 404, 200, 404, 200],
    request: async () => ({
      url: `/api/orders/${(await freshOrder(t))._id}/update`,
      payload: { is_paid: true, paid_date: '2026-01-02', is_delivered: false },
    }),
  },
  {
    route: 'PUT /api/orders/:id/ship',
    note: 'the carrier and tracking number: the seller and admins, not the buyer',
    expected: [401, 403, 404, 200, 404, 200],
    request: async () => ({
      url: `/api/orders/${(await freshOrder(t))._id}/ship`,
      payload: { carrier: 'PostNord', tracking_number: 'AB123456789SE' },
    }),
  },
  {
    route: 'POST /api/orders/:id/refunds',
    note: 'a paid Swish order refunded in part: its seller and admins, not the buyer',
    expected: [401, 403, 404, 201, 404, 201],
    request: async () => ({ url: `/api/orders/${await freshPaidOrder()}/refunds`, payload: { amount: 10 } }),
  },
  {
    route: 'GET /api/orders/:id/messages',
    note: "the order's thread: its buyer, its seller and admins; nobody else finds the order",
    expected: [401, 200, 404, 200, 404, 200],
    request: async () => ({ url: `/api/orders/${await sharedOrder()}/messages` }),
  },
  {
    route: 'POST /api/orders/:id/messages',
    expected: [401, 201, 404, 201, 404, 201],
    request: async () => ({
      url: `/api/orders/${await sharedOrder()}/messages`,
      payload: { text: 'Hej! När skickas ordern?' },
    }),
  },
  {
    route: 'GET /api/orders/withdrawals',
    note: 'returns: each seller the withdrawals on their own orders, admins every one',
    expected: [401, 403, 403, 200, 200, 200],
    request: () => ({ url: '/api/orders/withdrawals' }),
  },
  {
    route: 'POST /api/orders/:id/withdrawals',
    note: 'only the buyer withdraws; nobody else finds the order',
    expected: [401, 201, 404, 403, 404, 403],
    request: async () => {
      const order = await freshOrder(t);
      return {
        url: `/api/orders/${order._id}/withdrawals`,
        payload: { lines: [{ product: order.orderItems[0]?.product, qty: 1 }] },
      };
    },
  },
  {
    route: 'PUT /api/orders/:id/withdrawals/:wid',
    note: "the decision: the order's seller and admins, not the buyer",
    expected: [401, 403, 404, 200, 404, 200],
    request: async () => {
      const order = await freshOrder(t);
      const made = await t.app.inject({
        method: 'POST',
        url: `/api/orders/${order._id}/withdrawals`,
        headers: bearer(t.cast.customer.token),
        payload: { lines: [{ product: order.orderItems[0]?.product, qty: 1 }] },
      });
      const wid = (made.json() as { withdrawal: { _id: string } }).withdrawal._id;
      return { url: `/api/orders/${order._id}/withdrawals/${wid}`, payload: { accepted: false } };
    },
  },
  {
    route: 'PUT /api/orders/:id/cancel',
    note: 'an unpaid PayPal order: its seller and admins cancel it, not the buyer',
    expected: [401, 403, 404, 200, 404, 200],
    request: async () => ({ url: `/api/orders/${(await freshOrder(t, 'PayPal'))._id}/cancel` }),
  },
  {
    route: 'POST /api/orders/:id/paypal',
    note: 'only the buyer pays',
    expected: [401, 200, 404, 403, 404, 403],
    request: async () => ({ url: `/api/orders/${(await freshOrder(t, 'PayPal'))._id}/paypal` }),
  },
  {
    route: 'PUT /api/orders/:id/pay',
    note: 'only the buyer pays, with a payment PayPal confirms',
    expected: [401, 200, 404, 403, 404, 403],
    request: async () => {
      const order = await freshOrder(t, 'PayPal');
      return { url: `/api/orders/${order._id}/pay`, payload: { id: await completedPaypalPaymentFor(t, order) } };
    },
  },
  {
    route: 'PUT /api/orders/:id/pay/',
    expected: [401, 200, 404, 403, 404, 403],
    request: async () => {
      const order = await freshOrder(t, 'PayPal');
      return { url: `/api/orders/${order._id}/pay/`, payload: { id: await completedPaypalPaymentFor(t, order) } };
    },
  },

  // PayPal captures and their refunds: admins only.
  {
    route: 'GET /api/payments/captures',
    expected: ADMIN_ONLY,
    request: () => ({ url: '/api/payments/captures?state=unrefunded' }),
  },
  {
    route: 'POST /api/payments/captures/:captureId/refund',
    note: 'a refund PayPal refused the first time, retried',
    expected: ADMIN_ONLY,
    request: async () => ({ url: `/api/payments/captures/${await unrefundedCapture()}/refund` }),
  },

  // The ledger: a seller reads their own statement; balances, entries, corrections and fees are
  // the admin's.
  {
    route: 'GET /api/ledger/mine',
    note: 'a seller’s own statement; the answer holds only the caller’s entries',
    expected: [401, 403, 403, 200, 200, 403],
    request: () => ({ url: '/api/ledger/mine' }),
  },
  {
    route: 'GET /api/ledger/mine/statement.csv',
    note: 'a seller’s own monthly statement as CSV',
    expected: [401, 403, 403, 200, 200, 403],
    request: () => ({ url: '/api/ledger/mine/statement.csv?month=2026-03' }),
  },
  { route: 'GET /api/ledger/sellers', expected: ADMIN_ONLY, request: () => ({ url: '/api/ledger/sellers' }) },
  { route: 'GET /api/ledger/earnings', expected: ADMIN_ONLY, request: () => ({ url: '/api/ledger/earnings' }) },
  {
    route: 'GET /api/ledger/payment-requests',
    expected: ADMIN_ONLY,
    request: () => ({ url: '/api/ledger/payment-requests' }),
  },
  {
    route: 'POST /api/ledger/payment-requests',
    expected: [401, 403, 403, 403, 403, 201],
    request: async () => ({ url: '/api/ledger/payment-requests', payload: { seller: await owingSeller() } }),
  },
  {
    route: 'PUT /api/ledger/payment-requests/:id/received',
    expected: ADMIN_ONLY,
    request: async () => ({ url: `/api/ledger/payment-requests/${await paymentRequest()}/received` }),
  },
  {
    route: 'GET /api/ledger',
    expected: ADMIN_ONLY,
    request: () => ({ url: `/api/ledger?seller=${t.cast.owner.id}` }),
  },
  {
    route: 'POST /api/ledger/corrections',
    expected: [401, 403, 403, 403, 403, 201],
    request: () => ({
      url: '/api/ledger/corrections',
      payload: { seller: t.cast.owner.id, amount: 1, note: 'Behörighetstest' },
    }),
  },
  { route: 'GET /api/fees', expected: ADMIN_ONLY, request: () => ({ url: '/api/fees' }) },
  {
    route: 'PUT /api/fees',
    expected: ADMIN_ONLY,
    request: () => ({ url: '/api/fees', payload: { plans: { '1': { commission_percent: 10 } } } }),
  },

  // Seller applications: the queue and its decisions are the admin's; anyone signed in reads
  // the state of their own application. Each decision is on a fresh pending applicant.
  {
    route: 'GET /api/seller-applications',
    expected: ADMIN_ONLY,
    request: () => ({ url: '/api/seller-applications' }),
  },
  {
    route: 'PUT /api/seller-applications/:userId',
    expected: ADMIN_ONLY,
    request: async () => ({
      url: `/api/seller-applications/${await freshApplicant()}`,
      payload: { approved: false, reason: 'Organisationsnumret stämmer inte.' },
    }),
  },
  {
    route: 'GET /api/seller-applications/mine',
    note: "always the caller's own application",
    expected: SIGNED_IN,
    request: () => ({ url: '/api/seller-applications/mine' }),
  },

  // Payout batches are the admin's only; each call that makes or sends one has a payable seller
  // or a batch of its own.
  { route: 'GET /api/payouts', expected: ADMIN_ONLY, request: () => ({ url: '/api/payouts' }) },
  {
    route: 'POST /api/payouts',
    expected: [401, 403, 403, 403, 403, 201],
    request: async (_who, role) => {
      if (role === 'admin') await payableSeller();
      return { url: '/api/payouts' };
    },
  },
  {
    route: 'GET /api/payouts/:id',
    expected: ADMIN_ONLY,
    request: async () => ({ url: `/api/payouts/${await payoutBatch()}` }),
  },
  {
    route: 'GET /api/payouts/:id/file',
    expected: ADMIN_ONLY,
    request: async () => ({ url: `/api/payouts/${await payoutBatch()}/file` }),
  },
  {
    route: 'PUT /api/payouts/:id/sent',
    expected: ADMIN_ONLY,
    request: async (_who, role) => ({ url: `/api/payouts/${await payoutBatch(role === 'admin')}/sent` }),
  },
  // Reports of listings: anyone files one (a visitor with an e-mail); the queue and its
  // decisions are the admin's; a removed product's statement of reasons is its seller's and the
  // admins' (404 for anyone else, as a product they may not see).
  {
    route: 'POST /api/reports',
    expected: ALL(201),
    request: async () => ({
      url: '/api/reports',
      payload: {
        product: await stockedProduct(),
        category: 'counterfeit',
        text: 'Det här ser ut som en förfalskning.',
        email: 'besokare@example.se',
      },
    }),
  },
  { route: 'GET /api/reports', expected: ADMIN_ONLY, request: () => ({ url: '/api/reports?status=open' }) },
  {
    route: 'PUT /api/reports/:id',
    expected: ADMIN_ONLY,
    request: async () => ({
      url: `/api/reports/${await freshReport()}`,
      payload: { decision: 'keep', reason: 'Inget som bryter mot reglerna.' },
    }),
  },
  {
    route: 'GET /api/products/:id/removal',
    expected: [401, 404, 404, 200, 404, 200],
    request: async () => ({ url: `/api/products/${await stockedProduct()}/removal` }),
  },
  // The DAC7 report holds personal identity numbers and whole payout accounts: admins only.
  { route: 'GET /api/reports/dac7', expected: ADMIN_ONLY, request: () => ({ url: '/api/reports/dac7?year=2025' }) },

  // Public configuration and site texts; the texts are written by admins.
  { route: 'GET /api/config/paypal', expected: ALL(200), request: () => ({ url: '/api/config/paypal' }) },
  { route: 'GET /api/config/google', expected: ALL(200), request: () => ({ url: '/api/config/google' }) },
  { route: 'GET /api/settings', expected: ALL(200), request: () => ({ url: '/api/settings' }) },
  {
    route: 'PUT /api/settings',
    expected: ADMIN_ONLY,
    request: () => ({ url: '/api/settings', payload: { about_text: '<p>Om oss</p>' } }),
  },

  // Uploads: sellers (and applicants) and admins; customers have nothing to upload.
  {
    route: 'POST /api/uploads',
    expected: [401, 403, 403, 200, 200, 200],
    request: async () => {
      const body = multipart(await smallPng(), 'bild.png', 'image/png');
      return { url: '/api/uploads', payload: body.payload, headers: body.headers };
    },
  },
];

/** A seller with released money (1 000 kr delivered 20 days ago) and a payout account out of its hold. */
async function payableSeller(): Promise<void> {
  const seller = await payoutSeller(t.database.db, 'Utbetalningsbutiken');
  await bookedOrder(t.database.db, seller.id, 100_000, 20);
}

/** A fresh seller who owes the marketplace 50 kr, with the marketplace's Swish number set. */
async function owingSeller(): Promise<string> {
  await t.database.db
    .insert(siteSettings)
    .values({ id: 1, swishNumber: '1234567890' })
    .onConflictDoUpdate({ target: siteSettings.id, set: { swishNumber: '1234567890' } });
  const seller = await payoutSeller(t.database.db, 'Skuldbutiken');
  await t.database.db.insert(ledgerEntries).values({
    sellerId: seller.id,
    amountOre: -5_000,
    kind: 'correction',
    note: 'Behörighetstest',
    bookingKey: `correction:matrix:${seller.id}`,
  });
  return seller.id;
}

/** An open payment request of a fresh seller who owes. */
async function paymentRequest(): Promise<string> {
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/ledger/payment-requests',
    headers: bearer(t.cast.admin.token),
    payload: { seller: await owingSeller() },
  });
  if (res.statusCode !== 201) throw new Error(`payment request not made: ${res.body}`);
  return (res.json() as { _id: string })._id;
}

let sharedBatch: string | null = null;

/** A payout batch not sent: one shared by the reading calls, or a fresh one to mark sent. */
async function payoutBatch(fresh = false): Promise<string> {
  if (!fresh && sharedBatch !== null) return sharedBatch;
  await payableSeller();
  const res = await t.app.inject({ method: 'POST', url: '/api/payouts', headers: bearer(t.cast.admin.token) });
  if (res.statusCode !== 201) throw new Error(`payout batch not made: ${res.body}`);
  const id = (res.json() as { _id: string })._id;
  if (!fresh) sharedBatch = id;
  return id;
}

const methodOf = (route: string) => route.split(' ')[0] as InjectOptions['method'];

async function callCell(row: Row, role: Role): Promise<number> {
  const who = sessionOf(t.cast, role);
  const { headers, ...request } = await row.request(who, role);
  const res = await t.app.inject({
    ...request,
    method: methodOf(row.route),
    remoteAddress: freshAddress(),
    headers: { ...headers, ...(who ? bearer(who.token) : {}) },
  });
  return res.statusCode;
}

describe(`authorization matrix: ${TABLE.length} rows × ${ROLES.length} roles`, () => {
  it('has a row for every API route the app serves, and no row for a route it does not', () => {
    const served = new Set(listApiRoutes(t.app).map((r) => `${r.method} ${r.url}`));
    const covered = new Set(TABLE.map((row) => row.route));
    expect(
      [...served].filter((route) => !covered.has(route)),
      'routes without a row',
    ).toEqual([]);
    expect(
      [...covered].filter((route) => !served.has(route)),
      'rows of routes not served',
    ).toEqual([]);
    console.log(
      `authorization matrix: ${served.size} routes × ${ROLES.length} roles = ${served.size * ROLES.length} cells ` +
        `(${TABLE.length} rows, ${TABLE.length * ROLES.length} calls)`,
    );
  });

  for (const row of TABLE) {
    it(`${row.route}${row.note ? ` (${row.note})` : ''}`, async () => {
      const actual: Record<string, number> = {};
      const expected: Record<string, number> = {};
      for (const [i, role] of ROLES.entries()) {
        actual[role] = await callCell(row, role);
        expected[role] = row.expected[i] ?? 0;
      }
      expect(actual).toEqual(expected);
    });
  }
});
