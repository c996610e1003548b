/**
 * Migration 0024: each product's reviews kept as its page's JSON text (product_review_texts) by
 * statement-level triggers on reviews. Whatever writes reviews (the review procedure, a plain
 * insert, an update, a delete, a product's delete), the kept text is what the live list
 * (`torget_review_list`) writes; and two transactions changing one product's reviews at once
 * both end up in it (on PostgreSQL, where they do run at once). How the text itself matches
 * JSON.stringify, odd characters included, is product-json.test.ts's.
 */
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Db, queryRows } from '#api/db/client.ts';
import { productReviewTexts, products, reviews } from '#api/db/schema.ts';
import { productDetailsAnswer } from '#api/modules/catalog/product-details.service.ts';
import { addReview } from '#api/modules/catalog/reviews.service.ts';
import { createProduct, createReview, createSeller, createUser } from '#api/test/fixtures.ts';
import { createTestDatabase, type TestDatabase } from '#api/test/test-database.ts';

let database: TestDatabase;
beforeAll(async () => {
  database = await createTestDatabase({ poolSize: 8 });
});
afterAll(() => database.destroy());

/** The products whose kept text is not the live list of their reviews (none, when all is well). */
async function staleTexts(db: Db): Promise<string[]> {
  const rows = await queryRows<{ id: string }>(
    db,
    sql`select p.id from products p left join product_review_texts t on t.product_id = p.id
        where coalesce(t.reviews, '[]') is distinct from torget_review_list(p.id)`,
  );
  return rows.map((row) => row.id);
}

/** The names in a product page's reviews, as the API answers it. */
async function reviewerNames(db: Db, productId: string): Promise<string[]> {
  const answer = await productDetailsAnswer(db, productId);
  if (!answer) throw new Error('no product');
  return (JSON.parse(answer.json) as { reviews: { name: string }[] }).reviews.map((review) => review.name);
}

