/**
 * Rows read as text (text-rows.ts) through pg's and PGlite's documented query options: every
 * column as written, in select order, for a statement prepared once and run again, for an unnamed
 * one, and after a failed run; the same from PGlite in its worker as from the test database.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { sql } from 'drizzle-orm';
import { PgDialect } from 'drizzle-orm/pg-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, type TestDatabase } from '#api/test/test-database.ts';
import { type Database, openDatabase } from './client';
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

describe('rows read as text from PGlite in its worker, through the pool over its socket', () => {
  const folder = mkdtempSync(join(tmpdir(), 'torget-text-rows-'));
  let worker: Database;
  beforeAll(async () => {
    worker = await openDatabase({ dataDir: folder, pgliteWorker: true });
    await worker.db.execute(sql`create table kept (n int)`);
  }, 120_000);
  afterAll(async () => {
    await worker.close();
    rmSync(folder, { recursive: true, force: true });
  });

  it('gives the same rows as the pool: named, run again, unnamed, NULLs and text', async () => {
    const statement = numbersStatement('text_rows_test_numbers');
    for (const upto of [3, 0, 2]) {
      expect(await textRows(worker.db, statement, { upto })).toEqual(await textRows(database.db, statement, { upto }));
    }
    const unnamed = await textRows(worker.db, numbersStatement(), { upto: 2 });
    expect(unnamed.map((row) => row.slice(0, 4))).toEqual([
      ['1', 'rad 1', null, 'f'],
      ['2', 'rad 2', null, 't'],
    ]);
    const words = textStatement(
      {
        toSQL: () =>
          dialect.sqlToQuery(sql`select ${sql.placeholder('word')}::text || 'ä', ${sql.placeholder('list')}::int[]`),
      },
      'text_rows_test_words',
    );
    expect(await textRows(worker.db, words, { word: 'Umeå ', list: [1, 2] })).toEqual([['Umeå ä', '{1,2}']]);
  });

  it("refuses with the database's error and code, and the next reads go on", async () => {
    const failing = textStatement(
      { toSQL: () => dialect.sqlToQuery(sql`select 1 / ${sql.placeholder('zero')}::int`) },
      'text_rows_test_failing',
    );
    await expect(textRows(worker.db, failing, { zero: 0 })).rejects.toMatchObject({
      message: 'division by zero',
      code: '22012',
    });
    expect(await textRows(worker.db, failing, { zero: 1 })).toEqual([['1']]);
    // A statement that never parsed is parsed again with the text the worker kept.
    const broken = textStatement(
      { toSQL: () => ({ sql: 'select nope from nowhere', params: [] }) },
      'text_rows_test_broken',
    );
    await expect(textRows(worker.db, broken)).rejects.toMatchObject({ code: '42P01' });
    await expect(textRows(worker.db, broken)).rejects.toMatchObject({ code: '42P01' });
    expect(await textRows(worker.db, numbersStatement('text_rows_test_numbers'), { upto: 1 })).toHaveLength(1);
  });

  it('waits for a transaction in progress instead of reading inside it', async () => {
    const count = textStatement(
      { toSQL: () => ({ sql: 'select count(*) from kept', params: [] }) },
      'text_rows_test_count',
    );
    let during: Promise<string[][]> | null = null;
    await expect(
      worker.db.transaction(async (tx) => {
        await tx.execute(sql`insert into kept values (1)`);
        during = textRows(worker.db, count) as Promise<string[][]>;
        // Let the read reach the worker while the transaction holds PGlite's session.
        await new Promise((resolve) => setTimeout(resolve, 50));
        throw new Error('rolled back on purpose');
      }),
    ).rejects.toThrow(/on purpose/);
    expect(await during).toEqual([['0']]);
    await worker.db.execute(sql`insert into kept values (2)`);
    expect(await textRows(worker.db, count)).toEqual([['1']]);
  });

  it('fails a read once the worker is gone, instead of waiting for it', async () => {
    const own = mkdtempSync(join(tmpdir(), 'torget-text-rows-'));
    try {
      const closing = await openDatabase({ dataDir: own, pgliteWorker: true });
      await closing.close();
      await expect(textRows(closing.db, numbersStatement(), { upto: 1 })).rejects.toThrow();
    } finally {
      rmSync(own, { recursive: true, force: true });
    }
    // A worker's first start makes its cluster (initdb): seconds, more on a busy machine.
  }, 120_000);
});
