/**
 * `npm run db:move`: a PGlite data folder with the demo marketplace (its orders in every state, a
 * year of two shops' orders and the ledger they booked) copied into a throwaway database on the
 * local PostgreSQL, then looked at from the target's side. PostgreSQL project only: it needs the
 * server at TEST_DATABASE_URL.
 */
import { execFile } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Database, openDatabase, queryRows } from '#api/db/client.ts';
import { migrate } from '#api/db/migrate.ts';
import { localImageStorage } from '#api/lib/image-storage.ts';
import { seedDemoIfEmpty } from '#api/seed/seed.ts';
import { adminQuery } from '#api/test/postgres-admin.ts';
import { createServerDatabaseCopy } from '#api/test/test-database.ts';
import { type MoveReport, moveToPostgres } from './db-move';

const ROOT = join(import.meta.dirname, '../../../..');
const server = process.env.TORGET_TEST_DB === 'postgres' ? process.env.TEST_DATABASE_URL : undefined;

async function one<T>(database: Database, query: ReturnType<typeof sql>): Promise<T> {
  const rows = await queryRows<T>(database.db, query);
  if (!rows[0]) throw new Error('no row');
  return rows[0];
}

const ledgerSums = sql`select seller_id::text as seller, sum(amount_ore)::text as total from ledger_entries group by 1 order by 1`;
const orderFacts = sql`select count(*)::int as n, coalesce(max(number), 0)::text as top from orders`;

describe.runIf(server)('db:move from PGlite to PostgreSQL', () => {
  const url = server ?? '';
  let dataDir: string;
  let target: { name: string; url: string };
  let report: MoveReport;
  let sourceFacts: { ledger: unknown[]; orders: { n: number; top: string }; users: number };
  let moved: Database;

  beforeAll(async () => {
    dataDir = await mkdtemp(join(tmpdir(), 'torget-move-'));
    const source = await openDatabase({ dataDir: join(dataDir, 'pglite') });
    try {
      await migrate(source);
      await seedDemoIfEmpty(source, { storage: localImageStorage(join(dataDir, 'uploads')) });
      sourceFacts = {
        ledger: await queryRows(source.db, ledgerSums),
        orders: await one(source, orderFacts),
        users: (await one<{ n: number }>(source, sql`select count(*)::int as n from users`)).n,
      };
    } finally {
      await source.close();
    }
    target = await createServerDatabaseCopy(url, 'test', { migrated: false });
    report = await moveToPostgres({ dataDir, targetUrl: target.url });
    moved = await openDatabase({ url: target.url, poolSize: 2 });
  }, 300_000);

  afterAll(async () => {
    await moved?.close();
    if (target) await adminQuery(url, `drop database if exists ${target.name} with (force)`);
    await rm(dataDir, { recursive: true, force: true });
  });

  it('copies every table and says each agrees, the ledger sums too', () => {
    expect(report.text).toContain('Every table agrees');
    expect(report.ok).toBe(true);
    const byName = new Map(report.tables.map((t) => [t.table, t]));
    for (const table of ['users', 'products', 'orders', 'ledger_entries', 'catalogue_counts', 'search_words'])
      expect(byName.get(table)?.sourceRows, table).toBeGreaterThan(0);
    expect(report.tables.every((t) => t.same && t.sourceRows === t.targetRows)).toBe(true);
    expect(report.ledgerSellers).toBeGreaterThan(1);
    expect(report.ledgerDifferences).toEqual([]);
  });

  it('leaves the orders, users and ledger sums the source had, as the target itself answers', async () => {
    expect(sourceFacts.orders.n).toBeGreaterThan(10);
    expect(await one(moved, orderFacts)).toEqual(sourceFacts.orders);
    expect((await one<{ n: number }>(moved, sql`select count(*)::int as n from users`)).n).toBe(sourceFacts.users);
    expect(await queryRows(moved.db, ledgerSums)).toEqual(sourceFacts.ledger);
  });

  it('keeps what triggers derive in step with the rows they derive from', async () => {
    const counted = await one<{ kept: string; real: string }>(
      moved,
      sql`select (select sum(n) from catalogue_counts where scope = 'listed')::text as kept,
                 (select count(*) from products where seller_active and not is_draft)::text as real`,
    );
    expect(counted.kept).toBe(counted.real);
    // The triggers fire again on the target: a product made a draft leaves the count.
    await moved.db.execute(
      sql`update products set is_draft = true where id = (select id from products where not is_draft limit 1)`,
    );
    const after = await one<{ kept: string }>(
      moved,
      sql`select sum(n)::text as kept from catalogue_counts where scope = 'listed'`,
    );
    expect(Number(after.kept)).toBe(Number(counted.real) - 1);
  });

  it('sets the sequences where they were and keeps the ledger append-only', async () => {
    const next = await one<{ n: string }>(moved, sql`select nextval('orders_number_seq')::text as n`);
    expect(BigInt(next.n)).toBeGreaterThan(BigInt(sourceFacts.orders.top));
    await expect(moved.db.execute(sql`delete from ledger_entries`)).rejects.toThrow();
  });

  it('refuses a target that is not empty, through the command line', async () => {
    const run = promisify(execFile);
    const outcome = await run(
      process.execPath,
      ['--import', 'tsx', 'apps/api/src/ops/db-cli.ts', 'move', '--to', target.url],
      { cwd: ROOT, env: { PATH: process.env.PATH ?? '', HOME: tmpdir(), DATA_DIR: dataDir } },
    ).then(
      () => ({ code: 0, stderr: '' }),
      (error: { code?: number; stderr?: string }) => ({ code: error.code ?? 1, stderr: error.stderr ?? '' }),
    );
    expect(outcome.code).toBe(1);
    expect(outcome.stderr).toMatch(/Not moved: .* is not empty \(\d+ tables\)/);
  }, 60_000);
});
