/**
 * Handles on one database (handles.ts), statements prepared once and shared by every handle
 * (prepared-once.ts), and transactions (transaction.ts): whether a statement wrote is said by the
 * handle it went through, never by its text. Each write is counted once and told to the handle
 * that sent it, not to everybody; a transaction's end counts unless it was read-only.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { sql } from 'drizzle-orm';
import { integer, pgTable } from 'drizzle-orm/pg-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, type TestDatabase } from '#api/test/test-database.ts';
import { type Db, preparedOnce, queryRows, transaction } from './client';

let database: TestDatabase;
let everybody = 0;
beforeAll(async () => {
  database = await createTestDatabase();
  await database.db.execute(sql`create table handle_check (n int)`);
  database.onWrite(() => everybody++);
});
afterAll(() => database.destroy());

const handleCheck = pgTable('handle_check', { n: integer('n') });
const insertOf = preparedOnce((db) =>
  db
    .insert(handleCheck)
    .values({ n: sql.placeholder('n') })
    .prepare('handle_check_insert'),
);
const countOf = preparedOnce((db) =>
  db.select({ count: sql<number>`count(*)::int` }).from(handleCheck).prepare('handle_check_count'),
);

/** A request's handle and how many writes it was told of. */
function requestHandle(writer: boolean): { db: Db; told: () => number } {
  let told = 0;
  return { db: database.handle({ writer, onWrite: () => told++ }), told: () => told };
}

/** What `work` changed of the counters: statements, write generation, writes told to everybody. */
async function counted(work: () => Promise<unknown>) {
  const before = { statements: database.statementCount(), writes: database.writeGeneration(), everybody };
  await work();
  return {
    statements: database.statementCount() - before.statements,
    writes: database.writeGeneration() - before.writes,
    everybody: everybody - before.everybody,
  };
}

const insertDeclared = preparedOnce(
  (db) =>
    db
      .insert(handleCheck)
      .values({ n: sql.placeholder('n') })
      .prepare('handle_check_insert_declared'),
  { writes: true },
);

describe('handles on one database', () => {
  it("tells a writer's every statement as its write, once, and counts it once, whatever the text", async () => {
    const handle = requestHandle(true);
    expect(await counted(() => insertOf(handle.db).execute({ n: 1 }))).toEqual({
      statements: 1,
      writes: 1,
      everybody: 0,
    });
    // A writer's read is a write too: the handle says so, not the statement.
    expect(await counted(() => countOf(handle.db).execute())).toEqual({ statements: 1, writes: 1, everybody: 0 });
    expect(await counted(() => queryRows(handle.db, sql`select count(*)::int as n from handle_check`))).toEqual({
      statements: 1,
      writes: 1,
      everybody: 0,
    });
    expect(handle.told()).toBe(3);
  });

  it("counts a reader's statements without calling them writes, unless a prepared one is declared to write", async () => {
    const handle = requestHandle(false);
    let rows: { count: number }[] = [];
    expect(
      await counted(async () => {
        rows = await countOf(handle.db).execute();
      }),
    ).toEqual({ statements: 1, writes: 0, everybody: 0 });
    expect(rows[0]?.count).toBeGreaterThanOrEqual(1);
    // Undeclared, an insert through a reader's handle is not told: a reader is for reads.
    expect(await counted(() => insertOf(handle.db).execute({ n: 4 }))).toEqual({
      statements: 1,
      writes: 0,
      everybody: 0,
    });
    expect(handle.told()).toBe(0);
    expect(await counted(() => insertDeclared(handle.db).execute({ n: 5 }))).toEqual({
      statements: 1,
      writes: 1,
      everybody: 0,
    });
    expect(handle.told()).toBe(1);
  });

  it("tells everybody every statement of the shared db, and none of the shared reader's", async () => {
    expect(await counted(() => insertOf(database.db).execute({ n: 2 }))).toEqual({
      statements: 1,
      writes: 1,
      everybody: 1,
    });
    expect(await counted(() => countOf(database.db).execute())).toEqual({ statements: 1, writes: 1, everybody: 1 });
    expect(await counted(() => countOf(database.reader).execute())).toEqual({ statements: 1, writes: 0, everybody: 0 });
    expect(await counted(() => queryRows(database.reader, sql`select count(*)::int as n from handle_check`))).toEqual({
      statements: 1,
      writes: 0,
      everybody: 0,
    });
    // The reader's transaction that is not read-only is a write of nobody's.
    expect(
      await counted(() =>
        transaction(database.reader, async (tx) => {
          await tx.execute(sql`insert into handle_check values (6)`);
        }),
      ),
    ).toMatchObject({ writes: 1, everybody: 1 });
  });

  it("tells a reader's transaction's end as its write unless read-only", async () => {
    const handle = requestHandle(false);
    // The statement inside is a reader's; the end of a transaction that may write is the write.
    const wrote = await counted(() =>
      transaction(handle.db, async (tx) => {
        await tx.execute(sql`insert into handle_check values (3)`);
      }),
    );
    expect(wrote).toMatchObject({ writes: 1, everybody: 0 });
    expect(handle.told()).toBe(1);
    // A read-only transaction's end is no write (a search's suggestion reads in one).
    const reader = requestHandle(false);
    const read = await counted(() =>
      transaction(
        reader.db,
        async (tx) => queryRows<{ n: number }>(tx, sql`select count(*)::int as n from handle_check`),
        { accessMode: 'read only' },
      ),
    );
    expect(read).toMatchObject({ writes: 0, everybody: 0 });
    expect(reader.told()).toBe(0);
    // A transaction that failed half-way ended too: what it wrote before is rolled back, but
    // a cache filled meanwhile is dropped all the same (erring to "wrote").
    const failing = requestHandle(false);
    await expect(
      transaction(failing.db, async (tx) => {
        await tx.execute(sql`select 1`);
        throw new Error('given up');
      }),
    ).rejects.toThrow('given up');
    expect(failing.told()).toBe(1);
  });
});

describe('transactions in the source', () => {
  it("are opened through db/transaction.ts, which counts their end, not with Drizzle's db.transaction", () => {
    const src = fileURLToPath(new URL('..', import.meta.url));
    const files = readdirSync(src, { recursive: true, encoding: 'utf8' }).filter(
      (file) => file.endsWith('.ts') && !file.endsWith('.test.ts') && !file.startsWith('test/'),
    );
    expect(files.length).toBeGreaterThan(50);
    // sql-definitions.ts opens its transaction on the migration's own connection (PGlite or a pg
    // client), not on a Drizzle handle: the start's migration step, before any cache exists.
    // ops/db-move.ts reads the PGlite folder it moves in one transaction of its own: a command
    // run with the server stopped, on no Database handle and under no cache.
    const onOwnConnection = new Set(['transaction.ts', 'sql-definitions.ts', '../ops/db-move.ts']);
    const direct = files.filter(
      (file) =>
        !onOwnConnection.has(relative('db', file)) && /\.transaction\(/.test(readFileSync(join(src, file), 'utf8')),
    );
    expect(direct).toEqual([]);
  });
});
