/**
 * The functions and triggers of db/sql (sql-definitions.ts): the files hold exactly what the
 * migrations left in the database, a changed file is applied by the next migrate and an unchanged
 * set is not, and what no file defines any more is dropped. Runs on PGlite and, with
 * TEST_DATABASE_URL, on PostgreSQL.
 */
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adminQuery } from '#api/test/postgres-admin.ts';
import { createServerDatabaseCopy } from '#api/test/test-database.ts';
import { clientOf, type Database, openDatabase, queryRows } from './client';
import { latestMigration, migrate, migrateFolder, migrationsFolder } from './migrate';
import {
  applySqlDefinitions,
  readSqlDefinitions,
  type SqlDefinitions,
  type SqlDefinitionsOutcome,
  sqlDefinitionsOf,
  withConnectionOf,
} from './sql-definitions';

let database: Database;
let destroy: () => Promise<void>;
/** The server the project runs on (api-postgres); undefined on PGlite. */
const serverUrl = process.env.TORGET_TEST_DB === 'postgres' ? process.env.TEST_DATABASE_URL : undefined;
/** This file's database on that server. */
let serverDatabaseUrl = '';

/** An empty database: in-memory PGlite, or a new database on the server (project api-postgres). */
beforeAll(async () => {
  const url = serverUrl;
  if (!url) {
    database = await openDatabase({});
    destroy = () => database.close();
    return;
  }
  const created = await createServerDatabaseCopy(url, 'test', { migrated: false });
  database = await openDatabase({ url: created.url, poolSize: 2 });
  serverDatabaseUrl = created.url;
  destroy = async () => {
    await database.close();
    await adminQuery(url, `drop database if exists ${created.name} with (force)`);
  };
});
afterAll(() => destroy());

/** Every routine and trigger of the public schema (not extensions' nor internal ones), as PostgreSQL prints it. */
async function definitionsInDatabase(): Promise<Record<string, string>> {
  const rows = await queryRows<{ name: string; definition: string }>(
    database.db,
    sql`select 'routine ' || p.oid::regprocedure::text as name, pg_get_functiondef(p.oid) as definition
        from pg_proc p
        where p.pronamespace = 'public'::regnamespace and p.prokind in ('f', 'p')
          and not exists (select 1 from pg_depend d
                          where d.classid = 'pg_proc'::regclass and d.objid = p.oid and d.deptype = 'e')
        union all
        select 'trigger ' || t.tgname || ' on ' || t.tgrelid::regclass::text, pg_get_triggerdef(t.oid)
        from pg_trigger t join pg_class c on c.oid = t.tgrelid
        where c.relnamespace = 'public'::regnamespace and not t.tgisinternal`,
  );
  return Object.fromEntries(rows.map((row) => [row.name, row.definition]));
}

const client = () => clientOf(database.db)?.client;
/** Applies `definitions` as migrate() does after the latest migration (or after `migration`). */
const apply = (definitions: SqlDefinitions, migration = latestMigration()): Promise<SqlDefinitionsOutcome> =>
  withConnectionOf(client(), (connection) => applySqlDefinitions(connection, definitions, migration));

async function recorded(): Promise<{ hash: string; appliedAt: string }> {
  const [row] = await queryRows<{ hash: string; appliedAt: string }>(
    database.db,
    sql`select hash, applied_at::text as "appliedAt" from torget_sql_definitions`,
  );
  if (!row) throw new Error('no recorded hash');
  return row;
}

/** The files with one of them changed (or added): `edit` of its text. */
function withFile(definitions: SqlDefinitions, name: string, edit: (text: string) => string): SqlDefinitions {
  const others = definitions.files.filter((file) => file.name !== name);
  const text = definitions.files.find((file) => file.name === name)?.text ?? '';
  return sqlDefinitionsOf([...others, { name, text: edit(text) }]);
}

/** What order_stock_taken raises for one line taken of two (drizzle's error has the database's as its cause). */
async function guardMessage(): Promise<string> {
  try {
    await database.db.execute(sql`select order_stock_taken(1, 2)`);
  } catch (error) {
    return ((error as Error).cause as Error).message;
  }
  return 'no error';
}

const files = readSqlDefinitions();

/**
 * The routines and triggers whose file says something other than the migration that defined them
 * last: each change to a definition after the migrations stopped defining them is listed here,
 * so that no file changes a routine unnoticed.
 */
const CHANGED_IN_FILES = [
  // A product's rating from its verified reviews; a draft cannot be reviewed.
  'routine torget_rate_product(uuid)',
  'routine torget_add_review(uuid,uuid,text,smallint,text,text,uuid,boolean,timestamp with time zone)',
  // seller_active also leaves out hidden and removed products (docs/decisions/243).
  'routine products_take_seller_status()',
  'routine products_seller_status_follows()',
  'routine users_give_seller_status()',
  'trigger products_seller_status_follows on products',
  // The counts also keep every product per state, alone and with its category (docs/decisions/297).
  'routine catalogue_counts_rebuild()',
  'routine products_count_inserted()',
  'routine products_count_deleted()',
  'routine products_count_updated()',
  'trigger products_count_updated on products',
];

