/**
 * The database commands behind `npm run db:migrate`, `db:seed` and `db:reset` (db-cli.ts parses
 * the command line): each on the database the server would open, PGlite in DATA_DIR or
 * DATABASE_URL. PGlite is opened on this thread: stop the server first, since one data folder
 * has one process at a time.
 */
import { join } from 'node:path';
import { sql } from 'drizzle-orm';
import { imageStorageFor } from '#api/app-deps.ts';
import { type Database, openDatabase, queryRows } from '#api/db/client.ts';
import { migrate } from '#api/db/migrate.ts';
import type { Config } from '#api/env.ts';
import { type DemoSignIn, seedDemoIfEmpty } from '#api/seed/seed.ts';

/** The server's database (start-server.ts), for one command: PGlite on this thread, or a small pool. */
export function openCommandDatabase(config: Pick<Config, 'databaseUrl' | 'dataDir'>): Promise<Database> {
  return openDatabase({
    url: config.databaseUrl,
    dataDir: join(config.dataDir, 'pglite'),
    poolSize: 2,
    poolReads: 1,
    pgliteWorker: false,
  });
}

/** Where a command's database is, for its messages: the server's URL without its password, or the folder. */
export function describeDatabase(config: Pick<Config, 'databaseUrl' | 'dataDir'>): string {
  if (!config.databaseUrl) return `PGlite in ${join(config.dataDir, 'pglite')}`;
  const url = new URL(config.databaseUrl);
  if (url.password) url.password = '***';
  return url.toString();
}

/** Tables of the public schema and the migrations' own: an empty database has none. */
export async function tableCount(database: Database): Promise<number> {
  const rows = await queryRows<{ n: number }>(
    database.db,
    sql`select count(*)::int as n from pg_tables where schemaname in ('public', 'drizzle')`,
  );
  return Number(rows[0]?.n ?? 0);
}

export async function userCount(database: Database): Promise<number> {
  const rows = await queryRows<{ n: number }>(database.db, sql`select count(*)::int as n from users`);
  return Number(rows[0]?.n ?? 0);
}

export type SeedOutcome = { seeded: true; signIns: DemoSignIn[] } | { seeded: false; users: number };

/**
 * Migrates, then writes the demo marketplace when the database has no user; a database with
 * users is left as it is (the answer says how many it has).
 */
export async function seedDatabase(database: Database, config: Config): Promise<SeedOutcome> {
  await migrate(database);
  const signIns = await seedDemoIfEmpty(database, { storage: imageStorageFor(config) });
  if (signIns) return { seeded: true, signIns };
  return { seeded: false, users: await userCount(database) };
}

/**
 * Empties the database (every table, function and the migrations' record: the public and drizzle
 * schemas are dropped and public made again) and migrates it afresh. Uploads are not touched.
 */
export async function resetDatabase(database: Database): Promise<void> {
  await database.db.execute(sql`drop schema if exists drizzle cascade`);
  await database.db.execute(sql`drop schema if exists public cascade`);
  await database.db.execute(sql`create schema public`);
  // As a new database has it: everyone may use the schema's objects (their own grants still apply).
  await database.db.execute(sql`grant usage on schema public to public`);
  await migrate(database);
}
