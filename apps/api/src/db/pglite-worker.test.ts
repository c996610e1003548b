/**
 * PGlite in a worker thread: the API's event loop runs while a query is being worked out, the
 * data stays in its folder, and the same SQL answers as in-process.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createProduct, createSeller } from '#api/test/fixtures.ts';
import { pgliteTemplate } from '#api/test/test-database.ts';
import { type Database, openDatabase, queryRows } from './client';
import { migrate } from './migrate';

const folders: string[] = [];
const folder = () => {
  const dir = mkdtempSync(join(tmpdir(), 'torget-pglite-worker-'));
  folders.push(dir);
  return dir;
};
afterAll(() => {
  for (const dir of folders) rmSync(dir, { recursive: true, force: true });
});

/** Which comes first: a long query's answer, or a timer set just after the query was sent. */
async function firstOfQueryAndTimer(database: Database): Promise<'query' | 'timer'> {
  const order: string[] = [];
  const query = database.db
    .execute(sql`select count(*) from generate_series(1, 1000000) g where g % 7 = 3`)
    .then(() => order.push('query'));
  const timer = new Promise<void>((resolve) =>
    setTimeout(() => {
      order.push('timer');
      resolve();
    }, 0),
  );
  await Promise.all([query, timer]);
  return order[0] as 'query' | 'timer';
}

// PGlite only: the PostgreSQL project has nothing to add here.
describe.skipIf(process.env.TORGET_TEST_DB === 'postgres')('PGlite in a worker thread', () => {
  // One worker database for the file: a PGlite cluster's first start (initdb) takes seconds.
  const dataDir = folder();
  let worker: Database | null = null;
  beforeAll(async () => {
    worker = await openDatabase({ dataDir, pgliteWorker: true });
  }, 120_000);
  afterAll(() => worker?.close());

  it('keeps the event loop running while a query is worked out (in-process it does not)', async () => {
    expect(await firstOfQueryAndTimer(worker as Database)).toBe('timer');
    const inProcess = await openDatabase({ loadDataDir: (await pgliteTemplate()) ?? undefined });
    try {
      expect(await firstOfQueryAndTimer(inProcess)).toBe('query');
    } finally {
      await inProcess.close();
    }
  }, 120_000);

  it('recovers after a failed statement: named statements and transactions start afresh', async () => {
    const db = (worker as Database).db;
    const statement = () => queryRows<{ one: number }>(db, sql`select ${1}::int as one`).then((rows) => rows[0]?.one);
    expect(await statement()).toBe(1);
    const prepared = db.select({ one: sql<number>`1` }).from(sql`(select 1) as t`).prepare('worker_recovery_check');
    expect(await prepared.execute()).toEqual([{ one: 1 }]);
    // A failing statement makes the pool drop its client; the next client shares PGlite's one
    // session, where the statement above is still prepared (42P05 without the reset).
    await expect(db.execute(sql`select 1 / 0`)).rejects.toThrow();
    expect(await prepared.execute()).toEqual([{ one: 1 }]);
    // A transaction that fails half-way leaves the session usable for the next statement.
    await expect(
      db.transaction(async (tx) => {
        await tx.execute(sql`select 1`);
        await tx.execute(sql`select 1 / 0`);
      }),
    ).rejects.toThrow();
    expect(await statement()).toBe(1);
  }, 120_000);

  it('migrates, writes, and keeps the data in its folder for the next start', async () => {
    const first = worker as Database;
    await migrate(first);
    const { user } = await createSeller(first.db);
    await createProduct(first.db, user.id, { name: 'Kvar efter omstart' });
    const [setting] = await queryRows<{ cost: string }>(
      first.db,
      sql`select current_setting('random_page_cost') as cost`,
    );
    expect(setting?.cost).toBe('1.1');
    await first.close();
    worker = null;
    const second = await openDatabase({ dataDir });
    try {
      const rows = await queryRows<{ name: string }>(second.db, sql`select name from products`);
      expect(rows.map((r) => r.name)).toEqual(['Kvar efter omstart']);
    } finally {
      await second.close();
    }
  }, 120_000);
});
