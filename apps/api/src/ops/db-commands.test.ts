/**
 * `npm run db:migrate`, `db:seed` and `db:reset` as an operator runs them: the command line in a
 * child process, on a fresh PGlite data folder, or (project api-postgres) a fresh, empty database
 * on the server through DATABASE_URL.
 */
import { execFile } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows } from '#api/db/client.ts';
import { latestMigration } from '#api/db/migrate.ts';
import { adminQuery } from '#api/test/postgres-admin.ts';
import { createServerDatabaseCopy } from '#api/test/test-database.ts';
import { openCommandDatabase, tableCount, userCount } from './db-commands';

const ROOT = join(import.meta.dirname, '../../../..');
const run = promisify(execFile);

interface Outcome {
  code: number;
  stdout: string;
  stderr: string;
}

describe('database commands', () => {
  let dataDir: string;
  let databaseUrl: string | undefined;
  let dropDatabase = async () => {};

  beforeAll(async () => {
    dataDir = await mkdtemp(join(tmpdir(), 'torget-db-commands-'));
    const server = process.env.TORGET_TEST_DB === 'postgres' ? process.env.TEST_DATABASE_URL : undefined;
    if (server) {
      const created = await createServerDatabaseCopy(server, 'test', { migrated: false });
      databaseUrl = created.url;
      dropDatabase = () => adminQuery(server, `drop database if exists ${created.name} with (force)`);
    }
  });

  afterAll(async () => {
    await dropDatabase();
    await rm(dataDir, { recursive: true, force: true });
  });

  /** `npm run db:<command> -- <args>` as the npm script runs it, without a .env. */
  async function command(args: string[], extra: Record<string, string> = {}): Promise<Outcome> {
    const env: Record<string, string> = {
      PATH: process.env.PATH ?? '',
      HOME: process.env.HOME ?? tmpdir(),
      DATA_DIR: dataDir,
      ...(databaseUrl ? { DATABASE_URL: databaseUrl } : {}),
      ...extra,
    };
    try {
      const { stdout, stderr } = await run(
        process.execPath,
        ['--import', 'tsx', 'apps/api/src/ops/db-cli.ts', ...args],
        {
          cwd: ROOT,
          env,
        },
      );
      return { code: 0, stdout, stderr };
    } catch (error) {
      const failed = error as { code?: number; stdout?: string; stderr?: string };
      return { code: failed.code ?? 1, stdout: failed.stdout ?? '', stderr: failed.stderr ?? '' };
    }
  }

  async function inspect<T>(look: (database: Awaited<ReturnType<typeof openCommandDatabase>>) => Promise<T>) {
    const database = await openCommandDatabase({ databaseUrl, dataDir });
    try {
      return await look(database);
    } finally {
      await database.close();
    }
  }

  it('db:migrate applies every migration to an empty database', async () => {
    expect(await inspect(tableCount)).toBe(0);
    const outcome = await command(['migrate']);
    expect(outcome.stderr).toBe('');
    expect(outcome).toMatchObject({ code: 0 });
    expect(outcome.stdout).toMatch(/^Migrated /);
    const applied = await inspect(async (database) => {
      const rows = await queryRows<{ n: number }>(
        database.db,
        sql`select count(*)::int as n from drizzle.__drizzle_migrations`,
      );
      return Number(rows[0]?.n);
    });
    expect(applied).toBeGreaterThan(20);
    expect(latestMigration()).not.toBe('');
    // Again: nothing left to do, no failure.
    expect((await command(['migrate'])).code).toBe(0);
  }, 120_000);

  it('db:seed writes the demo into an empty database and refuses one with users', async () => {
    const first = await command(['seed']);
    expect(first.code).toBe(0);
    expect(first.stdout).toContain('admin@torget.se');
    const users = await inspect(userCount);
    expect(users).toBeGreaterThan(3);

    const again = await command(['seed']);
    expect(again.code).toBe(1);
    expect(again.stderr).toContain(`is not empty (${users} users)`);
    expect(await inspect(userCount)).toBe(users);
  }, 180_000);

  it('db:reset asks first: without a terminal or --yes it changes nothing', async () => {
    const users = await inspect(userCount);
    const refused = await command(['reset']);
    expect(refused.code).toBe(1);
    expect(refused.stderr).toContain('npm run db:reset -- --yes');
    expect(await inspect(userCount)).toBe(users);
  }, 120_000);

  it('db:reset --yes empties and migrates the database, and seeds the demo unless SEED_DEMO=false', async () => {
    const emptied = await command(['reset', '--yes'], { SEED_DEMO: 'false' });
    expect(emptied.code).toBe(0);
    expect(emptied.stdout).toContain('emptied and migrated');
    expect(await inspect(userCount)).toBe(0);

    const seeded = await command(['reset', '--yes']);
    expect(seeded.code).toBe(0);
    expect(seeded.stdout).toContain('admin@torget.se');
    expect(await inspect(userCount)).toBeGreaterThan(3);
  }, 240_000);
});