/**
 * The routines and triggers only the files define (new since the migrations stopped defining
 * them): their tables came with a migration, their definitions with a file.
 */
const ADDED_IN_FILES = [
  // The catalogue search's lookup of a word's forms in the names' words (decision 298).
  'routine search_dictionary_forms(text,integer)',
  'routine search_found_products(text,text,integer,text,text,integer,integer,real)',
  // The ledger: the rounding of a share, an order's sale booked, and the trigger keeping its
  // entries append-only.
  'routine torget_share_ore(bigint,integer)',
  'routine torget_book_order_paid(uuid,bigint,uuid,text,bigint,integer,integer)',
  'routine torget_ledger_append_only()',
  'trigger ledger_entries_append_only on ledger_entries',
  'trigger ledger_entries_no_truncate on ledger_entries',
  // A PayPal capture booked in one statement: the capture stored, the order paid, its sale booked.
  'routine torget_book_paypal_capture(text,text,uuid,bigint,text,boolean,jsonb,integer,integer)',
  // Favourites: a saved product back in stock leaves a notice for the favourites mail.
  'routine torget_favourites_back_in_stock()',
  'trigger products_favourites_back_in_stock on products',
  // Sale prices: the price in force, the 30-day lowest price and the price history it reads.
  'routine products_record_price()',
  'routine torget_lowest_price_before(uuid,timestamp with time zone,integer)',
  'routine torget_price_in_force(integer,integer,timestamp with time zone,timestamp with time zone,timestamp with time zone)',
  'routine torget_product_sale_json(uuid,integer,integer,timestamp with time zone,timestamp with time zone,timestamp with time zone)',
  'trigger products_price_recorded on products',
  // The admin's product list's counts per state (docs/decisions/297).
  'routine torget_product_state(boolean,boolean,boolean,boolean)',
  'routine product_count_keys(text,uuid,boolean,boolean,boolean,boolean)',
];

/**
 * Generated from the product's field list (db/product-version-sql.ts): the same as the
 * migration's while the edit form's fields are those it named, and changed with them.
 */
const GENERATED_FROM_FIELDS = new Set([
  'routine products_version_follows()',
  'trigger products_version_follows on products',
]);

/**
 * What the files drop of what the migrations left: the hand-written functions of the product's
 * JSON text, which the kept columns stop calling when the files re-create them with the field
 * list's generated functions.
 */
const REPLACED_BY_GENERATED = [
  'drop routine torget_product_json_head(uuid,text,integer,text,text,text,integer,text,real,integer,real,integer,integer,text,uuid)',
  'drop routine torget_product_json_tail(timestamp with time zone,timestamp with time zone,integer,jsonb,text,bigint,boolean)',
];

