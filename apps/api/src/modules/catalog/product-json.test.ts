/**
 * A product list's JSON written from rows read as text (productJsonOfRow: the database's kept
 * text of the product, migration 0025, and its seller's brief) is the same text, to the byte, as
 * the product JSON built from the rows Drizzle maps (toProductJson), for the same products: odd
 * names and texts, images or none, a seller without a shop, ratings that are not whole, times
 * with and without fractions of a second, and after each kind of write; and a product page's,
 * reviews included.
 */
import { desc, eq, inArray, sql } from 'drizzle-orm';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows } from '#api/db/client.ts';
import { products, reviews, sellers, users } from '#api/db/schema.ts';
import { textRows, textStatement } from '#api/db/text-rows.ts';
import { createProduct, createReview, createSeller, createUser } from '#api/test/fixtures.ts';
import { createTestDatabase, type TestDatabase } from '#api/test/test-database.ts';
import { productDetailsAnswer } from './product-details.service';
import {
  type ProductWithSellerRow,
  productJsonOfRow,
  productTextColumns,
  productWithSellerColumns,
  toProductJson,
  toReviewJson,
} from './product-json';

let database: TestDatabase;
beforeAll(async () => {
  database = await createTestDatabase();
});
afterAll(() => database.destroy());

/** The products `ids` both ways, by id: [through Drizzle, as text]. */
async function bothWays(ids: string[]): Promise<Map<string, [string, string]>> {
  const { db } = database;
  const mapped = (await db
    .select(productWithSellerColumns)
    .from(products)
    .innerJoin(users, eq(users.id, products.sellerId))
    .leftJoin(sellers, eq(sellers.userId, products.sellerId))
    .where(inArray(products.id, ids))) as ProductWithSellerRow[];
  const text = await textRows(
    db,
    textStatement(
      db
        .select(productTextColumns)
        .from(products)
        .innerJoin(users, eq(users.id, products.sellerId))
        .leftJoin(sellers, eq(sellers.userId, products.sellerId))
        .where(inArray(products.id, ids)),
    ),
  );
  const byId = new Map<string, [string, string]>();
  for (const row of mapped) byId.set(row.id, [JSON.stringify(toProductJson(row)), '']);
  for (const row of text) {
    const json = productJsonOfRow(row);
    const id = (JSON.parse(json) as { _id: string })._id;
    const pair = byId.get(id);
    if (pair) pair[1] = json;
  }
  return byId;
}

describe('a product written as JSON from its text row', () => {
  it('is the JSON of the product built from the mapped row, for odd texts, images, shops and ratings', async () => {
    const { db } = database;
    const { user: shopOwner } = await createSeller(db, {
      seller: { name: 'Ålands "Bästa" \\ Butik', logo: '/u/l.webp', hasLogo: true, rating: 4.333333, numReviews: 3 },
    });
    const noShop = await createUser(db, { name: 'Säljare utan butik', isSeller: true });
    const { user: emptyShopName } = await createSeller(db, { seller: { name: '' } });
    const made = await Promise.all([
      createProduct(db, shopOwner.id, {
        name: 'Stol "Kurt" \\ med\nradbrytning och tab\t och emoji 🪑',
        description: '</script><script>alert(1)</script> \u2028 \u0001',
        images: ['/uploads/a,b.webp', '/uploads/"c".webp', '/uploads/ä ö.webp'],
        image: '/uploads/a,b.webp',
        rating: 3.7,
        verifiedRating: 4.333333,
        numVerifiedReviews: 3,
        priceOre: 17_228,
        shippingPriceOre: 4_900,
      }),
      createProduct(db, noShop.id, { images: [], image: '/uploads/only.webp', rating: 0, priceOre: 1 }),
      createProduct(db, emptyShopName.id, { images: [], image: '', priceOre: 99_999_999, countInStock: 0 }),
      createProduct(db, shopOwner.id, { isDraft: true, rating: 4.9999995, number: 100_123 }),
    ]);
    // Times with no fraction of a second, and with microseconds (a Date keeps milliseconds).
    await db.execute(sql`update ${products} set created_at = '2026-01-02 03:04:05+00' where id = ${made[1]?.id}`);
    await db.execute(
      sql`update ${products} set updated_at = '2026-01-02 03:04:05.123456+00' where id = ${made[2]?.id}`,
    );
    const both = await bothWays(made.map((p) => p.id));
    expect(both.size).toBe(made.length);
    for (const [viaDrizzle, viaText] of both.values()) expect(viaText).toBe(viaDrizzle);
  });

  it('is the same for any name, description, brand and images (generated)', async () => {
    const { db } = database;
    const { user } = await createSeller(db, { seller: { name: 'Generated' } });
    // PostgreSQL text holds no NUL and no lone surrogates (the API refuses them: text-guard.ts).
    const text = fc.string({ unit: 'grapheme', maxLength: 40 }).map((s) => s.replaceAll('\u0000', ''));
    await fc.assert(
      fc.asyncProperty(
        fc.record({
          name: text,
          description: text,
          brand: text,
          images: fc.array(text, { maxLength: 3 }),
          rating: fc.float({ min: 0, max: 5, noNaN: true }),
          verifiedRating: fc.float({ min: 0, max: 5, noNaN: true }),
          numVerifiedReviews: fc.integer({ min: 0, max: 2_147_483_647 }),
          priceOre: fc.integer({ min: 0, max: 1_000_000_000 }),
          shippingPriceOre: fc.integer({ min: 0, max: 2_147_483_647 }),
          countInStock: fc.integer({ min: 0, max: 2_147_483_647 }),
        }),
        async (values) => {
          const made = await createProduct(db, user.id, { ...values, image: values.images[0] ?? '' });
          const [pair] = (await bothWays([made.id])).values();
          expect(pair?.[1]).toBe(pair?.[0]);
        },
      ),
      { numRuns: 40 },
    );
  });
});

