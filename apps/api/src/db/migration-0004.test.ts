/**
 * Migration 0004 on a database that already holds data: existing shops get
 * their login e-mail as public e-mail, reviews of buyers become verified and sellers' ratings
 * count those only, deleted users' reviews lose the name, and products start versioning.
 */
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type DatabaseBeforeMigration, databaseBeforeMigration } from '#api/test/migrations-before.ts';
import { type Database, queryRows } from './client';

let migrations: DatabaseBeforeMigration;
let database: Database;

beforeAll(async () => {
  // The migrations as they were before 0004.
  migrations = await databaseBeforeMigration('0004');
  database = migrations.database;
});
afterAll(() => migrations.close());

const U = {
  seller: '00000000-0000-4000-8000-000000000001',
  buyer: '00000000-0000-4000-8000-000000000002',
  drive: '00000000-0000-4000-8000-000000000003',
  gone: '00000000-0000-4000-8000-000000000004',
};
const PRODUCT = '00000000-0000-4000-8000-0000000000a1';
const ORDER = '00000000-0000-4000-8000-0000000000b1';

describe('migration 0004 over existing data', () => {
  it('backfills shop e-mails, verified reviews, seller ratings and neutral names', async () => {
    const { db } = database;
    await db.execute(sql`insert into users (id, name, email, password_hash, is_seller, deleted_at) values
      (${U.seller}, 'Sara Säljare', 'sara@example.se', '!', true, null),
      (${U.buyer}, 'Bo Köpare', 'bo@example.se', '!', false, null),
      (${U.drive}, 'Drive By', 'drive@example.se', '!', false, null),
      (${U.gone}, 'Deleted user', 'deleted@deleted.invalid', '!', false, now())`);
    await db.execute(sql`insert into sellers (user_id, name) values (${U.seller}, 'Saras Butik')`);
    await db.execute(
      sql`insert into products (id, seller_id, name, count_in_stock) values (${PRODUCT}, ${U.seller}, 'Lampa', 5)`,
    );
    await db.execute(sql`insert into orders (id, user_id, seller_id, buyer_name, seller_name, shipping_full_name,
        shipping_address, shipping_city, shipping_postal_code, shipping_country, payment_method,
        items_price_ore, shipping_price_ore, total_price_ore, is_paid)
      values (${ORDER}, ${U.buyer}, ${U.seller}, 'Bo', 'Saras Butik', 'Bo', 'Gatan 1', 'Umeå', '903 25', 'Sverige',
        'Swish', 100, 0, 100, true)`);
    await db.execute(sql`insert into order_items (order_id, seller_id, product_id, name, image, qty, price_ore, shipping_price_ore)
      values (${ORDER}, ${U.seller}, ${PRODUCT}, 'Lampa', '', 1, 100, 0)`);
    await db.execute(sql`insert into reviews (product_id, seller_id, user_id, name, rating, comment) values
      (${PRODUCT}, ${U.seller}, ${U.buyer}, 'Bo Köpare', 5, 'Bra'),
      (${PRODUCT}, ${U.seller}, ${U.drive}, 'Drive By', 1, 'Dålig'),
      (${PRODUCT}, ${U.seller}, ${U.gone}, 'Greta Gammal', 1, 'Usel'),
      (${PRODUCT}, ${U.seller}, null, 'Nils Borta', 1, 'Usel')`);
    await db.execute(sql`update sellers set rating = 2, num_reviews = 4`);

    await migrations.migrateRest();

    const [shop] = await queryRows<{ email: string; rating: number; num_reviews: number }>(
      db,
      sql`select email, rating, num_reviews from sellers`,
    );
    expect(shop).toEqual({ email: 'sara@example.se', rating: 5, num_reviews: 1 });
    const reviews = await queryRows<{ name: string; verified: boolean }>(
      db,
      sql`select name, verified from reviews order by comment, name`,
    );
    expect(reviews).toEqual([
      { name: 'Bo Köpare', verified: true },
      { name: 'Drive By', verified: false },
      { name: 'Tidigare kund', verified: false },
      { name: 'Tidigare kund', verified: false },
    ]);

    // Products now version every change of the form's fields or stock, and nothing else.
    const version = async () =>
      (await queryRows<{ version: number }>(db, sql`select version from products where id = ${PRODUCT}`))[0]?.version;
    expect(await version()).toBe(0);
    await db.execute(sql`update products set count_in_stock = count_in_stock - 1 where id = ${PRODUCT}`);
    expect(await version()).toBe(1);
    await db.execute(sql`update products set rating = 4, num_reviews = 1 where id = ${PRODUCT}`);
    expect(await version()).toBe(1);
    // A version written by hand was ignored by 0004's trigger; since 0026 it is refused.
    await expect(db.execute(sql`update products set version = 99 where id = ${PRODUCT}`)).rejects.toMatchObject({
      cause: expect.objectContaining({ constraint: 'products_version_grows' }),
    });
    expect(await version()).toBe(1);
  });
});
