/**
 * Shared set-up of the security tests: a test app wired to the PayPal stand-in, the six roles
 * of the authorization matrix, a dump of every table, and a multipart builder for uploads.
 */
import { createHash, randomBytes } from 'node:crypto';
import type { Order } from '@torget/shared/api-types.generated';
import { eq, sql } from 'drizzle-orm';
import sharp from 'sharp';
import { type Db, queryRows } from '#api/db/client.ts';
import { orders, passwordResetTokens } from '#api/db/schema.ts';
import { customer, placeOrder, product, type Session, shop } from '#api/modules/orders/order-test-kit.ts';
import { oreToPaypalValue } from '#api/modules/payments/paypal-client.ts';
import { createUser } from '#api/test/fixtures.ts';
import { type PaypalStandin, startPaypalStandin } from '#api/test/paypal-standin.ts';
import { createTestApp, type TestApp } from '#api/test/test-app.ts';

export const ROLES = ['visitor', 'customer', 'otherCustomer', 'owner', 'otherSeller', 'admin'] as const;
export type Role = (typeof ROLES)[number];

/**
 * The people of the tests. `customer` buys from `owner` (the seller owning the products and
 * orders under test); `otherCustomer` and `otherSeller` have no part in them; `admin` is an
 * admin who is neither seller nor buyer of the resource.
 */
export interface Cast {
  customer: Session;
  otherCustomer: Session;
  owner: Session;
  otherSeller: Session;
  admin: Session;
}

export interface SecurityTestApp extends TestApp {
  paypal: PaypalStandin;
  cast: Cast;
}

export async function createSecurityTestApp(): Promise<SecurityTestApp> {
  const paypal = await startPaypalStandin();
  const t = await createTestApp({
    paypal: { clientId: paypal.clientId, clientSecret: paypal.clientSecret, apiBase: paypal.apiBase },
  });
  const cast: Cast = {
    customer: await customer(t, 'Kim Köpare'),
    otherCustomer: await customer(t, 'Lo Larsson'),
    owner: await shop(t, { name: 'Annas Ateljé' }),
    otherSeller: await shop(t, { name: 'Bosses Bod' }),
    admin: await customer(t, 'Admin Adminsson', true),
  };
  return {
    ...t,
    paypal,
    cast,
    async close() {
      await t.close();
      await paypal.close();
    },
  };
}

/** The session of a role; the visitor has none. */
export const sessionOf = (cast: Cast, role: Role): Session | null => (role === 'visitor' ? null : cast[role]);

/** A fresh order of one new product of the owner, placed by the customer through the API. */
export async function freshOrder(t: SecurityTestApp, method: 'PayPal' | 'Swish' = 'Swish'): Promise<Order> {
  const p = await product(t, t.cast.owner.id, { countInStock: 10, priceOre: 12_500, shippingPriceOre: 2_900 });
  return placeOrder(t, t.cast.customer, [{ product: p.id, qty: 2 }], method);
}

/** A PayPal payment at the stand-in that pays `order` exactly; answers the PayPal order id. */
export async function completedPaypalPaymentFor(t: SecurityTestApp, order: Order): Promise<string> {
  const [row] = await t.database.db
    .select({ total: orders.totalPriceOre })
    .from(orders)
    .where(eq(orders.id, order._id));
  const paid = t.paypal.createCompletedOrder({
    customId: order._id,
    amount: { currency_code: 'SEK', value: oreToPaypalValue(row?.total ?? 0) },
  });
  return paid.id;
}

/** A password-reset token for a new user, written as the forgot-password step writes it. */
export async function freshResetToken(db: Db): Promise<{ email: string; token: string }> {
  const user = await createUser(db);
  const token = randomBytes(32).toString('base64url');
  await db.insert(passwordResetTokens).values({
    userId: user.id,
    tokenHash: createHash('sha256').update(token).digest('hex'),
    expiresAt: new Date(Date.now() + 60 * 60 * 1000),
  });
  return { email: user.email, token };
}

let addressCounter = 0;
/** A client address of its own for each request, so rate limits bite only where a test wants. */
export function freshAddress(): string {
  addressCounter++;
  return `10.77.${Math.floor(addressCounter / 250) % 250}.${addressCounter % 250}`;
}

/**
 * A function that answers every row of every table of the public schema, ordered by primary
 * key, as one JSON text: equal texts mean the database did not change.
 */
export async function tableDumper(db: Db): Promise<() => Promise<string>> {
  const keys = await queryRows<{ table_name: string; column_name: string }>(
    db,
    sql`select k.table_name, k.column_name
        from information_schema.table_constraints c
        join information_schema.key_column_usage k
          on k.constraint_name = c.constraint_name and k.table_schema = c.table_schema
        where c.constraint_type = 'PRIMARY KEY' and c.table_schema = 'public'
        order by k.table_name, k.ordinal_position`,
  );
  const byTable = new Map<string, string[]>();
  for (const { table_name, column_name } of keys) {
    byTable.set(table_name, [...(byTable.get(table_name) ?? []), `"${column_name}"`]);
  }
  if (byTable.size === 0) throw new Error('no tables found to dump');
  const parts = [...byTable].map(
    ([table, columns]) =>
      `'${table}', (select coalesce(json_agg(t order by ${columns.join(', ')}), '[]'::json) from "${table}" t)`,
  );
  const statement = sql.raw(`select json_build_object(${parts.join(', ')})::text as dump`);
  return async () => {
    const [row] = await queryRows<{ dump: string }>(db, statement);
    return row?.dump ?? '';
  };
}

/** A stack trace or an internal detail that must never reach a client. */
export const LEAK_PATTERN =
  /\bat [\w.<>]+ \(|node_modules|\.ts:\d+|\.js:\d+|DrizzleQueryError|Failed query|syntax error at/;

export const smallPng = () =>
  sharp({ create: { width: 8, height: 8, channels: 3, background: '#3a7' } })
    .png()
    .toBuffer();

export { multipart } from '#api/test/uploads.ts';
