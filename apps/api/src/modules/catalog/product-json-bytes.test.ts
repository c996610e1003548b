/**
 * A product's JSON, to the byte, as the API has always written it (the spec's payloads and the
 * clients compare it): the same fixed texts from the three writers the field list drives, the
 * serializer of rows read through Drizzle (toProductJson), the database's kept text spliced with
 * the seller's brief (productJsonOfRow) and a product page. The expected texts were written by the
 * hand-written serializer and SQL functions the field list replaced; a key added to the list since
 * is left out of the comparison with them (the three writers still agree on it to the byte).
 */
import { eq, inArray, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { products, sellers, users } from '#api/db/schema.ts';
import { textRows, textStatement } from '#api/db/text-rows.ts';
import { createProduct, createSeller, createUser } from '#api/test/fixtures.ts';
import { createTestDatabase, type TestDatabase } from '#api/test/test-database.ts';
import { productDetailsAnswer } from './product-details.service';
import {
  type ProductWithSellerRow,
  productJsonOfRow,
  productTextColumns,
  productWithSellerColumns,
  toProductJson,
} from './product-json';

let database: TestDatabase;
beforeAll(async () => {
  database = await createTestDatabase();
});
afterAll(() => database.destroy());

const PRODUCT_A = '00000000-0000-4000-8000-00000000000a';
const PRODUCT_B = '00000000-0000-4000-8000-00000000000b';
const PRODUCT_C = '00000000-0000-4000-8000-00000000000c';
const SHOP_OWNER = '00000000-0000-4000-8000-0000000000a1';
const NO_SHOP = '00000000-0000-4000-8000-0000000000b1';

/** The products' JSON, as written before the field list (ids fixed above). */
const EXPECTED: Record<string, string> = {
  [PRODUCT_A]:
    '{"_id":"00000000-0000-4000-8000-00000000000a","name":"Stol \\"Kurt\\" \\\\ med\\nradbrytning, tab\\t och emoji 🪑 </script>","price":172.28,"image":"/uploads/a,b.webp","category":"Möbler","brand":"Möbel & Co","countInStock":2147483647,"description":"<p>Ekträ & läder</p> \u2028 \\u0001","rating":4.5,"numReviews":3,"verifiedRating":3.3333333,"numVerifiedReviews":3,"shipping_price":49,"shipping_info":"Skickas inom 2–3 dagar","seller":{"_id":"00000000-0000-4000-8000-0000000000a1","name":"Åsa \\"Ägare\\" \\\\ Öberg","seller":{"name":"Ålands \\"Bästa\\" Butik 🛒","logo":"/u/l.webp","has_logo":true,"rating":4.5,"numReviews":7}},"createdAt":"2026-01-02T03:04:05.678Z","updatedAt":"2026-03-04T05:06:07.123Z","version":0,"images":["/uploads/a,b.webp","/uploads/\\"c\\".webp","/uploads/ä ö.webp"],"number":9007199254740991,"isDraft":false}',
  [PRODUCT_B]:
    '{"_id":"00000000-0000-4000-8000-00000000000b","name":"Lampa","price":0.01,"image":"/uploads/only.webp","category":"Test","brand":"Märke","countInStock":0,"description":"","rating":0,"numReviews":0,"verifiedRating":1e-7,"numVerifiedReviews":0,"shipping_price":0,"shipping_info":"","seller":{"_id":"00000000-0000-4000-8000-0000000000b1","name":"Säljare utan butik","seller":{"name":"Säljare utan butik","logo":"","has_logo":false,"rating":0,"numReviews":0}},"createdAt":"2026-01-02T03:04:05.000Z","updatedAt":"1999-12-31T23:59:59.999Z","version":0,"images":["/uploads/only.webp"],"number":1001,"isDraft":false}',
  [PRODUCT_C]:
    '{"_id":"00000000-0000-4000-8000-00000000000c","name":"","price":999999.99,"image":"","category":"Test","brand":"Märke","countInStock":5,"description":"","rating":4.9999995,"numReviews":0,"verifiedRating":0,"numVerifiedReviews":0,"shipping_price":0,"shipping_info":"","seller":{"_id":"00000000-0000-4000-8000-0000000000a1","name":"Åsa \\"Ägare\\" \\\\ Öberg","seller":{"name":"Ålands \\"Bästa\\" Butik 🛒","logo":"/u/l.webp","has_logo":true,"rating":4.5,"numReviews":7}},"createdAt":"2026-01-02T03:04:05.000Z","updatedAt":"1999-12-31T23:59:59.999Z","version":0,"images":[],"number":1002,"isDraft":true}',
};

/** `json` with only the top-level keys `expected` has. */
function withKeysOf(expected: string, json: string): string {
  const keys = new Set(Object.keys(JSON.parse(expected) as object));
  return JSON.stringify(
    Object.fromEntries(Object.entries(JSON.parse(json) as object).filter(([key]) => keys.has(key))),
  );
}

async function makeProducts(): Promise<void> {
  const { db } = database;
  await createSeller(db, {
    user: { id: SHOP_OWNER, name: 'Åsa "Ägare" \\ Öberg' },
    seller: { name: 'Ålands "Bästa" Butik 🛒', logo: '/u/l.webp', hasLogo: true, rating: 4.5, numReviews: 7 },
  });
  await createUser(db, { id: NO_SHOP, name: 'Säljare utan butik', isSeller: true });
  await createProduct(db, SHOP_OWNER, {
    id: PRODUCT_A,
    name: 'Stol "Kurt" \\ med\nradbrytning, tab\t och emoji 🪑 </script>',
    description: '<p>Ekträ & läder</p> \u2028 \u0001',
    brand: 'Möbel & Co',
    category: 'Möbler',
    image: '/uploads/a,b.webp',
    images: ['/uploads/a,b.webp', '/uploads/"c".webp', '/uploads/ä ö.webp'],
    priceOre: 17_228,
    shippingPriceOre: 4_900,
    shippingInfo: 'Skickas inom 2–3 dagar',
    countInStock: 2_147_483_647,
    rating: 4.5,
    numReviews: 3,
    verifiedRating: 10 / 3,
    numVerifiedReviews: 3,
    number: 9_007_199_254_740_991,
  });
  await createProduct(db, NO_SHOP, {
    id: PRODUCT_B,
    name: 'Lampa',
    image: '/uploads/only.webp',
    images: [],
    priceOre: 1,
    rating: 0,
    verifiedRating: 1e-7,
    countInStock: 0,
    number: 1001,
  });
  await createProduct(db, SHOP_OWNER, {
    id: PRODUCT_C,
    name: '',
    image: '',
    images: [],
    priceOre: 99_999_999,
    rating: 4.9999995,
    isDraft: true,
    number: 1002,
  });
  await db.execute(sql`update ${products} set
      created_at = '2026-01-02 03:04:05.678+00', updated_at = '2026-03-04 05:06:07.123456+00'
    where id = ${PRODUCT_A}`);
  await db.execute(sql`update ${products} set
      created_at = '2026-01-02 03:04:05+00', updated_at = '1999-12-31 23:59:59.999999+00'
    where id in (${PRODUCT_B}, ${PRODUCT_C})`);
}

describe('a product’s JSON', () => {
  it('is the text the API always wrote, from Drizzle’s rows, from the kept text and on its page', async () => {
    await makeProducts();
    const { db } = database;
    const ids = Object.keys(EXPECTED);
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
    const viaDrizzle = Object.fromEntries(mapped.map((row) => [row.id, JSON.stringify(toProductJson(row))]));
    const viaText = Object.fromEntries(text.map((row) => [row[0], productJsonOfRow(row)]));
    const page: Record<string, string | undefined> = {};
    for (const id of ids) page[id] = (await productDetailsAnswer(db, id))?.json;
    expect(viaText).toEqual(viaDrizzle);
    expect(page).toEqual(
      Object.fromEntries(
        ids.map((id) => [id, `${viaDrizzle[id]?.slice(0, -1)},"reviews":[],"options":[],"variants":[]}`]),
      ),
    );
    // JSON.stringify writes its own output again unchanged, so only the added keys go.
    expect(Object.fromEntries(ids.map((id) => [id, withKeysOf(EXPECTED[id] ?? '', viaDrizzle[id] ?? '')]))).toEqual(
      EXPECTED,
    );
  });
});
