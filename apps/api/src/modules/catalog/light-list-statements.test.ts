/**
 * The light lists (home, category pages, storefronts) run as named prepared statements that
 * PostgreSQL plans once (list-statements.ts; prepared-shapes.ts, PREPARED_LISTS); lists filtered by price, rating or
 * name, and deep pages, are planned for their values every time.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { ProductListResponse } from '@torget/shared/api-types.generated';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type App, buildApp } from '#api/app.ts';
import { type Database, openDatabase, queryRows } from '#api/db/client.ts';
import { createProduct, createSeller } from '#api/test/fixtures.ts';
import { adminQuery } from '#api/test/postgres-admin.ts';
import { testConfig } from '#api/test/test-app.ts';
import { createServerDatabaseCopy } from '#api/test/test-database.ts';

const onPostgres = process.env.TORGET_TEST_DB === 'postgres' && !!process.env.TEST_DATABASE_URL;

interface PreparedRow {
  name: string;
  generic_plans: number;
  custom_plans: number;
}

describe.runIf(onPostgres)('light lists as prepared statements, on PostgreSQL', () => {
  let app: App;
  let database: Database;
  let dir: string;
  let dropDatabase: () => Promise<void>;

  beforeAll(async () => {
    const url = process.env.TEST_DATABASE_URL as string;
    const created = await createServerDatabaseCopy(url, 'test', { migrated: true });
    dropDatabase = async () => void (await adminQuery(url, `drop database if exists ${created.name} with (force)`));
    // One connection, so the statements this test asks about are the session's it reads.
    database = await openDatabase({ url: created.url, poolSize: 1 });
    dir = mkdtempSync(join(tmpdir(), 'torget-prepared-'));
    app = await buildApp({
      database,
      config: testConfig(dir, { readCache: false }),
      mailer: { send: async () => {} },
    });
    await app.ready();
    const { user } = await createSeller(database.db, { seller: { name: 'Förberedda' } });
    for (let i = 0; i < 30; i++) {
      await createProduct(database.db, user.id, {
        name: `Vara ${i}`,
        category: i % 2 ? 'Udda' : 'Jämna',
        priceOre: 1_000 + i * 100,
      });
    }
  });
  afterAll(async () => {
    await app.close();
    await database.close();
    rmSync(dir, { recursive: true, force: true });
    await dropDatabase();
  });

  const list = async (query: string) => {
    const res = await app.inject({ method: 'GET', url: `/api/products${query}` });
    expect(res.statusCode).toBe(200);
    return res.json() as ProductListResponse;
  };
  const prepared = () =>
    queryRows<PreparedRow>(
      database.db,
      sql`select name, generic_plans::int, custom_plans::int from pg_prepared_statements where name like 'list\\_%' order by name`,
    );

  it('plans a category page once its statement has run a few times, and answers as before', async () => {
    const first = await list('?category=Udda');
    for (let i = 0; i < 7; i++) expect(await list('?category=Udda')).toEqual(first);
    expect(first.products).toHaveLength(12);
    expect(first.count).toBe(15);
    // Another category is the same statement with another value.
    expect((await list('?category=Jämna')).products.every((p) => p.category === 'Jämna')).toBe(true);
    const rows = await prepared();
    expect(rows).toHaveLength(1);
    expect(rows[0]?.generic_plans).toBeGreaterThan(0);
    // The second page is a statement of its own, with its own rows.
    const second = await list('?category=Udda&pageNumber=2');
    expect(second.products.map((p) => p._id)).not.toContain(first.products[0]?._id);
    expect(await prepared()).toHaveLength(2);
  });

  it('plans price, rating and name filters and deep pages for their values, unnamed', async () => {
    const before = (await prepared()).length;
    await list('?category=Udda&min=20');
    await list('?rating=1');
    await list('?name=Vara');
    await list('?pageNumber=6&pageSize=1');
    expect(await prepared()).toHaveLength(before);
  });
});
