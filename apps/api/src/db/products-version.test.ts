/**
 * Migration 0026: products has no BEFORE UPDATE row trigger, so an UPDATE recomputes only the
 * generated columns whose inputs it sets; the version and the seller status still follow every
 * statement, set by the API's statements themselves or after the write by AFTER triggers.
 */
import { eq, type SQL, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Db, queryRows } from '#api/db/client.ts';
import { EDITED_FIELDS, propertyOfColumn } from '#api/db/product-fields.ts';
import { products, users } from '#api/db/schema.ts';
import { type EditedFields, stockAndVersionSet, versionAfterEdit } from '#api/modules/catalog/product-version.ts';
import { createProduct, createSeller, createUser } from '#api/test/fixtures.ts';
import { createTestDatabase, type TestDatabase } from '#api/test/test-database.ts';

let database: TestDatabase;

beforeAll(async () => {
  database = await createTestDatabase();
});
afterAll(() => database.destroy());

const row = async (db: Db, id: string) => {
  const [found] = await db
    .select({ version: products.version, stock: products.countInStock, active: products.sellerActive })
    .from(products)
    .where(eq(products.id, id));
  return found;
};

/**
 * What `statement` made PostgreSQL do, counted by PostgreSQL itself within its transaction: how
 * often each PL/pgSQL function ran (track_functions), and how many product rows were written
 * (a second write of a row counts again).
 */
async function workDuring(
  db: Db,
  statement: SQL,
  functions: string[] = [],
): Promise<{ calls: Record<string, number>; rowsWritten: number }> {
  return db.transaction(async (tx) => {
    await tx.execute(sql`set local track_functions = 'pl'`);
    const written = async () =>
      Number(
        (await queryRows<{ n: number }>(tx, sql`select pg_stat_get_xact_tuples_updated('products'::regclass) as n`))[0]
          ?.n,
      );
    const writtenBefore = await written();
    await tx.execute(statement);
    const rowsWritten = (await written()) - writtenBefore;
    const rows = await queryRows<{ name: string; calls: string | number | null }>(
      tx,
      sql`select f.name, pg_stat_get_xact_function_calls(f.name::regproc) as calls
          from unnest(${sql.raw(`array[${functions.map((name) => `'${name}'`).join(', ')}]::text[]`)}) as f (name)`,
    );
    return { calls: Object.fromEntries(rows.map((r) => [r.name, Number(r.calls ?? 0)])), rowsWritten };
  });
}

