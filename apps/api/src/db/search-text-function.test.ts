/**
 * Migration 0021: torget_search_text, the function every name is searched by, in PL/pgSQL. As an
 * SQL function PostgreSQL could not inline, its body was parsed and planned in every statement
 * that called it, and PostgreSQL 15 computes the stored search_text again on every UPDATE of a
 * product, so every order's stock change paid for it. The function must keep giving what its
 * body gives (the trigram indexes and the generated column hold its results), and stay PL/pgSQL.
 * Runs on PGlite and, with TEST_DATABASE_URL, on PostgreSQL.
 */
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows } from '#api/db/client.ts';
import { products } from '#api/db/schema.ts';
import { createProduct, createSeller } from '#api/test/fixtures.ts';
import { createTestDatabase, type TestDatabase } from '#api/test/test-database.ts';

let database: TestDatabase;

beforeAll(async () => {
  database = await createTestDatabase();
});
afterAll(() => database.destroy());

const NAMES = [
  'Bordslampa i BJÖRK',
  'Kaffemugg med dalamönster',
  'Ærø Straße façade',
  'Ängel – ÅÄÖ åäö',
  '100% 3-pack',
  '',
];

describe('torget_search_text (migration 0021)', () => {
  it('is PL/pgSQL, so its plan is kept for the session', async () => {
    const [row] = await queryRows<{ language: string; volatility: string }>(
      database.db,
      sql`select l.lanname as language, p.provolatile as volatility
          from pg_proc p join pg_language l on l.oid = p.prolang
          where p.oid = 'torget_search_text(text)'::regprocedure`,
    );
    expect(row).toEqual({ language: 'plpgsql', volatility: 'i' });
  });

  it('gives what its body gives, and null for null', async () => {
    for (const name of NAMES) {
      const [row] = await queryRows<{ called: string; body: string }>(
        database.db,
        sql`select torget_search_text(${name}) as called,
                   lower(public.unaccent('public.unaccent'::regdictionary, ${name})) as body`,
      );
      expect(row?.called, name).toBe(row?.body);
    }
    const [none] = await queryRows<{ called: string | null }>(
      database.db,
      sql`select torget_search_text(null::text) as called`,
    );
    expect(none?.called).toBeNull();
  });

  it('keeps a product’s search text right through a rename and a stock change', async () => {
    const { db } = database;
    const { user } = await createSeller(db);
    const product = await createProduct(db, user.id, { name: 'Bordslampa i BJÖRK' });
    expect(product.searchText).toBe('bordslampa i bjork');
    await db.update(products).set({ name: 'Golvlampa Ärlig' }).where(eq(products.id, product.id));
    await db
      .update(products)
      .set({ countInStock: sql`${products.countInStock} - 1` })
      .where(eq(products.id, product.id));
    const [row] = await db
      .select({ searchText: products.searchText })
      .from(products)
      .where(eq(products.id, product.id));
    expect(row?.searchText).toBe('golvlampa arlig');
  });

  it('is JavaScript’s toLowerCase on printable ASCII (modules/catalog/list-reach.ts relies on it)', async () => {
    const ascii = Array.from({ length: 0x7f - 0x20 }, (_, i) => String.fromCharCode(0x20 + i)).join('');
    const [row] = await queryRows<{ text: string }>(database.db, sql`select torget_search_text(${ascii}) as text`);
    expect(row?.text).toBe(ascii.toLowerCase());
  });
});
