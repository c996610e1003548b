/**
 * The admin's product list over every product (GET /api/products?scope=manage, docs/decisions/297):
 * its count without a name or seller is the database's kept count per state and category, exact
 * after every kind of change; its name search finds the products of every state (listed from the
 * catalogue's trigram index, the rest from their own), with an exact count. Runs on PGlite and,
 * with TEST_DATABASE_URL, on PostgreSQL.
 */
import type { ProductListResponse } from '@torget/shared/api-types.generated';
import { MANAGED_PRODUCT_STATES } from '@torget/shared/rules/admin-lists';
import { eq, inArray, type SQL, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows } from '#api/db/client.ts';
import { products, users } from '#api/db/schema.ts';
import { createProduct, createSeller, createUser } from '#api/test/fixtures.ts';
import { bearer, signInAs } from '#api/test/sessions.ts';
import { createTestApp, type TestApp } from '#api/test/test-app.ts';

let t: TestApp;
let adminToken: string;
let anna: string;
let bo: string;

beforeAll(async () => {
  t = await createTestApp();
  const db = t.database.db;
  await createUser(db, { email: 'admin@example.se', isAdmin: true });
  adminToken = (await signInAs(t.app, 'admin@example.se')).token;
  anna = (await createSeller(db, { user: { email: 'anna@example.se' } })).user.id;
  bo = (await createSeller(db, { user: { email: 'bo@example.se' } })).user.id;
  // Every state, in two categories: listed, draft, hidden, removed, and a closed shop's below.
  for (const category of ['Hem', 'Kläder']) {
    await createProduct(db, anna, { name: `Ullmössa ${category}`, category });
    await createProduct(db, anna, { name: `Ullmössa utkast ${category}`, category, isDraft: true });
    await createProduct(db, anna, { name: `Ullmössa dold ${category}`, category, hidden: true });
    await createProduct(db, bo, { name: `Ullmössa borttagen ${category}`, category, removed: true });
    await createProduct(db, bo, { name: `Lampa ${category}`, category });
  }
});
afterAll(() => t.close());

async function list(query: string): Promise<ProductListResponse> {
  const res = await t.app.inject({
    method: 'GET',
    url: `/api/products?scope=manage${query}`,
    headers: bearer(adminToken),
  });
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as ProductListResponse;
}

/** Each state's condition, as the list's filter reads it. */
const STATE_WHERE: Record<(typeof MANAGED_PRODUCT_STATES)[number], SQL> = {
  listed: sql`seller_active and not is_draft`,
  draft: sql`is_draft and not removed`,
  hidden: sql`hidden and not is_draft and not removed`,
  removed: sql`removed`,
};

/** The products of a state and category, counted from the products themselves. */
async function counted(state: (typeof MANAGED_PRODUCT_STATES)[number] | undefined, category?: string) {
  const [row] = await queryRows<{ n: number }>(
    t.database.db,
    sql`select count(*)::int as n from products
        where ${state ? STATE_WHERE[state] : sql`true`} and ${category ? sql`category = ${category}` : sql`true`}`,
  );
  return row?.n ?? -1;
}

/** Every state and category's answer: its count is the products' own, and its pages follow it. */
async function expectCountsExact(): Promise<void> {
  for (const state of [undefined, ...MANAGED_PRODUCT_STATES]) {
    for (const category of [undefined, 'Hem', 'Kläder', 'Sport']) {
      const query = `${state ? `&state=${state}` : ''}${category ? `&category=${encodeURIComponent(category)}` : ''}`;
      const answer = await list(`${query}&pageSize=2`);
      const expected = await counted(state, category);
      expect(answer.count, query).toBe(expected);
      expect(answer.pages, query).toBe(Math.ceil(expected / 2));
      expect(answer.page, query).toBe(1);
      expect(Object.keys(answer).sort(), query).toEqual(['count', 'page', 'pages', 'products']);
      // The last page holds what the count leaves for it.
      if (expected > 0) {
        const last = await list(`${query}&pageSize=2&pageNumber=${answer.pages}`);
        expect(last.products, query).toHaveLength(expected - 2 * (answer.pages - 1));
      }
    }
  }
}

