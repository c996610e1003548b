/**
 * Migration 0029 on a database that already holds products: their kept JSON text is written
 * again by the functions generated from the field list, and the JSON the API answers with stays
 * the same to the byte. Only the split moved: the seller's name left the head for the brief
 * joined on each read, so the old head is the new one followed by `,"name":`.
 */
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type DatabaseBeforeMigration, databaseBeforeMigration } from '#api/test/migrations-before.ts';
import { type Database, queryRows } from './client';

let migrations: DatabaseBeforeMigration;
let database: Database;

beforeAll(async () => {
  migrations = await databaseBeforeMigration('0029');
  database = migrations.database;
});
afterAll(() => migrations.close());

const SELLER = '00000000-0000-4000-8000-000000000001';

interface Kept {
  id: string;
  head: string;
  tail: string;
}

const kept = (db: Database['db']) =>
  queryRows<Kept>(db, sql`select id, shown_head as head, shown_tail as tail from products order by id`);

describe('migration 0029 over existing products', () => {
  it('writes every product’s kept text again, the same JSON split after the seller’s id', async () => {
    const { db } = database;
    await db.execute(sql`insert into users (id, name, email, password_hash, is_seller)
      values (${SELLER}, 'Sara "Säljare"', 'sara@example.se', '!', true)`);
    await db.execute(sql`insert into products (id, seller_id, name, description, price_ore, shipping_price_ore,
        count_in_stock, rating, verified_rating, images, image, number, is_draft, created_at, updated_at) values
      ('00000000-0000-4000-8000-0000000000a1', ${SELLER}, 'Stol "Kurt" 🪑', e'rad\\nbrytning \\\\', 17228, 4900,
        2147483647, 4.5, 3.3333333, '["/u/a.webp", "/u/\\"b\\".webp"]', '/u/a.webp', 9007199254740991, false,
        '2026-01-02 03:04:05.678+00', '2026-01-02 03:04:05.123456+00'),
      ('00000000-0000-4000-8000-0000000000a2', ${SELLER}, '', '', 0, 0, 0, 0, 1e-7, '[]', '/u/only.webp', 1001, true,
        '2026-01-02 03:04:05+00', '2026-01-02 03:04:05+00'),
      ('00000000-0000-4000-8000-0000000000a3', ${SELLER}, 'Ära', '', 1, 99, 3, 4.9999995, 0, '[]', '', 1002, false,
        '1999-12-31 23:59:59.999999+00', '2026-01-02 03:04:05+00')`);
    const before = await kept(db);
    expect(before[0]?.head).toMatch(/"seller":\{"_id":"[^"]+","name":$/);

    await migrations.migrateRest();

    const after = await kept(db);
    expect(after.map(({ id, head, tail }) => ({ id, head: `${head},"name":`, tail }))).toEqual(before);
    expect(after[0]?.head).toMatch(/"seller":\{"_id":"[^"]+"$/);
  });
});