describe('db/sql over the migrations', () => {
  it('holds the definitions the migrations leave, changed only where listed: applying it drops only what was replaced', async () => {
    // The migrations alone, as every database was migrated before db/sql existed.
    await migrateFolder(database.db, migrationsFolder());
    const fromMigrations = await definitionsInDatabase();
    expect(Object.keys(fromMigrations)).toContain(
      'routine torget_add_review(uuid,uuid,text,smallint,text,text,uuid,boolean,timestamp with time zone)',
    );
    expect(Object.keys(fromMigrations)).toContain('trigger products_version_follows on products');

    const outcome = await apply(files);
    // The files define every routine and trigger the migrations made, but those replaced.
    expect(outcome).toEqual({ applied: true, dropped: REPLACED_BY_GENERATED });
    const replaced = REPLACED_BY_GENERATED.map((statement) => statement.replace('drop routine ', 'routine '));
    for (const name of replaced) delete fromMigrations[name];
    // And each exactly as the migration that defined it last did, but for those changed in their
    // file since (the migrations define none any more, so a change shows here and nowhere else).
    const fromFiles = await definitionsInDatabase();
    // The field list's generated functions that replaced them are new, as are the routines and
    // triggers only the files define.
    const added = Object.keys(fromFiles).filter((name) => name.startsWith('routine torget_product_shown_'));
    expect(added).toHaveLength(2);
    expect(Object.keys(fromFiles).sort()).toEqual([...Object.keys(fromMigrations), ...added, ...ADDED_IN_FILES].sort());
    const changed = Object.keys(fromMigrations).filter(
      (name) => fromFiles[name] !== fromMigrations[name] && !GENERATED_FROM_FIELDS.has(name),
    );
    expect(changed.sort()).toEqual([...CHANGED_IN_FILES].sort());
    expect((await recorded()).hash).toBe(files.hash);
  });

  it('is not applied again while the files are unchanged', async () => {
    const before = await recorded();
    expect(await apply(files)).toEqual({ applied: false, dropped: [] });
    await migrate(database, { definitions: files });
    expect(await recorded()).toEqual(before);
  });

  it('applies a changed file at the next migrate', async () => {
    const changed = withFile(files, '80-orders-stock.sql', (text) =>
      text.replace("'order stock guard: % of % lines taken'", "'order stock guard (changed): % of % lines taken'"),
    );
    expect(changed.files.find((file) => file.name === '80-orders-stock.sql')?.text).toContain('(changed)');
    await migrate(database, { definitions: changed });
    expect(await guardMessage()).toBe('order stock guard (changed): 1 of 2 lines taken');
    expect((await recorded()).hash).toBe(changed.hash);

    await migrate(database, { definitions: files });
    expect(await guardMessage()).toBe('order stock guard: 1 of 2 lines taken');
  });

  it('is applied again after a new migration, so the files have the last word over it', async () => {
    // A later migration that had to replace a function (migrations-define-no-routines.test.ts)
    // with a text other than its file's.
    await database.db.execute(sql`create or replace function order_stock_taken(taken bigint, wanted integer)
      returns boolean language plpgsql as $$ begin raise exception 'from a migration'; end $$`);
    expect(await apply(files)).toEqual({ applied: false, dropped: [] });
    expect(await guardMessage()).toBe('from a migration');

    expect(await apply(files, '9999_next')).toEqual({ applied: true, dropped: [] });
    expect(await guardMessage()).toBe('order stock guard: 1 of 2 lines taken');
    await migrate(database, { definitions: files });
    expect(await guardMessage()).toBe('order stock guard: 1 of 2 lines taken');
  });

  it('drops a function and a trigger that no file defines any more', async () => {
    const extra = withFile(
      files,
      '90-extra.sql',
      () => `CREATE OR REPLACE FUNCTION torget_test_extra() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  RETURN NULL;
END
$$;
CREATE OR REPLACE TRIGGER torget_test_extra AFTER DELETE ON sellers
FOR EACH STATEMENT EXECUTE FUNCTION torget_test_extra();`,
    );
    expect(await apply(extra)).toEqual({ applied: true, dropped: [] });
    const withExtra = await definitionsInDatabase();
    expect(Object.keys(withExtra)).toEqual(
      expect.arrayContaining(['routine torget_test_extra()', 'trigger torget_test_extra on sellers']),
    );

    expect(await apply(files)).toEqual({
      applied: true,
      dropped: ['drop trigger torget_test_extra on sellers', 'drop routine torget_test_extra()'],
    });
    const after = await definitionsInDatabase();
    expect(after['routine torget_test_extra()']).toBeUndefined();
    expect(after['trigger torget_test_extra on sellers']).toBeUndefined();
  });

  it('fails whole, keeping every definition, when a dropped function is still in use', async () => {
    const before = await definitionsInDatabase();
    const hash = (await recorded()).hash;
    // torget_search_text computes the stored column products.search_text: it cannot go.
    const without = withFile(files, '10-search-text.sql', (text) =>
      text.replace(/CREATE OR REPLACE FUNCTION torget_search_text[\s\S]*?\$\$;/, ''),
    );
    expect(without.files.find((file) => file.name === '10-search-text.sql')?.text).not.toContain(
      'FUNCTION torget_search_text(',
    );
    await expect(migrate(database, { definitions: without })).rejects.toThrow(
      'drop routine torget_search_text(text) (no file defines it any more)',
    );
    expect(await definitionsInDatabase()).toEqual(before);
    expect((await recorded()).hash).toBe(hash);
  });

  // PGlite has one process: only a server has instances migrating at once.
  it.runIf(serverUrl)("is applied by one of several instances migrating at once (the migrations' lock)", async () => {
    const changed = withFile(files, '80-orders-stock.sql', (text) => `${text}\n-- changed once more\n`);
    const others = await Promise.all([1, 2, 3].map(() => openDatabase({ url: serverDatabaseUrl, poolSize: 1 })));
    try {
      // Without the lock, two transactions replacing the same functions fail ("tuple concurrently updated").
      await Promise.all(others.map((other) => migrate(other, { definitions: changed })));
    } finally {
      await Promise.all(others.map((other) => other.close()));
    }
    const rows = await queryRows<{ hash: string }>(database.db, sql`select hash from torget_sql_definitions`);
    expect(rows).toEqual([{ hash: changed.hash }]);
    await migrate(database, { definitions: files });
  });

  it('names the file whose statement failed', async () => {
    const broken = withFile(files, '80-orders-stock.sql', (text) => `${text}\nCREATE OR REPLACE FUNCTION broken(`);
    await expect(apply(broken)).rejects.toThrow(/^db\/sql\/80-orders-stock\.sql: /);
  });
});
