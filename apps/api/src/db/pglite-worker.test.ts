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
