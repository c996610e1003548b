/**
 * Applies the generated SQL migrations in apps/api/drizzle, then the functions and triggers of
 * db/sql when they changed (sql-definitions.ts); safe to run at every start.
 */
import { existsSync, readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { NodePgDatabase } from 'drizzle-orm/node-postgres';
import { migrate as migrateNodePg } from 'drizzle-orm/node-postgres/migrator';
import type { PgliteDatabase } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import pg from 'pg';
import { clientOf, type Database, type Db } from './client';
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

/**
 * Applies the migrations in `folder` through `db` with the migrator of the driver the handle was
 * made with (handles.ts: node-postgres over a pool, PGlite's in this thread).
 */
export function migrateFolder(db: Db, folder: string): Promise<void> {
  // Db is the dialect's generic type; each driver's migrator is typed with its own database.
  if (clientOf(db)?.kind === 'pglite')
    return migratePglite(db as unknown as PgliteDatabase, { migrationsFolder: folder });
  return migrateNodePg(db as unknown as NodePgDatabase, { migrationsFolder: folder });
}

export async function migrate(database: Database, options: MigrateOptions = {}): Promise<void> {
  const definitions = options.definitions ?? readSqlDefinitions();
  // The client the shared handle was made over (handles.ts): PGlite, or the pool asked as a reader.
  const client = clientOf(database.db)?.client;
  const folder = migrationsFolder();
  const latest = latestMigration(folder);
  const run = () => migrateFolder(database.db, folder);
  if (database.kind !== 'postgres') {
    await run();
    await withConnectionOf(client, (connection) => applySqlDefinitions(connection, definitions, latest));
    return;
  }
  // Several instances may start at once on one server: each waits for the lock, so the first
  // applies the migrations and the definitions and the others find them applied. The lock lives
  // on a connection of its own (outside the pool, which may have a single connection) and ends
  // with it; the definitions are applied on that connection.
  const lock = new pg.Client(database.connectionConfig);
  await lock.connect();
  try {
    await lock.query('select pg_advisory_lock($1)', [MIGRATION_LOCK]);
    await run();
    await applySqlDefinitions(pgConnection(lock), definitions, latest);
  } finally {
    await lock.end();
  }
}
