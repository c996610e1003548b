/**
 * Rows read as text (text-rows.ts): on PostgreSQL without a row description per run (the
 * Describe left out), so what comes back must still be every column as written, in select order,
 * for a statement prepared once and run again, for an unnamed one, and after a failed run.
 */
import { sql } from 'drizzle-orm';
import { PgDialect } from 'drizzle-orm/pg-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, type TestDatabase } from '#api/test/test-database.ts';
import { textRows, textStatement } from './text-rows';

const dialect = new PgDialect();
let database: TestDatabase;
beforeAll(async () => {
  database = await createTestDatabase();
});
afterAll(() => database.destroy());

/** A statement of a few kinds of column, one row per number up to `upto`. */
function numbersStatement(name?: string) {
  return textStatement(
    {
      toSQL: () =>
        dialect.sqlToQuery(sql`select i, 'rad ' || i as label, null::text as nothing,
               (i % 2 = 0) as even, timestamptz '2026-11-26 10:00:00+00' + i * interval '1 second' as at
             from generate_series(1, ${sql.placeholder('upto')}::int) as i`),
    },
    name,
  );
}

describe('rows read as text', () => {
  it('gives every column as written, a statement prepared once and run again', async () => {
    const statement = numbersStatement('text_rows_test_numbers');
    for (const upto of [3, 1, 0, 2]) {
      const rows = await textRows(database.db, statement, { upto });
      expect(rows).toHaveLength(upto);
      rows.forEach((row, index) => {
        const i = index + 1;
        expect(row.slice(0, 4)).toEqual([String(i), `rad ${i}`, null, i % 2 === 0 ? 't' : 'f']);
        expect(row[4]).toMatch(/^2026-11-26 10:00:0\d\+00$/);
      });
    }
  });

  it('reads an unnamed statement the same way', async () => {
    const rows = await textRows(database.db, numbersStatement(), { upto: 2 });
    expect(rows.map((row) => row.slice(0, 2))).toEqual([
      ['1', 'rad 1'],
      ['2', 'rad 2'],
    ]);
  });

  it("refuses with the database's error, and the next statement reads as before", async () => {
    const failing = textStatement(
      { toSQL: () => dialect.sqlToQuery(sql`select 1 / ${sql.placeholder('zero')}::int`) },
      'text_rows_test_failing',
    );
    await expect(textRows(database.db, failing, { zero: 0 })).rejects.toThrow(/division by zero/);
    expect(await textRows(database.db, failing, { zero: 1 })).toEqual([['1']]);
    expect(await textRows(database.db, numbersStatement('text_rows_test_numbers'), { upto: 1 })).toHaveLength(1);
  });
});
