/**
 * Applies the generated SQL migrations in apps/api/drizzle, then the functions and triggers of
 * db/sql when they changed (sql-definitions.ts); safe to run at every start.
 */
import { existsSync, readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { NodePgDatabase } from 'drizzle-orm/node-postgres';
import { migrate as migrateWith } from 'drizzle-orm/node-postgres/migrator';
import pg from 'pg';
import type { Database } from './client';
import {
  applySqlDefinitions,
  pgConnection,
  readSqlDefinitions,
  type SqlDefinitions,
  withConnectionOf,
} from './sql-definitions';

/** Key of the advisory lock that instances starting together on one PostgreSQL take in turn. */
const MIGRATION_LOCK = 7_412_019;

/** The migrations folder, found from the source tree and from the bundled dist alike. */
export function migrationsFolder(): string {
  const here = dirname(fileURLToPath(import.meta.url));
  for (const candidate of [join(here, '../../drizzle'), join(here, '../drizzle'), join(here, 'drizzle')]) {
    if (existsSync(join(candidate, 'meta/_journal.json'))) return candidate;
  }
  throw new Error(`No migrations folder found near ${here}`);
}

/** The tag of the latest migration (its file's name without .sql), from Drizzle's journal. */
export function latestMigration(folder: string = migrationsFolder()): string {
  const journal = JSON.parse(readFileSync(join(folder, 'meta/_journal.json'), 'utf8')) as {
    entries: { tag: string }[];
  };
  return journal.entries.at(-1)?.tag ?? '';
}

export interface MigrateOptions {
  /** The functions and triggers to apply; db/sql's files when absent (tests give others). */
  definitions?: SqlDefinitions;
}

export async function migrate(database: Database, options: MigrateOptions = {}): Promise<void> {
  // Both drivers' migrators run the same dialect code; the node-postgres one accepts any
  // drizzle PostgreSQL database at run time.
  const db = database.db as unknown as NodePgDatabase;
  const definitions = options.definitions ?? readSqlDefinitions();
  // drizzle keeps the driver's client as `$client`; the generic Db type does not say so.
  const client = (database.db as unknown as { $client: unknown }).$client;
  const folder = migrationsFolder();
  const latest = latestMigration(folder);
  const run = () => migrateWith(db, { migrationsFolder: folder });
  if (database.kind !== 'postgres') {
    await run();
    await withConnectionOf(client, (connection) => applySqlDefinitions(connection, definitions, latest));
    return;
  }
  // Several instances may start at once on one server: each waits for the lock, so the first
  // applies the migrations and the definitions and the others find them applied. The lock lives
  // on a connection of its own (outside the pool, which may have a single connection) and ends
  // with it; the definitions are applied on that connection.
  const lock = new pg.Client((client as pg.Pool).options);
  await lock.connect();
  try {
    await lock.query('select pg_advisory_lock($1)', [MIGRATION_LOCK]);
    await run();
    await applySqlDefinitions(pgConnection(lock), definitions, latest);
  } finally {
    await lock.end();
  }
}
