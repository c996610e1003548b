/**
 * The admin's user and order lists never read the users or orders table through (migration
 * 0039). The plans are of the very statements the lists send (userListStatements,
 * orderListStatements over incomingOrdersWhere), on 10 000 users and 10 000 orders generated in
 * SQL, the tables analysed as autovacuum would.
 *
 * Two checks, because at 10 000 rows the planner may rightly prefer reading a small table
 * through to walking an index, where at 100 000 it would not (bench/ measures that size):
 * - with `enable_seqscan = off`, which leaves a sequential scan only where no index can serve,
 *   no statement of any list, filter or search reads users or orders through: an index exists
 *   for every one;
 * - as the planner chooses by itself, a search reads the trigram indexes and a rare filter its
 *   own index, since those are far cheaper than any scan already at this size.
 */
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Db } from '#api/db/client.ts';
import { queryRows, transaction } from '#api/db/client.ts';
import type { AuthUser } from '#api/lib/auth.ts';
import { pageRequest } from '#api/lib/paging.ts';
import { incomingOrdersWhere, type OrderFinder, orderListStatements } from '#api/modules/orders/orders.service.ts';
import { type UserListFilters, userListStatements } from '#api/modules/users/users.service.ts';
import { createSeller, createUser } from '#api/test/fixtures.ts';
import { createTestApp, type TestApp } from '#api/test/test-app.ts';

const ROWS = 10_000;

let t: TestApp;
let admin: AuthUser;

beforeAll(async () => {
  t = await createTestApp();
  const db = t.database.db;
  const adminRow = await createUser(db, { name: 'Admin Adminsson', isAdmin: true });
  admin = { ...adminRow, isAdmin: true } as unknown as AuthUser;
  const { user: seller } = await createSeller(db);
  // One in 50 applies, one in 100 sells, one in 1 000 is an admin: as few as on a real market.
  await db.execute(sql`
    insert into users (name, email, password_hash, is_admin, is_seller, wants_to_be_seller, created_at)
    select (array['Anna','Bo','Cecilia','David','Eva','Fredrik','Greta','Hugo'])[1 + i % 8] || ' '
             || 'Kund' || left(md5(i::text), 6),
           'kund' || i || '@exempel.se', 'x', i % 1000 = 0, i % 100 = 0, i % 50 = 0,
           now() - (i || ' minutes')::interval
      from generate_series(1, ${ROWS}) as i`);
  await db.execute(sql`
    insert into orders (user_id, seller_id, buyer_name, seller_name, shipping_full_name, shipping_address,
                        shipping_city, shipping_postal_code, shipping_country, payment_method,
                        items_price_ore, shipping_price_ore, total_price_ore, is_paid, is_delivered,
                        shipping_carrier, shipped_at, cancelled_at, cancel_reason, created_at)
    select u.id, ${seller.id}::uuid, u.name, 'Butik ' || (i % 40), u.name, 'Storgatan 1', 'Umeå', '903 25',
           'Sverige', case when i % 10 = 0 then 'PayPal' else 'Swish' end, 10000, 0, 10000,
           i % 10 >= 3, i % 10 >= 6,
           case when i % 10 = 5 then 'PostNord' end, case when i % 10 = 5 then now() end,
           case when i % 10 = 0 then now() end, case when i % 10 = 0 then 'expired' end,
           now() - (i || ' minutes')::interval
      from generate_series(1, ${ROWS}) as i
      join (select id, name, row_number() over (order by email) as n from users) u on u.n = 1 + i % ${ROWS}`);
  await db.execute(sql`vacuum analyze users`);
  await db.execute(sql`vacuum analyze orders`);
}, 120_000);
afterAll(() => t.close());

async function planOf(db: Db, statement: Parameters<typeof sql>[1]): Promise<string> {
  const rows = await queryRows<{ 'QUERY PLAN': string }>(db, sql`explain ${statement}`);
  return rows.map((r) => r['QUERY PLAN']).join('\n');
}

/** The plans of both statements (count and page) of a user list. */
const userPlans = (db: Db, filters: UserListFilters, page = 1) => {
  const statements = userListStatements(db, pageRequest(page), filters);
  return Promise.all([planOf(db, statements.count), planOf(db, statements.page)]);
};

