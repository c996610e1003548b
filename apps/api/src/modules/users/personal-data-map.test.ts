/**
 * No table of personal data is forgotten: every column of the migrated schema that refers to a
 * user (a foreign key to users or sellers, or a column named as a user's id) is either exported or
 * left out with a reason (personal-data-map.ts), and every table the export reads is in a
 * category of the privacy page's list, whose tables all exist.
 */
import { PERSONAL_DATA_CATEGORIES } from '@torget/shared/rules/personal-data';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows } from '#api/db/client.ts';
import { createTestDatabase, type TestDatabase } from '#api/test/test-database.ts';
import { USER_ID_COLUMN, USER_REFERENCES } from './personal-data-map';

let database: TestDatabase;
let references: string[];
let tables: Set<string>;

beforeAll(async () => {
  database = await createTestDatabase({ poolSize: 2 });
  const foreignKeys = await queryRows<{ ref: string }>(
    database.db,
    sql`select c.conrelid::regclass::text || '.' || a.attname as ref
        from pg_constraint c
        join pg_attribute a on a.attrelid = c.conrelid and a.attnum = any (c.conkey)
        where c.contype = 'f' and c.confrelid in ('users'::regclass, 'sellers'::regclass)`,
  );
  const columns = await queryRows<{ table_name: string; column_name: string }>(
    database.db,
    sql`select table_name, column_name from information_schema.columns
        where table_schema = 'public' and data_type = 'uuid'`,
  );
  const named = columns
    .filter((column) => USER_ID_COLUMN.test(column.column_name))
    .map((column) => `${column.table_name}.${column.column_name}`);
  references = [...new Set([...foreignKeys.map((row) => row.ref), ...named])].sort();
  const tableRows = await queryRows<{ table_name: string }>(
    database.db,
    sql`select table_name from information_schema.tables where table_schema = 'public'`,
  );
  tables = new Set(tableRows.map((row) => row.table_name));
});
afterAll(() => database.destroy());

const categoryTables: string[] = PERSONAL_DATA_CATEGORIES.flatMap((category) => [...category.tables]);

describe('the personal-data map against the schema', () => {
  it('finds the references it is about', () => {
    // The control: the finder sees the foreign keys and the id columns kept without one.
    expect(references).toContain('orders.user_id');
    expect(references).toContain('ledger_entries.created_by');
    expect(references.length).toBeGreaterThan(15);
  });

  it('names every reference to a user as exported or left out with a reason', () => {
    const unmapped = references.filter((reference) => !(reference in USER_REFERENCES));
    expect(unmapped, 'references to users that the export neither carries nor excludes').toEqual([]);
    for (const [reference, use] of Object.entries(USER_REFERENCES)) {
      if ('excluded' in use) expect(use.excluded.length, reference).toBeGreaterThan(40);
    }
  });

  it('has no entry for a column the schema does not have', () => {
    expect(Object.keys(USER_REFERENCES).filter((reference) => !references.includes(reference))).toEqual([]);
  });

  it('puts every exported table in a category of the privacy page, and each category’s tables exist', () => {
    const exportedTables = Object.entries(USER_REFERENCES)
      .filter(([, use]) => 'section' in use)
      .map(([reference]) => reference.split('.')[0] ?? '');
    expect([...new Set(['users', ...exportedTables])].filter((table) => !categoryTables.includes(table))).toEqual([]);
    expect(categoryTables.filter((table) => !tables.has(table))).toEqual([]);
  });
});
