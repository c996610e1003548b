/**
 * The counts the database keeps (migration 0007) against a count of the products themselves,
 * after every kind of change: products written, drafts saved, categories changed, sellers
 * revoked, closed, reinstated and deleted, bulk statements, and (on PostgreSQL) concurrent
 * writers. Then the lists that read them, and the capped count of the others.
 */
import type { ProductListResponse } from '@torget/shared/api-types.generated';
import { COUNT_CAP } from '@torget/shared/rules/catalog-query';
import { eq, type SQL, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { clientOf, type Db, queryRows } from '#api/db/client.ts';
import { products, users } from '#api/db/schema.ts';
import { readSqlDefinitions, withConnectionOf } from '#api/db/sql-definitions.ts';
import { createProduct, createSeller } from '#api/test/fixtures.ts';
import { createTestApp, type TestApp } from '#api/test/test-app.ts';

let t: TestApp;
let db: Db;

beforeAll(async () => {
  t = await createTestApp();
  db = t.database.db;
});
afterAll(() => t.close());

interface CountRow {
  scope: string;
  key: string;
  n: number;
}

const byKey = (a: CountRow, b: CountRow) => `${a.scope}/${a.key}`.localeCompare(`${b.scope}/${b.key}`);

/** The counters as kept, and as counted from the products now; they must be the same. */
async function expectCountersTrue(): Promise<void> {
  const kept = await queryRows<CountRow>(
    db,
    sql`select scope, key, sum(n)::int as n from catalogue_counts group by scope, key having sum(n) <> 0`,
  );
  const counted = await queryRows<CountRow>(
    db,
    sql`select k.scope, k.key, count(*)::int as n
        from products p, catalogue_count_keys(p.category, p.seller_id) k
        where p.seller_active and not p.is_draft group by k.scope, k.key
        union all
        select 'state', torget_product_state(seller_active, is_draft, hidden, removed), count(*)::int
        from products group by 2
        union all
        select 'state_category', torget_product_state(seller_active, is_draft, hidden, removed) || ':' || category,
               count(*)::int
        from products group by 2`,
  );
  expect(kept.sort(byKey)).toEqual(counted.sort(byKey));
  // Each state as the admin's list filters it (managed-products.service.ts), and every product in one.
  const [states] = await queryRows<Record<string, number>>(
    db,
    sql`select count(*) filter (where seller_active and not is_draft)::int as listed,
               count(*) filter (where is_draft and not removed)::int as draft,
               count(*) filter (where hidden and not is_draft and not removed)::int as hidden,
               count(*) filter (where removed)::int as removed,
               count(*)::int as every
          from products`,
  );
  const keptState = (state: string) => kept.find((row) => row.scope === 'state' && row.key === state)?.n ?? 0;
  for (const state of ['listed', 'draft', 'hidden', 'removed']) expect(keptState(state), state).toBe(states?.[state]);
  expect(kept.filter((row) => row.scope === 'state').reduce((sum, row) => sum + row.n, 0)).toBe(states?.every);
  await expectDayCountsTrue();
}

interface DayCountRow {
  scope: string;
  key: string;
  day: string;
  n: number;
}

const byDay = (a: DayCountRow, b: DayCountRow) =>
  `${a.scope}/${a.key}/${a.day}`.localeCompare(`${b.scope}/${b.key}/${b.day}`);

/** The products per day (migration 0014) as kept, and as counted from the products now. */
async function expectDayCountsTrue(): Promise<void> {
  const kept = await queryRows<DayCountRow>(
    db,
    sql`select scope, key, day::text, sum(n)::int as n from (
          select scope, key, day, n from catalogue_day_counts
          union all select scope, key, day, n from catalogue_day_count_changes
        ) as both_tables group by scope, key, day having sum(n) <> 0`,
  );
  const counted = await queryRows<DayCountRow>(
    db,
    sql`select k.scope, k.key, catalogue_day(p.created_at)::text as day, count(*)::int as n
        from products p, catalogue_day_keys(p.category) k
        where p.seller_active and not p.is_draft group by 1, 2, 3`,
  );
  expect(kept.sort(byDay)).toEqual(counted.sort(byDay));
  // Every day with changes has its row in the counts (migration 0016: a deep page walks them).
  const changesOnly = await queryRows<DayCountRow>(
    db,
    sql`select scope, key, day::text from catalogue_day_count_changes c
        where not exists (select 1 from catalogue_day_counts d where (d.scope, d.key, d.day) = (c.scope, c.key, c.day))`,
  );
  expect(changesOnly).toEqual([]);
}

const list = async (query: string) =>
  (await t.app.inject({ method: 'GET', url: `/api/products${query}` })).json() as ProductListResponse;

describe('catalogue counters', () => {
  it('follow every kind of change to products and sellers', async () => {
    await expectCountersTrue();
    const { user: anna } = await createSeller(db);
    const { user: bo } = await createSeller(db);
    const lamp = await createProduct(db, anna.id, { category: 'Hem' });
    await createProduct(db, anna.id, { category: 'Kläder' });
    const draft = await createProduct(db, bo.id, { category: 'Hem', isDraft: true });
    await expectCountersTrue();
    // A draft saved, a category changed, a product moved to another seller.
    await db.update(products).set({ isDraft: false }).where(eq(products.id, draft.id));
    await db.update(products).set({ category: 'Sport' }).where(eq(products.id, lamp.id));
    await expectCountersTrue();
    await db.update(products).set({ sellerId: bo.id }).where(eq(products.id, lamp.id));
    // Hidden by its seller and shown again, removed by moderation (seller_active follows by trigger).
    await db.update(products).set({ hidden: true }).where(eq(products.id, lamp.id));
    await expectCountersTrue();
    await db.update(products).set({ hidden: false }).where(eq(products.id, lamp.id));
    await db.update(products).set({ removed: true }).where(eq(products.id, draft.id));
    await expectCountersTrue();
    await db.update(products).set({ removed: false }).where(eq(products.id, draft.id));
    // A change that moves no count (stock, price) adds no counter row.
    const before = await queryRows<{ rows: number }>(db, sql`select count(*)::int as rows from catalogue_counts`);
    await db.update(products).set({ countInStock: 3, priceOre: 999 });
    const after = await queryRows<{ rows: number }>(db, sql`select count(*)::int as rows from catalogue_counts`);
    expect(after[0]?.rows).toBeLessThanOrEqual(before[0]?.rows ?? 0);
    await expectCountersTrue();
    // The seller revoked, reinstated, closed (deleted), and then deleted with their products.
    await db.update(users).set({ isSeller: false }).where(eq(users.id, anna.id));
    await expectCountersTrue();
    await db.update(users).set({ isSeller: true }).where(eq(users.id, anna.id));
    await expectCountersTrue();
    await db.update(users).set({ deletedAt: new Date() }).where(eq(users.id, bo.id));
    await expectCountersTrue();
    await db.delete(products).where(eq(products.id, draft.id));
    await db.delete(users).where(eq(users.id, anna.id));
    await expectCountersTrue();
    // A bulk insert and a bulk change of category, each one statement.
    const { user: cy } = await createSeller(db);
    await db.execute(sql`
      insert into products (seller_id, name, category, is_draft)
      select ${cy.id}, 'Vara ' || i, 'Kategori ' || (i % 7), i % 5 = 0 from generate_series(1, 300) i`);
    await db.execute(sql`update products set category = 'Kategori 1' where category = 'Kategori 2'`);
    await db.execute(sql`update products set is_draft = not is_draft where seller_id = ${cy.id}`);
    await expectCountersTrue();
    // A product's day changed; then both kinds of counts folded.
    await db
      .update(products)
      .set({ createdAt: new Date('2024-02-29T23:59:59.999Z') })
      .where(eq(products.id, lamp.id));
    await expectCountersTrue();
    await db.execute(sql`select catalogue_counts_compact(), catalogue_day_counts_fold()`);
    await expectCountersTrue();
  });

  it("count every product's state once on a database counted before the states were (migration 0048)", async () => {
    const { user } = await createSeller(db);
    await createProduct(db, user.id, { category: 'Hem', isDraft: true });
    await createProduct(db, user.id, { category: 'Hem', hidden: true });
    // As a database of before the states were counted: the catalogue's counts, no state's.
    await db.execute(sql`delete from catalogue_counts where scope in ('state', 'state_category')`);
    const file = readSqlDefinitions().files.find((f) => f.name === '50-catalogue-counts.sql');
    if (!file) throw new Error('no 50-catalogue-counts.sql');
    // Its file applied, as the next start does after the new migration.
    await withConnectionOf(clientOf(db)?.client, (connection) => connection.script(file.text));
    await expectCountersTrue();
    // Applied again, it counts nothing twice.
    await withConnectionOf(clientOf(db)?.client, (connection) => connection.script(file.text));
    await expectCountersTrue();
  });

  it('do not even run their trigger for an update that moves no count (migration 0022)', async () => {
    const { user } = await createSeller(db);
    const product = await createProduct(db, user.id, { category: 'Hem' });
    // Calls of the counts' update trigger within one transaction (track_functions counts them).
    const callsAfter = (change: SQL) =>
      db.transaction(async (tx) => {
        await tx.execute(sql`set local track_functions = 'pl'`);
        await tx.execute(change);
        const [row] = await queryRows<{ calls: number }>(
          tx,
          sql`select coalesce(pg_stat_get_xact_function_calls('products_count_updated'::regproc), 0)::int as calls`,
        );
        return row?.calls;
      });
    // An order's stock, a review's rating, a price: the trigger does not run at all.
    expect(
      await callsAfter(
        sql`update products set count_in_stock = 7, rating = 4.5, num_reviews = 2, price_ore = 12300 where id = ${product.id}`,
      ),
    ).toBe(0);
    // A category changed: it runs for that product, and the counts follow.
    expect(await callsAfter(sql`update products set category = 'Sport' where id = ${product.id}`)).toBe(1);
    await expectCountersTrue();
  });

  it('stay exact under concurrent writers (PostgreSQL)', async () => {
    if (t.database.kind !== 'postgres') return;
    const { user } = await createSeller(db);
    const writers = Array.from({ length: 12 }, (_, w) =>
      db.transaction(async (tx) => {
        for (let i = 0; i < 10; i++) {
          await tx.insert(products).values({ sellerId: user.id, name: `Samtidig ${w}-${i}`, category: 'Samtidig' });
          // Hold the transaction open so the writers overlap.
          await tx.execute(sql`select pg_sleep(0.002)`);
        }
        await tx.execute(
          sql`update products set category = 'Flyttad' where seller_id = ${user.id} and name like ${`Samtidig ${w}-%`} and name not like '%-0'`,
        );
      }),
    );
    await Promise.all(writers);
    await expectCountersTrue();
    expect((await list(`?category=Samtidig`)).count).toBe(12);
    expect((await list(`?category=Flyttad`)).count).toBe(108);
    expect((await list(`?seller=${user.id}`)).count).toBe(120);
  });

  it('answer the lists whose filters are few and fixed, and the category list', async () => {
    const all = await queryRows<{ n: number }>(
      db,
      sql`select count(*)::int as n from products where seller_active and not is_draft`,
    );
    const home = await list('?pageSize=5');
    expect(home.count).toBe(all[0]?.n);
    expect(home.countIsCapped).toBeUndefined();
    const categories = (await t.app.inject({ method: 'GET', url: '/api/products/categories' })).json() as string[];
    const distinct = await queryRows<{ category: string }>(
      db,
      sql`select distinct category from products where seller_active and not is_draft and category <> '' order by category`,
    );
    expect(categories).toEqual(distinct.map((r) => r.category));
  });
});

describe('capped counts', () => {
  it('count a free-text search up to the cap, and later pages still answer', async () => {
    const { user } = await createSeller(db);
    const many = COUNT_CAP + 50;
    await db.execute(sql`
      insert into products (seller_id, name, category, price_ore)
      select ${user.id}, 'Kapsyl ' || i, 'Kapsyler', 1000 + i from generate_series(1, ${many}) i`);
    const first = await list('?name=kapsyl&pageSize=12');
    expect(first).toMatchObject({ count: COUNT_CAP, countIsCapped: true, page: 1, pages: Math.ceil(COUNT_CAP / 12) });
    expect(first.products).toHaveLength(12);
    // Page 88 is past the capped pages but within the matches: its 6 products are read, whether
    // the count is known (cached by the first page) or not (min=1 filters nothing out here, but
    // is another cache key).
    const uncounted = await list('?name=kapsyl&min=1&pageSize=12&pageNumber=88&order=lowest');
    expect(uncounted.products.map((p) => p.name)).toEqual(
      Array.from({ length: 6 }, (_, i) => `Kapsyl ${many - 5 + i}`),
    );
    expect(uncounted).toMatchObject({ count: COUNT_CAP, countIsCapped: true });
    const deep = await list('?name=kapsyl&pageSize=12&pageNumber=88&order=lowest');
    expect(deep.products.map((p) => p.name)).toEqual(Array.from({ length: 6 }, (_, i) => `Kapsyl ${many - 5 + i}`));
    expect(deep.countIsCapped).toBe(true);
    // The same products by category alone: the counter's exact count.
    expect(await list('?category=Kapsyler')).toMatchObject({ count: many, pages: Math.ceil(many / 12) });
    // Under the cap, a combined filter's count is exact and not marked.
    const few = await list('?name=kapsyl&max=10.5');
    expect(few.count).toBe(50);
    expect(few.countIsCapped).toBeUndefined();
  });
});

describe('a deep page of the newest products', () => {
  // 2 600 products in one category over 40 days, some created at the same instant and some at
  // midnight UTC exactly, beside products of other categories and drafts: pages past the first
  // 1 000 start from their day (migration 0014) and must be the pages an OFFSET gives.
  beforeAll(async () => {
    const { user } = await createSeller(db);
    await db.execute(sql`
      insert into products (seller_id, name, category, is_draft, created_at)
      select ${user.id}, 'Djupvara ' || i, case when i % 13 = 0 then 'Grunt' else 'Djupt' end, i % 17 = 0,
             timestamp with time zone '2026-03-01 00:00:00+00' + ((i * 7919) % 2800 / 70) * interval '1 day'
               + case when i % 5 = 0 then interval '0' else ((i * 31) % 86400) * interval '1 second' end
      from generate_series(1, 2800) as i`);
  });

  async function expectPageAsOffsetGives(category: string | undefined, pageNumber: number, pageSize = 12) {
    const params = new URLSearchParams({ pageNumber: String(pageNumber), pageSize: String(pageSize) });
    if (category) params.set('category', category);
    const answer = await list(`?${params}`);
    const expected = await queryRows<{ id: string }>(
      db,
      sql`select id from products where seller_active and not is_draft
            ${category ? sql`and category = ${category}` : sql``}
          order by created_at desc, id desc limit ${pageSize} offset ${(pageNumber - 1) * pageSize}`,
    );
    expect(
      answer.products.map((p) => p._id),
      `${category} page ${pageNumber}`,
    ).toEqual(expected.map((r) => r.id));
    return answer;
  }

  it('gives the page an OFFSET gives, for a category and for everything listed', async () => {
    for (const pageNumber of [84, 85, 120, 150, 199, 200]) await expectPageAsOffsetGives('Djupt', pageNumber);
    await expectPageAsOffsetGives('Djupt', 11, 100);
    for (const pageNumber of [90, 180, 230]) await expectPageAsOffsetGives(undefined, pageNumber);
    // Past the last page: nothing, and the count still right.
    const past = await expectPageAsOffsetGives('Djupt', 400);
    expect(past.products).toEqual([]);
    expect(past.count).toBe((await list('?category=Djupt')).count);
  });

  it('follows products written, moved and put on sale in between', async () => {
    const { user } = await createSeller(db);
    const newest = await createProduct(db, user.id, { category: 'Djupt' });
    await createProduct(db, user.id, { category: 'Djupt', createdAt: new Date('2026-03-20T00:00:00Z') });
    await db.execute(sql`update products set is_draft = false where name = 'Djupvara 17'`);
    await db.execute(sql`update products set category = 'Grunt' where name in ('Djupvara 1', 'Djupvara 2')`);
    await db
      .update(products)
      .set({ createdAt: new Date('2026-03-05T12:00:00Z') })
      .where(eq(products.id, newest.id));
    await expectDayCountsTrue();
    for (const pageNumber of [84, 100, 160]) await expectPageAsOffsetGives('Djupt', pageNumber);
    await expectPageAsOffsetGives(undefined, 100);
  });
});
