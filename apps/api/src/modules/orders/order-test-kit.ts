/** Shared set-up of the order tests: sessions, shops and placing orders through the API. */
import type { Order } from '@torget/shared/api-types.generated';
import { count, eq } from 'drizzle-orm';
import { orderItems, orders, products } from '#api/db/schema.ts';
import { createProduct, createSeller, createUser } from '#api/test/fixtures.ts';
import { bearer, signInAs } from '#api/test/sessions.ts';
import type { TestApp } from '#api/test/test-app.ts';

export interface Session {
  id: string;
  token: string;
  email: string;
}

export const ADDRESS = {
  fullName: 'Eva Ek',
  address: 'Storgatan 1',
  city: 'Umeå',
  postalCode: '903 25',
  country: 'Sverige',
};

export async function sessionOf(t: TestApp, email: string): Promise<Session> {
  const signedIn = await signInAs(t.app, email);
  return { id: signedIn._id, token: signedIn.token, email };
}

export async function customer(t: TestApp, name = 'Kim Köpare', isAdmin = false): Promise<Session> {
  const user = await createUser(t.database.db, { name, isAdmin });
  return sessionOf(t, user.email);
}

export interface ShopOptions {
  name?: string;
  paypal?: boolean;
  swishNumber?: string;
}

/** A signed-in seller with the payment methods asked for (both by default). */
export async function shop(t: TestApp, options: ShopOptions = {}): Promise<Session> {
  const swishNumber = options.swishNumber ?? '1231234567';
  const { user } = await createSeller(t.database.db, {
    seller: {
      name: options.name ?? 'Annas Ateljé',
      hasPaypal: options.paypal ?? true,
      hasSwish: swishNumber !== '',
      swishNumber,
    },
  });
  return sessionOf(t, user.email);
}

export function product(t: TestApp, sellerId: string, values: Parameters<typeof createProduct>[2] = {}) {
  return createProduct(t.database.db, sellerId, values);
}

export function postOrder(t: TestApp, token: string | null, payload: object) {
  return t.app.inject({
    method: 'POST',
    url: '/api/orders',
    headers: token ? bearer(token) : {},
    payload,
  });
}

/** Places an order through the API and answers it; fails the test when refused. */
export async function placeOrder(
  t: TestApp,
  buyer: Session,
  lines: { product: string; qty: number }[],
  paymentMethod: 'PayPal' | 'Swish' = 'Swish',
): Promise<Order> {
  const res = await postOrder(t, buyer.token, { orderItems: lines, shippingAddress: ADDRESS, paymentMethod });
  if (res.statusCode !== 201) throw new Error(`order refused: ${res.statusCode} ${res.body}`);
  return (res.json() as { order: Order }).order;
}

export async function stockOf(t: TestApp, productId: string): Promise<number | undefined> {
  const [row] = await t.database.db
    .select({ n: products.countInStock })
    .from(products)
    .where(eq(products.id, productId));
  return row?.n;
}

/** Rows in orders and order_items, to show a refusal wrote nothing. */
export async function orderRowCounts(t: TestApp): Promise<{ orders: number; items: number }> {
  const [o] = await t.database.db.select({ n: count() }).from(orders);
  const [i] = await t.database.db.select({ n: count() }).from(orderItems);
  return { orders: Number(o?.n ?? 0), items: Number(i?.n ?? 0) };
}

/** Lets mails sent in the background arrive. */
export const settle = () => new Promise((resolve) => setTimeout(resolve, 20));