describe('product_review_texts (migration 0024)', () => {
  it('follows every kind of write to reviews', async () => {
    const { db } = database;
    const { user: seller } = await createSeller(db);
    const vase = await createProduct(db, seller.id, { name: 'Vas' });
    const lamp = await createProduct(db, seller.id, { name: 'Lampa' });
    const facts = (product: { id: string; category: string }) => ({ ...product, sellerId: seller.id, isDraft: false });
    const buyers = await Promise.all(['Anna', 'Bo', 'Cecilia'].map((name) => createUser(db, { name })));
    const [anna, bo, cecilia] = buyers as [(typeof buyers)[0], (typeof buyers)[0], (typeof buyers)[0]];
    expect(await reviewerNames(db, vase.id)).toEqual([]);

    // Through the review procedure, one after another: newest first.
    await addReview(db, anna, facts(vase), { rating: 4, comment: 'Fin' });
    await addReview(db, bo, facts(vase), { rating: 2, comment: 'Sådär' });
    expect(await reviewerNames(db, vase.id)).toEqual(['Bo', 'Anna']);
    // A plain insert of one statement, two products.
    await db.insert(reviews).values([
      { productId: vase.id, sellerId: seller.id, userId: cecilia.id, name: 'Cecilia', rating: 5, comment: 'Bäst' },
      { productId: lamp.id, sellerId: seller.id, userId: cecilia.id, name: 'Cecilia', rating: 3, comment: 'Ok' },
    ]);
    expect(await reviewerNames(db, lamp.id)).toEqual(['Cecilia']);
    // An update of several products' reviews (an account's deletion renames them).
    await db.update(reviews).set({ name: 'Tidigare kund' }).where(eq(reviews.userId, cecilia.id));
    expect((await reviewerNames(db, vase.id)).sort()).toEqual(['Anna', 'Bo', 'Tidigare kund']);
    expect(await reviewerNames(db, lamp.id)).toEqual(['Tidigare kund']);
    expect(await staleTexts(db)).toEqual([]);

    // A delete: the last review gone leaves the empty list.
    await db.delete(reviews).where(eq(reviews.productId, lamp.id));
    expect(await reviewerNames(db, lamp.id)).toEqual([]);
    expect(await staleTexts(db)).toEqual([]);
    // The product's delete takes its text along.
    await db.delete(products).where(eq(products.id, vase.id));
    const left = await db.select().from(productReviewTexts).where(eq(productReviewTexts.productId, vase.id));
    expect(left).toEqual([]);
  });

  it('the migration and the benchmark’s seed fill in what the triggers keep', async () => {
    const { db } = database;
    const { user: seller } = await createSeller(db);
    for (let p = 0; p < 3; p++) {
      const product = await createProduct(db, seller.id, { name: `Fylld ${p}` });
      for (let r = 0; r < p + 1; r++) {
        const buyer = await createUser(db, { name: `Köpare ${p}-${r}` });
        await createReview(db, { productId: product.id, sellerId: seller.id, userId: buyer.id, rating: 1 + r });
      }
    }
    // The fill's statement of migration 0024 (and of the benchmark's seed), every reviewed product at once.
    const filled = await queryRows<{ product_id: string; reviews: string }>(
      db,
      sql`select p.id as product_id, torget_review_list(p.id) as reviews from products p
          where exists (select 1 from reviews r where r.product_id = p.id)`,
    );
    // The benchmark's seed writes them in one grouped pass instead (bench/seed.mjs).
    const grouped = await queryRows<{ product_id: string; reviews: string }>(
      db,
      sql`select r.product_id, '[' || string_agg(torget_review_json(r), ',' order by r.created_at desc, r.id desc) || ']' as reviews
          from reviews r group by r.product_id`,
    );
    const kept = new Map(
      (await db.select().from(productReviewTexts)).map((row) => [row.productId, row.reviews] as const),
    );
    expect(filled.length).toBeGreaterThan(0);
    expect(grouped.length).toBe(filled.length);
    for (const row of [...filled, ...grouped]) expect(kept.get(row.product_id), row.product_id).toBe(row.reviews);
  });

  it('keeps both of two changes to one product’s reviews made at once', async () => {
    const { db } = database;
    const { user: seller } = await createSeller(db);
    const product = await createProduct(db, seller.id, { name: 'Eftertraktad' });
    const facts = { id: product.id, sellerId: seller.id, category: product.category, isDraft: false };
    const leaving = await createUser(db, { name: 'Går' });
    await addReview(db, leaving, facts, { rating: 3, comment: 'Först' });
    const buyers = await Promise.all(Array.from({ length: 6 }, (_, i) => createUser(db, { name: `Samtidig ${i}` })));
    // Six reviews and a rename of another review of the product, all at once: on PostgreSQL each
    // on a connection of its own, so the triggers run side by side.
    await Promise.all([
      ...buyers.map((buyer) => addReview(db, buyer, facts, { rating: 4, comment: 'Samtidigt' })),
      db.update(reviews).set({ name: 'Tidigare kund' }).where(eq(reviews.userId, leaving.id)),
    ]);
    const names = await reviewerNames(db, product.id);
    expect(names.sort()).toEqual([...buyers.map((buyer) => buyer.name), 'Tidigare kund'].sort());
    expect(await staleTexts(db)).toEqual([]);
  });

  // Only a server runs two transactions at once (PGlite is one session: the held transaction
  // would hold up the other for good).
  it.runIf(process.env.TORGET_TEST_DB === 'postgres')(
    'writes a list after the change it waited for, not over it',
    async () => {
      const { db } = database;
      const { user: seller } = await createSeller(db);
      const product = await createProduct(db, seller.id, { name: 'Omstridd' });
      const facts = { id: product.id, sellerId: seller.id, category: product.category, isDraft: false };
      const leaving = await createUser(db, { name: 'Lämnar' });
      const newcomer = await createUser(db, { name: 'Ny' });
      await addReview(db, leaving, facts, { rating: 3, comment: 'Först' });

      // A review added in a transaction that stays open, holding its locks…
      let release = () => {};
      const held = new Promise<void>((resolve) => {
        release = resolve;
      });
      let reviewed = () => {};
      const reviewWritten = new Promise<void>((resolve) => {
        reviewed = resolve;
      });
      const review = db.transaction(async (tx) => {
        await addReview(tx, newcomer, facts, { rating: 5, comment: 'Sen' });
        reviewed();
        await held;
      });
      await reviewWritten;
      // …while the other review of the product is renamed: the rename must wait for it.
      // (A query builder runs when awaited: this starts it now.)
      const rename = (async () => {
        await db.update(reviews).set({ name: 'Tidigare kund' }).where(eq(reviews.userId, leaving.id));
      })();
      const waiting = async () => {
        const [row] = await queryRows<{ n: number }>(
          db,
          sql`select count(*)::int as n from pg_stat_activity
              where datname = current_database() and wait_event_type = 'Lock'`,
        );
        return (row?.n ?? 0) > 0;
      };
      while (!(await waiting())) await new Promise((resolve) => setTimeout(resolve, 10));
      release();
      await Promise.all([review, rename]);

      expect((await reviewerNames(db, product.id)).sort()).toEqual(['Ny', 'Tidigare kund']);
      expect(await staleTexts(db)).toEqual([]);
    },
  );
});
