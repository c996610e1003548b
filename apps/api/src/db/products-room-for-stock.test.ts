/**
 * Migrations 0020 and 0025: a page of products keeps room for a changed stock (a tenth of it, a
 * quarter since each row holds its JSON text), so the UPDATE an order makes writes the row's new
 * version on the same page and no index entry (a HOT update). Told by the row's ctid (page,
 * item), whose page stays the same, and by PostgreSQL's own count of the transaction's HOT
 * updates. On a page filled to the brim the new version would go to another page, with an entry
 * in every index.
 */
import { inArray, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Db, queryRows } from '#api/db/client.ts';
import { products } from '#api/db/schema.ts';
import { stockAndVersionSet } from '#api/modules/catalog/product-version.ts';
import { createSeller } from '#api/test/fixtures.ts';
import { createTestDatabase, type TestDatabase } from '#api/test/test-database.ts';

let database: TestDatabase;

beforeAll(async () => {
  database = await createTestDatabase();
});
afterAll(() => database.destroy());

/** The page each product's current version is on. */
async function pagesOf(ids: string[]): Promise<Map<string, number>> {
  const rows = await database.db
    .select({ id: products.id, page: sql<number>`(ctid::text::point)[0]::int` })
    .from(products)
    .where(inArray(products.id, ids));
  return new Map(rows.map((row) => [row.id, Number(row.page)]));
}

describe('products keep room for their stock (migrations 0020 and 0025)', () => {
  it('an order-like stock change stays on the product page, even on a page inserts filled', async () => {
    const { db } = database;
    const seller = await createSeller(db);
    // One statement of many products fills pages one after another, each as full as the
    // fillfactor lets inserts make it.
    const inserted = await db
      .insert(products)
      .values(
        Array.from({ length: 200 }, (_, i) => ({
          sellerId: seller.user.id,
          name: `Stolpe ${i}`,
          priceOre: 10_000 + i,
          category: 'Test',
          brand: 'Märke',
          countInStock: 5,
          description: 'En produkt med en beskrivning av rimlig längd, som i en riktig butik.',
        })),
      )
      .returning({ id: products.id });
    const ids = inserted.map((row) => row.id);
    const before = await pagesOf(ids);
    const firstPage = Math.min(...before.values());
    // The precondition: the inserts went on past the first page, so it is as full as they leave it.
    expect(new Set(before.values()).size).toBeGreaterThan(1);
    // Two sales on the first page: room for more than one new version.
    const sold = ids.filter((id) => before.get(id) === firstPage).slice(0, 2);
    expect(sold).toHaveLength(2);

    // As an order takes stock (and grows the version): one statement per product, each in its
    // own transaction. The HOT count is read before and after it in that transaction: the
    // backend's count can still hold earlier transactions' updates that it has not reported yet.
    const hotUpdatesSoFar = (tx: Db) =>
      queryRows<{ n: number }>(tx, sql`select pg_stat_get_xact_tuples_hot_updated('products'::regclass)::int as n`);
    for (const id of sold) {
      const counted = await db.transaction(async (tx) => {
        const [hotBefore] = await hotUpdatesSoFar(tx);
        await tx.execute(
          sql`update ${products} set ${stockAndVersionSet(sql`${products.countInStock} - 1`)} where id = ${id}::uuid`,
        );
        const [hotAfter] = await hotUpdatesSoFar(tx);
        return (hotAfter?.n ?? 0) - (hotBefore?.n ?? 0);
      });
      expect(counted, id).toBe(1);
    }

    const after = await pagesOf(sold);
    for (const id of sold) expect(after.get(id), id).toBe(firstPage);
  });
});