describe('products without a BEFORE UPDATE row trigger (migration 0026)', () => {
  it('has none, so PostgreSQL may skip the generated columns an UPDATE cannot change', async () => {
    // tgtype's bits: 1 row, 2 before, 16 update.
    const before = await queryRows<{ name: string }>(
      database.db,
      sql`select tgname as name from pg_trigger
          where tgrelid = 'products'::regclass and not tgisinternal and tgtype & 19 = 19`,
    );
    expect(before).toEqual([]);
  });

  it('a sale recomputes the JSON of the stock, not the name’s search text; an edit of the name does', async () => {
    const { db } = database;
    const { user } = await createSeller(db);
    const made = await createProduct(db, user.id, { name: 'Golvlampa Ärlig', countInStock: 9 });
    const generated = [
      'torget_search_text',
      'torget_find_text',
      'torget_product_shown_head',
      'torget_product_shown_tail',
    ];
    const sale = sql`update ${products} set ${stockAndVersionSet(sql`${products.countInStock} - 1`)} where id = ${made.id}`;
    expect((await workDuring(db, sale, generated)).calls).toEqual({
      torget_search_text: 0,
      torget_find_text: 0,
      torget_product_shown_head: 1,
      torget_product_shown_tail: 1,
    });
    const rename = sql`update ${products} set name = 'Taklampa', version = version + 1 where id = ${made.id}`;
    // The name's search text, and the find text (decision 298), which folds the name and the
    // other fields with it: three calls of torget_search_text in all.
    const renamed = (await workDuring(db, rename, generated)).calls;
    expect(renamed.torget_find_text).toBe(1);
    expect(renamed.torget_search_text).toBe(3);
    expect(await row(db, made.id)).toMatchObject({ version: 2, stock: 8 });
  });

  it('grows the version once for a statement that sets it, and after the write for one that does not', async () => {
    const { db } = database;
    const { user } = await createSeller(db);
    const made = await createProduct(db, user.id, { countInStock: 5 });
    const versionOf = async () => (await row(db, made.id))?.version;
    expect(await versionOf()).toBe(0);
    await db.execute(
      sql`update ${products} set ${stockAndVersionSet(sql`${products.countInStock} - 2`)} where id = ${made.id}`,
    );
    expect(await versionOf()).toBe(1);
    // Forgotten by the statement: the trigger grows it, once.
    await db.execute(sql`update products set count_in_stock = count_in_stock - 1 where id = ${made.id}`);
    expect(await versionOf()).toBe(2);
    await db.update(products).set({ category: 'Sport', brand: 'Ny' }).where(eq(products.id, made.id));
    expect(await versionOf()).toBe(3);
    // Neither ratings nor a write of the same values are a change.
    await db.execute(sql`update products set rating = 4, num_reviews = 1 where id = ${made.id}`);
    await db.execute(sql`update products set category = 'Sport' where id = ${made.id}`);
    expect(await versionOf()).toBe(3);
    // Any version but the next is refused, and nothing of the statement is kept.
    const refused = { cause: expect.objectContaining({ code: '23514', constraint: 'products_version_grows' }) };
    await expect(
      db.execute(sql`update products set version = 99, count_in_stock = 0 where id = ${made.id}`),
    ).rejects.toMatchObject(refused);
    await expect(
      db.execute(sql`update products set version = version - 1 where id = ${made.id}`),
    ).rejects.toMatchObject(refused);
    expect(await row(db, made.id)).toMatchObject({ version: 3, stock: 2 });
  });

  it('writes a row once for the API’s own statements: a sale, an edit that changes something or nothing', async () => {
    const { db } = database;
    const { user } = await createSeller(db);
    const made = await createProduct(db, user.id, { countInStock: 5 });
    const versionOf = async () => (await row(db, made.id))?.version;
    const sale = sql`update ${products} set ${stockAndVersionSet(sql`${products.countInStock} - 1`)} where id = ${made.id}`;
    expect(await workDuring(db, sale, ['products_version_follows'])).toEqual({
      calls: { products_version_follows: 0 },
      rowsWritten: 1,
    });
    expect(await versionOf()).toBe(1);
    // The edit form's fields as saved, but the stock.
    const saved = Object.fromEntries(
      EDITED_FIELDS.map(({ column }) => [propertyOfColumn(column), made[propertyOfColumn(column)]]),
    );
    const form = { ...(saved as EditedFields), countInStock: 4 };
    const edit = (fields: EditedFields) =>
      db
        .update(products)
        .set({ ...fields, version: versionAfterEdit(fields) })
        .where(eq(products.id, made.id))
        .getSQL();
    expect((await workDuring(db, edit(form))).rowsWritten).toBe(1);
    expect(await versionOf()).toBe(1);
    expect((await workDuring(db, edit({ ...form, description: 'Ny text' }))).rowsWritten).toBe(1);
    expect(await versionOf()).toBe(2);
    expect((await workDuring(db, edit({ ...form, description: 'Ny text' }))).rowsWritten).toBe(1);
    expect(await versionOf()).toBe(2);
    // A statement that leaves the version to the database costs a second write.
    const forgetful = sql`update ${products} set count_in_stock = count_in_stock - 1 where id = ${made.id}`;
    expect((await workDuring(db, forgetful)).rowsWritten).toBe(2);
    expect(await versionOf()).toBe(3);
  });

  it('keeps the seller status of a product moved to another seller, or written by hand', async () => {
    const { db } = database;
    const { user: active } = await createSeller(db);
    const revoked = await createUser(db, { isSeller: false });
    const made = await createProduct(db, active.id);
    expect((await row(db, made.id))?.active).toBe(true);
    await db.update(products).set({ sellerId: revoked.id }).where(eq(products.id, made.id));
    expect((await row(db, made.id))?.active).toBe(false);
    await db.update(products).set({ sellerActive: true }).where(eq(products.id, made.id));
    expect((await row(db, made.id))?.active).toBe(false);
    // A change of the seller's status reaches the product, as before.
    await db.update(users).set({ isSeller: true }).where(eq(users.id, revoked.id));
    expect((await row(db, made.id))?.active).toBe(true);
  });
});
