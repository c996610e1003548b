/**
 * A fresh, migrated database for one test file: in-memory PGlite, or (project api-postgres)
 * a new database on the server at TEST_DATABASE_URL, dropped again when the file is done.
 *
 * Neither is migrated here: global-setup.ts migrates one template (per run on PostgreSQL, per
 * set of migrations on PGlite), and every test database starts as a copy of it (PGlite loads the dumped data folder, PostgreSQL runs
 * `create database … template …`). Migrating costs about as much as a small test file, and
 * 25 files did it; the migrations themselves are still run from scratch by the tests that start
 * a real server on an empty database (start-server.test.ts, reliability/concurrent-start.test.ts).
 * Outside a run with that global set-up (no template provided), databases are migrated as before.
 */
import { randomBytes } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import { inject } from 'vitest';
import { type Database, openDatabase } from '#api/db/client.ts';
import { migrate } from '#api/db/migrate.ts';
import { adminQuery } from './postgres-admin';

export interface TestDatabase extends Database {
  /** Closes the connection and removes what the test made. */
  destroy(): Promise<void>;
}

function serverUrl(): string | null {
  return process.env.TORGET_TEST_DB === 'postgres' ? (process.env.TEST_DATABASE_URL ?? null) : null;
}

/** The run's migrated PGlite data folder, ready for `openDatabase({ loadDataDir })`; null outside such a run. */
export async function pgliteTemplate(): Promise<Blob | null> {
  const path = inject('pgliteTemplate');
  return path ? new Blob([await readFile(path)]) : null;
}

/**
 * Creates a database on the server: a copy of the run's migrated template when `migrated` and
 * there is one, else an empty database (migrated here when `migrated`). Answers its name and URL.
 */
export async function createServerDatabaseCopy(
  url: string,
  kind: 'test' | 'process',
  options: { migrated: boolean },
): Promise<{ name: string; url: string; fromTemplate: boolean }> {
  const run = inject('testRun') ?? 'norun';
  const template = options.migrated ? inject('postgresTemplate') : undefined;
  const name = `torget_${kind}_${run}_${randomBytes(6).toString('hex')}`;
  await adminQuery(url, template ? `create database ${name} template ${template}` : `create database ${name}`);
  const databaseUrl = new URL(url);
  databaseUrl.pathname = `/${name}`;
  return { name, url: databaseUrl.toString(), fromTemplate: !!template };
}

/** Closes `database` at the first call only: a test that stopped the database (health checks) is destroyed after. */
function closeOnce(database: Database): () => Promise<void> {
  let closing: Promise<void> | undefined;
  return () => {
    closing ??= database.close();
    return closing;
  };
}

/** `poolSize`: most connections on PostgreSQL (20 by default); PGlite has one whatever it says. */
export async function createTestDatabase(options: { poolSize?: number } = {}): Promise<TestDatabase> {
  const url = serverUrl();
  if (!url) {
    const template = await pgliteTemplate();
    const database = await openDatabase({ loadDataDir: template ?? undefined });
    if (!template) await migrate(database);
    const close = closeOnce(database);
    return { ...database, close, destroy: close };
  }
  const created = await createServerDatabaseCopy(url, 'test', { migrated: true });
  const database = await openDatabase({ url: created.url, poolSize: options.poolSize ?? 20 });
  if (!created.fromTemplate) await migrate(database);
  const close = closeOnce(database);
  return {
    ...database,
    close,
    async destroy() {
      await close();
      await adminQuery(url, `drop database if exists ${created.name} with (force)`);
    },
  };
}