describe("the admin's product list counts", () => {
  it('are exact for every state and category after inserts, deletes and state changes', async () => {
    const db = t.database.db;
    await expectCountsExact();
    // A new draft through the API, saved on sale by the database, hidden, shown, removed.
    const created = await t.app.inject({
      method: 'POST',
      url: '/api/products',
      headers: bearer((await signInAs(t.app, 'anna@example.se')).token),
    });
    expect(created.statusCode).toBe(201);
    const id = (created.json() as { product: { _id: string } }).product._id;
    await expectCountsExact();
    await db.update(products).set({ isDraft: false, category: 'Sport' }).where(eq(products.id, id));
    await expectCountsExact();
    await db.update(products).set({ hidden: true }).where(eq(products.id, id));
    await expectCountsExact();
    await db.update(products).set({ hidden: false, removed: true }).where(eq(products.id, id));
    await expectCountsExact();
    // A shop closed (its products in no filter but every product's count) and opened again.
    await db.update(users).set({ isSeller: false }).where(eq(users.id, bo));
    await expectCountsExact();
    await db.update(users).set({ isSeller: true }).where(eq(users.id, bo));
    // A bulk insert in one statement, a bulk change, and deletes.
    await db.execute(sql`
      insert into products (seller_id, name, category, is_draft, hidden)
      select ${anna}, 'Vara ' || i, case when i % 2 = 0 then 'Hem' else 'Sport' end, i % 5 = 0, i % 7 = 0
        from generate_series(1, 60) as i`);
    await expectCountsExact();
    await db.execute(sql`update products set is_draft = not is_draft where name like 'Vara %'`);
    await expectCountsExact();
    const some = await queryRows<{ id: string }>(db, sql`select id from products where name like 'Vara 1%'`);
    await db.delete(products).where(
      inArray(
        products.id,
        some.map((row) => row.id),
      ),
    );
    await db.delete(products).where(eq(products.id, id));
    await expectCountsExact();
  });

  it('are read from the counts the database keeps, not from the products', async () => {
    const before = await list('&state=hidden');
    // A kept count moved by hand shows in the answer: the list read it.
    await t.database.db.execute(sql`insert into catalogue_counts (scope, key, n) values ('state', 'hidden', 100)`);
    try {
      expect((await list('&state=hidden')).count).toBe(before.count + 100);
      expect((await list('')).count).toBe((await counted(undefined)) + 100);
    } finally {
      await t.database.db.execute(sql`insert into catalogue_counts (scope, key, n) values ('state', 'hidden', -100)`);
    }
    expect((await list('&state=hidden')).count).toBe(before.count);
    // A seller's own list, or a name, is counted from the products.
    expect((await list(`&seller=${anna}`)).count).toBe(
      (
        await queryRows<{ n: number }>(
          t.database.db,
          sql`select count(*)::int as n from products where seller_id = ${anna}`,
        )
      )[0]?.n,
    );
  });
});

describe("the admin's name search", () => {
  const names = (answer: ProductListResponse) => answer.products.map((p) => p.name).sort();

  it('finds the products of every state, with an exact count', async () => {
    const all = await list('&name=mössa&pageSize=100');
    expect(names(all)).toEqual(
      [
        'Ullmössa Hem',
        'Ullmössa Kläder',
        'Ullmössa utkast Hem',
        'Ullmössa utkast Kläder',
        'Ullmössa dold Hem',
        'Ullmössa dold Kläder',
        'Ullmössa borttagen Hem',
        'Ullmössa borttagen Kläder',
      ].sort(),
    );
    expect(all).toMatchObject({ count: 8, pages: 1, page: 1 });
    expect(await list('&name=mössa&pageSize=3&pageNumber=3')).toMatchObject({ count: 8, pages: 3, page: 3 });
    expect((await list('&name=mössa&pageSize=3&pageNumber=3')).products).toHaveLength(2);
    // Two words, in any order; a state; a category.
    expect(names(await list('&name=utkast ullmössa'))).toEqual(['Ullmössa utkast Hem', 'Ullmössa utkast Kläder']);
    expect(names(await list('&name=mössa&state=draft'))).toEqual(['Ullmössa utkast Hem', 'Ullmössa utkast Kläder']);
    expect(names(await list('&name=mössa&state=hidden'))).toEqual(['Ullmössa dold Hem', 'Ullmössa dold Kläder']);
    expect(names(await list('&name=mössa&state=removed&category=Hem'))).toEqual(['Ullmössa borttagen Hem']);
    expect(names(await list('&name=mössa&state=listed'))).toEqual(['Ullmössa Hem', 'Ullmössa Kläder']);
    // A closed shop's products too.
    await t.database.db.update(users).set({ isSeller: false }).where(eq(users.id, bo));
    try {
      expect(names(await list('&name=lampa'))).toEqual(['Lampa Hem', 'Lampa Kläder']);
      expect((await list('&name=lampa&state=listed')).count).toBe(0);
    } finally {
      await t.database.db.update(users).set({ isSeller: true }).where(eq(users.id, bo));
    }
  });

  it('finds a draft by its number, and by a typo when nothing matches as typed', async () => {
    const [draft] = await queryRows<{ number: number }>(
      t.database.db,
      sql`select number::int from products where name = 'Ullmössa utkast Hem'`,
    );
    expect(names(await list(`&name=${encodeURIComponent(`#${draft?.number}`)}`))).toEqual(['Ullmössa utkast Hem']);
    // "ullmösa": no name holds it, so typos are looked for, in every state.
    const typo = await list('&name=ullmösa');
    expect(typo.count).toBe(8);
    expect(typo.products.some((p) => p.isDraft)).toBe(true);
  });
});
