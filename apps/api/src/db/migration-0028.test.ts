/**
 * Migration 0028 on a database that already holds reviews: each reviewed product is rated from
 * its verified reviews when it has one (else from all of them), its verified figures are set, and
 * its kept JSON shows them; a product without reviews is left as it was.
 */
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type DatabaseBeforeMigration, databaseBeforeMigration } from '#api/test/migrations-before.ts';
import { type Database, queryRows } from './client';

let migrations: DatabaseBeforeMigration;
let database: Database;

beforeAll(async () => {
  // The migrations as they were before 0028.
  migrations = await databaseBeforeMigration('0028');
  database = migrations.database;
});
afterAll(() => migrations.close());

const SELLER = '00000000-0000-4000-8000-000000000001';
const BUYERS = ['00000000-0000-4000-8000-000000000002', '00000000-0000-4000-8000-000000000003'];
const BOUGHT = '00000000-0000-4000-8000-0000000000a1';
const NOT_BOUGHT = '00000000-0000-4000-8000-0000000000a2';
const UNREVIEWED = '00000000-0000-4000-8000-0000000000a3';

describe('migration 0028 over existing reviews', () => {
  it('rates the reviewed products by the new rule and shows the verified figures', async () => {
    const { db } = database;
    await db.execute(sql`insert into users (id, name, email, password_hash, is_seller) values
      (${SELLER}, 'Sara Säljare', 'sara@example.se', '!', true),
      (${BUYERS[0]}, 'Bo Köpare', 'bo@example.se', '!', false),
      (${BUYERS[1]}, 'Drive By', 'drive@example.se', '!', false)`);
    await db.execute(sql`insert into sellers (user_id, name) values (${SELLER}, 'Saras Butik')`);
    await db.execute(sql`insert into products (id, seller_id, name, count_in_stock) values
      (${BOUGHT}, ${SELLER}, 'Köpt lampa', 5), (${NOT_BOUGHT}, ${SELLER}, 'Okänd lampa', 5),
      (${UNREVIEWED}, ${SELLER}, 'Orecenserad lampa', 5)`);
    await db.execute(sql`insert into reviews (product_id, seller_id, user_id, name, rating, comment, verified) values
      (${BOUGHT}, ${SELLER}, ${BUYERS[0]}, 'Bo Köpare', 4, 'Bra', true),
      (${BOUGHT}, ${SELLER}, ${BUYERS[1]}, 'Drive By', 1, 'Dålig', false),
      (${NOT_BOUGHT}, ${SELLER}, ${BUYERS[0]}, 'Bo Köpare', 2, 'Sådär', false),
      (${NOT_BOUGHT}, ${SELLER}, ${BUYERS[1]}, 'Drive By', 5, 'Bäst', false)`);
    // The figures as the old rule wrote them: every review counted.
    await db.execute(sql`call torget_rate_all()`);
    const [old] = await queryRows<{ rating: number }>(db, sql`select rating from products where id = ${BOUGHT}`);
    expect(old?.rating).toBe(2.5);

    await migrations.migrateRest();

    const rows = await queryRows<{
      id: string;
      rating: number;
      num_reviews: number;
      verified_rating: number;
      num_verified_reviews: number;
      shown_head: string;
    }>(
      db,
      sql`select id, rating, num_reviews, verified_rating, num_verified_reviews, shown_head from products order by id`,
    );
    expect(rows.map(({ shown_head: _, ...figures }) => figures)).toEqual([
      { id: BOUGHT, rating: 4, num_reviews: 2, verified_rating: 4, num_verified_reviews: 1 },
      { id: NOT_BOUGHT, rating: 3.5, num_reviews: 2, verified_rating: 0, num_verified_reviews: 0 },
      { id: UNREVIEWED, rating: 0, num_reviews: 0, verified_rating: 0, num_verified_reviews: 0 },
    ]);
    expect(rows[0]?.shown_head).toContain('"rating":4,"numReviews":2,"verifiedRating":4,"numVerifiedReviews":1,');
    expect(rows[1]?.shown_head).toContain('"rating":3.5,"numReviews":2,"verifiedRating":0,"numVerifiedReviews":0,');
  });
});