/** The plans of both statements of the admin's order list. */
const orderPlans = (db: Db, find: OrderFinder, page = 1) => {
  const statements = orderListStatements(db, incomingOrdersWhere(admin, undefined, undefined, find), pageRequest(page));
  return Promise.all([planOf(db, statements.count), planOf(db, statements.page)]);
};

const USER_LISTS: UserListFilters[] = [
  {},
  { search: 'kund42@exempel.se' },
  { search: '@exempel.se' },
  { search: 'cecilia' },
  { search: 'eva kund' },
  { role: 'admin' },
  { role: 'seller' },
  { role: 'customer' },
  { shopStatus: 'applied' },
  { shopStatus: 'open' },
  { shopStatus: 'closed' },
  { shop: 'waiting' },
  { search: 'anna', role: 'customer' },
];

const ORDER_LISTS: OrderFinder[] = [
  {},
  { search: 'T-100042' },
  { search: '100042' },
  { search: 'kund42@exempel.se' },
  { search: 'butik 7' },
  { search: 'greta' },
  { state: 'unpaid' },
  { state: 'paid' },
  { state: 'shipped' },
  { state: 'delivered' },
  { state: 'cancelled' },
  { from: '2026-01-01', to: '2026-12-31' },
  { state: 'paid', search: 'anna', from: '2020-01-01' },
];

describe('the admin lists on 10 000 users and orders', () => {
  it('have an index for every list, filter and search: none reads users or orders through', async () => {
    await transaction(t.database.db, async (tx) => {
      // For this transaction only: a sequential scan is then chosen only where nothing else can serve.
      await tx.execute(sql`set local enable_seqscan = off`);
      for (const filters of USER_LISTS) {
        for (const plan of await userPlans(tx, filters, 3)) {
          expect(plan, JSON.stringify(filters)).not.toMatch(/Seq Scan on (users|orders)/);
        }
      }
      for (const find of ORDER_LISTS) {
        for (const plan of await orderPlans(tx, find, 3)) {
          expect(plan, JSON.stringify(find)).not.toMatch(/Seq Scan on (users|orders)/);
        }
      }
    });
  });

  it('search through the trigram indexes, and a rare filter through its own index', async () => {
    const db = t.database.db;
    // md5('42') begins 'a1d0c6': one name in 10 000. (A word in one name in eight, such as a first
    // name, is rightly read by walking the newest first until the page is full.)
    for (const plan of await userPlans(db, { search: 'a1d0c6' })) {
      expect(plan).toMatch(/users_search_trgm_idx/);
      expect(plan).not.toMatch(/Seq Scan/);
    }
    // An e-mail typed from its start: a range of the e-mail index, not every account's domain trigrams.
    for (const plan of await userPlans(db, { search: 'kund42@exempel.se' })) {
      expect(plan).toMatch(/users_email_prefix_idx/);
      expect(plan).not.toMatch(/Seq Scan|trgm/);
    }
    for (const plan of await userPlans(db, { role: 'admin' })) {
      expect(plan).toMatch(/users_admins_created_idx/);
    }
    for (const plan of await userPlans(db, { shopStatus: 'applied' })) {
      expect(plan).toMatch(/users_applicants_created_idx/);
    }
    for (const plan of await orderPlans(db, { search: 'a1d0c6' })) {
      expect(plan).toMatch(/users_search_trgm_idx/);
      expect(plan).toMatch(/orders_search_trgm_idx/);
      expect(plan).not.toMatch(/Seq Scan on (users|orders)/);
    }
    for (const plan of await orderPlans(db, { search: 'kund42@exempel.se' })) {
      expect(plan).toMatch(/users_email_prefix_idx/);
      expect(plan).toMatch(/orders_user_created_idx/);
      expect(plan).not.toMatch(/Seq Scan on (users|orders)/);
    }
    for (const plan of await orderPlans(db, { search: 'T-100042' })) {
      expect(plan).toMatch(/orders_number_idx/);
    }
    for (const plan of await orderPlans(db, { state: 'shipped' })) {
      expect(plan).toMatch(/orders_state_created_idx/);
      expect(plan).not.toMatch(/Seq Scan/);
    }
  });
});
