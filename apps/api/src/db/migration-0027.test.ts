/**
 * Migration 0027 on a database that already holds paid PayPal orders: each capture that paid an
 * order becomes a row of paypal_captures, so that table is the whole record of PayPal money.
 */
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type DatabaseBeforeMigration, databaseBeforeMigration } from '#api/test/migrations-before.ts';
import { type Database, queryRows } from './client';

let migrations: DatabaseBeforeMigration;
let database: Database;

beforeAll(async () => {
  // The migrations as they were before 0027.
  migrations = await databaseBeforeMigration('0027');
  database = migrations.database;
});
afterAll(() => migrations.close());

const SELLER = '00000000-0000-4000-8000-000000000001';
const BUYER = '00000000-0000-4000-8000-000000000002';
const PAID = '00000000-0000-4000-8000-0000000000b1';
const UNPAID = '00000000-0000-4000-8000-0000000000b2';

describe('migration 0027 over existing data', () => {
  it('records the capture of every paid PayPal order as having paid it, and nothing else', async () => {
    const { db } = database;
    await db.execute(sql`insert into users (id, name, email, password_hash, is_seller) values
      (${SELLER}, 'Sara Säljare', 'sara@example.se', '!', true),
      (${BUYER}, 'Bo Köpare', 'bo@example.se', '!', false)`);
    for (const [id, capture] of [
      [PAID, 'CAPTURE0000000001'],
      [UNPAID, null],
    ] as const) {
      await db.execute(sql`insert into orders (id, user_id, seller_id, buyer_name, seller_name, shipping_full_name,
          shipping_address, shipping_city, shipping_postal_code, shipping_country, payment_method,
          items_price_ore, shipping_price_ore, total_price_ore, is_paid, paid_at, paypal_capture_id, payment_result)
        values (${id}, ${BUYER}, ${SELLER}, 'Bo', 'Saras Butik', 'Bo', 'Gatan 1', 'Umeå', '903 25', 'Sverige',
          'PayPal', 24900, 4900, 29800, ${capture !== null}, ${capture ? sql`now()` : null}, ${capture},
          ${capture ? sql`'{"id":"PAYPALORDER000001","status":"COMPLETED"}'::jsonb` : null})`);
    }

    await migrations.migrateRest();

    const rows = await queryRows<Record<string, unknown>>(
      db,
      sql`select capture_id, paypal_order_id, order_id, amount_ore::integer as amount_ore, currency, outcome, refund_state, attempts
          from paypal_captures`,
    );
    expect(rows).toEqual([
      {
        capture_id: 'CAPTURE0000000001',
        paypal_order_id: 'PAYPALORDER000001',
        order_id: PAID,
        amount_ore: 29800,
        currency: 'SEK',
        outcome: 'paid',
        refund_state: 'none',
        attempts: 0,
      },
    ]);
    // An outcome that pays nothing must be refunded; a paid one never is.
    await expect(
      db.execute(sql`update paypal_captures set refund_state = 'due' where capture_id = 'CAPTURE0000000001'`),
    ).rejects.toMatchObject({ cause: expect.objectContaining({ constraint: 'paypal_captures_refund_check' }) });
  });
});