describe('the kept text of a product', () => {
  it('writes a real as JSON.stringify writes the number of its text, for every float', async () => {
    const { db } = database;
    await fc.assert(
      fc.asyncProperty(fc.float(), async (value) => {
        const literal = Number.isNaN(value) ? 'NaN' : Object.is(value, -0) ? '-0' : String(value);
        const [row] = await queryRows<{ text: string; json: string }>(
          db,
          sql`select ${literal}::real::text as text, torget_json_real(${literal}::real) as json`,
        );
        expect(row?.json, literal).toBe(JSON.stringify(Number.parseFloat(row?.text ?? '')));
      }),
      { numRuns: 300 },
    );
  });

  it('follows every kind of write: a sale, a review, an edit, new images, a draft, a new shop name', async () => {
    const { db } = database;
    const { user } = await createSeller(db, { seller: { name: 'Före' } });
    const made = await createProduct(db, user.id, { name: 'Lampa', countInStock: 5, images: ['/uploads/1.webp'] });
    const sameBothWays = async (after: string) => {
      const [pair] = (await bothWays([made.id])).values();
      expect(pair?.[1], after).toBe(pair?.[0]);
      return JSON.parse(pair?.[1] ?? '{}') as Record<string, unknown>;
    };
    const writes: [string, () => Promise<unknown>, (json: Record<string, unknown>) => void][] = [
      [
        'a sale',
        () => db.execute(sql`update ${products} set count_in_stock = count_in_stock - 2 where id = ${made.id}`),
        (json) => expect(json.countInStock).toBe(3),
      ],
      [
        'a review',
        () =>
          db
            .update(products)
            .set({ rating: 4.25, numReviews: 4, verifiedRating: 4.5, numVerifiedReviews: 2 })
            .where(eq(products.id, made.id)),
        (json) =>
          expect([json.rating, json.numReviews, json.verifiedRating, json.numVerifiedReviews]).toEqual([
            4.25, 4, 4.5, 2,
          ]),
      ],
      [
        'an edit',
        () =>
          db
            .update(products)
            .set({ name: 'Lampa "Ljus"\n', priceOre: 12_345, updatedAt: new Date(Date.UTC(2027, 1, 3, 4, 5, 6, 789)) })
            .where(eq(products.id, made.id)),
        (json) =>
          expect([json.name, json.price, json.updatedAt]).toEqual([
            'Lampa "Ljus"\n',
            123.45,
            '2027-02-03T04:05:06.789Z',
          ]),
      ],
      [
        'new images',
        () => db.update(products).set({ images: [], image: '/uploads/2.webp' }).where(eq(products.id, made.id)),
        (json) => expect(json.images).toEqual(['/uploads/2.webp']),
      ],
      [
        'a draft',
        () => db.update(products).set({ isDraft: true }).where(eq(products.id, made.id)),
        (json) => expect(json.isDraft).toBe(true),
      ],
      [
        'a new shop name',
        () => db.update(sellers).set({ name: 'Efter' }).where(eq(sellers.userId, user.id)),
        (json) => expect((json.seller as { seller: { name: string } }).seller.name).toBe('Efter'),
      ],
    ];
    for (const [after, write, check] of writes) {
      await write();
      check(await sameBothWays(after));
    }
  });
});

describe('a product page written as JSON from its text row', () => {
  it('is the product’s JSON with its reviews, newest first, as toProductJson and toReviewJson write them', async () => {
    const { db } = database;
    const { user: seller } = await createSeller(db, { seller: { name: 'Recensionernas butik' } });
    const reviewed = await createProduct(db, seller.id, { name: 'Recenserad "vas"', rating: 4.5, numReviews: 2 });
    const unreviewed = await createProduct(db, seller.id, { name: 'Orecenserad' });
    // Every character JSON escapes, and some it does not (to_json must agree with JSON.stringify).
    const comments = ['Bra "nog"', 'Utmärkt\nåter', 'Tab\there \\ back\u0001\u001f\b\f\r </script> \u2028 😀 ÅÄÖ'];
    for (const [i, comment] of comments.entries()) {
      const buyer = await createUser(db, { name: `Köpare ${i}` });
      const review = await createReview(db, {
        productId: reviewed.id,
        sellerId: seller.id,
        userId: buyer.id,
        rating: 3 + i,
      });
      await db
        .update(reviews)
        .set({
          comment,
          name: i === 2 ? 'Namn med "citat" och \\' : `Köpare ${i}`,
          verified: i === 1,
          createdAt: new Date(Date.UTC(2026, 0, 1 + i, 12, 0, 0, 7)),
        })
        .where(eq(reviews.id, review.id));
    }
    for (const made of [reviewed, unreviewed]) {
      const [row] = (await db
        .select(productWithSellerColumns)
        .from(products)
        .innerJoin(users, eq(users.id, products.sellerId))
        .leftJoin(sellers, eq(sellers.userId, products.sellerId))
        .where(eq(products.id, made.id))) as ProductWithSellerRow[];
      const itsReviews = await db
        .select()
        .from(reviews)
        .where(eq(reviews.productId, made.id))
        .orderBy(desc(reviews.createdAt), desc(reviews.id));
      if (!row) throw new Error('no row');
      const expected = JSON.stringify({
        ...toProductJson(row),
        reviews: itsReviews.map(toReviewJson),
        options: [],
        variants: [],
      });
      expect((await productDetailsAnswer(db, made.id))?.json).toBe(expected);
    }
    expect(await productDetailsAnswer(db, '00000000-0000-4000-8000-000000000000')).toBeNull();
  });
});
