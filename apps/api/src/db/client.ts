/**
 * Opens the database: embedded PGlite (real PostgreSQL compiled to WebAssembly) when no
 * DATABASE_URL is given, a node-postgres pool when one is. Both speak the same SQL, so the
 * rest of the code does not know which it has.
 */
import { mkdirSync } from 'node:fs';
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import type { SQL } from 'drizzle-orm';
import type { Logger } from 'drizzle-orm/logger';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import pg from 'pg';
import * as schema from './schema';

export type Db = PgDatabase<PgQueryResultHKT, typeof schema>;

export interface Database {
  db: Db;
  kind: 'pglite' | 'postgres';
  /** Statements issued so far through `db`; tests and the benchmark read differences of it. */
  statementCount(): number;
  close(): Promise<void>;
}

export interface DatabaseOptions {
  /** A postgres:// URL; when absent PGlite is used. */
  url?: string | undefined;
  /** PGlite's data folder; absent means in memory (tests). */
  dataDir?: string | undefined;
  /** Most connections the pool opens (PostgreSQL only). */
  poolSize?: number;
}

class StatementCounter implements Logger {
  count = 0;
  logQuery(): void {
    this.count++;
  }
}

export async function openDatabase(options: DatabaseOptions = {}): Promise<Database> {
  const counter = new StatementCounter();
  if (options.url) {
    const pool = new pg.Pool({ connectionString: options.url, max: options.poolSize ?? 10 });
    // An idle client's network error must not crash the process; the pool replaces it.
    pool.on('error', () => {});
    const db = drizzlePg(pool, { schema, logger: counter });
    return {
      db: db as unknown as Db,
      kind: 'postgres',
      statementCount: () => counter.count,
      close: () => pool.end(),
    };
  }
  if (options.dataDir) mkdirSync(options.dataDir, { recursive: true });
  const client = await PGlite.create(options.dataDir ?? 'memory://', { extensions: { pg_trgm } });
  const db = drizzlePglite(client, { schema, logger: counter });
  return {
    db: db as unknown as Db,
    kind: 'pglite',
    statementCount: () => counter.count,
    close: () => client.close(),
  };
}

/**
 * Runs raw SQL and answers its rows. Both drivers answer an object with `rows`; the generic
 * database type cannot say so, hence the one cast here. Cast counts (`::int`) in the SQL:
 * PGlite answers bigint as a number, node-postgres as a string.
 */
export async function queryRows<Row>(db: Db, query: SQL): Promise<Row[]> {
  const result = (await db.execute(query)) as unknown as { rows: Row[] };
  return result.rows;
}
