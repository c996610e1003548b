/**
 * Opens the database: embedded PGlite (real PostgreSQL compiled to WebAssembly) when no
 * DATABASE_URL is given, in its worker thread or on this one, or a node-postgres pool when one
 * is. All speak the same SQL, so the rest of the code does not know which it has.
 */
import { mkdirSync } from 'node:fs';
import type { PGlite } from '@electric-sql/pglite';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import type pg from 'pg';
import { type Clients, type Db, databaseHandles, type HandleOptions } from './handles';
import { type Notifications, postgresNotifications } from './notifications';
import { openPglite, RANDOM_PAGE_COST } from './open-pglite';
import { PGLITE_CONNECTIONS, startPgliteWorker } from './pglite-worker';
import { defaultPoolReads, type PoolUse, PriorityPool } from './priority-pool';
import * as schema from './schema';
import { StatementCounter } from './statement-counter';

export interface Database {
  /**
   * The shared handle for code given no other (the seed, tests, scripts): every statement through
   * it counts as a write of nobody's in particular (the `onWrite` listeners: the read cache drops
   * everything). The app reads through `reader`.
   */
  db: Db;
  /**
   * The app's shared handle for reads: its statements are reads. A transaction through it that is
   * not read-only, or a prepared statement declared to write, is told to the `onWrite`
   * listeners as a write of nobody's.
   */
  reader: Db;
  kind: 'pglite' | 'postgres';
  /** Statements issued so far through `db` and its handles; tests and the benchmark read differences of it. */
  statementCount(): number;
  /**
   * Grows with every write: each statement through `db` or a writer's handle, a prepared
   * statement declared to write, and the end of every transaction that was not read-only
   * (db/transaction.ts). A statement's text is never read for it (db/handles.ts).
   */
  writeGeneration(): number;
  /**
   * The most bound parameters one statement had since the last call (then starts again from 0).
   * Tests show with it that no list binds one parameter per row.
   */
  takeParameterPeak(): number;
  /**
   * Calls `listener` whenever something writes through `db` (any statement) or `reader` (a
   * transaction that was not read-only, a prepared statement declared to write): nobody in
   * particular (a test, the seed, code that was not given a handle), so the read cache drops
   * everything (lib/cache-changes.ts). A handle's writes go to its own `onWrite` instead.
   */
  onWrite(listener: () => void): void;
  /**
   * Another handle on the same database, for one request or one background job: its writes are
   * counted as every write is (the write generation), and told to `options.onWrite` instead of
   * the `onWrite` listeners, so the read cache drops only what that request says it changed.
   * A writer's statements take connections before queued reads (priority-pool.ts). Cheap: no
   * connection is taken until it runs a statement.
   */
  handle(options: HandleOptions): Db;
  /** How the pool connects (PostgreSQL only), for a connection of its own outside it (migrate.ts's lock). */
  connectionConfig?: pg.ClientConfig;
  /** How full the connection pool is (PostgreSQL, PGlite's worker); absent with PGlite on this thread. */
  poolUse?(): PoolUse;
  /** PostgreSQL's LISTEN/NOTIFY between processes on one database; absent on PGlite (one process). */
  notifications?: Notifications;
  close(): Promise<void>;
}

export interface DatabaseOptions {
  /** A postgres:// URL; when absent PGlite is used. */
  url?: string | undefined;
  /** PGlite's data folder; absent means in memory (tests). */
  dataDir?: string | undefined;
  /**
   * A dumped PGlite data folder (`dumpDataDir`) to start from instead of an empty cluster: the
   * tests load one migrated template per run rather than migrating every database.
   */
  loadDataDir?: Blob | undefined;
  /** Most connections the pool opens (PostgreSQL only). */
  poolSize?: number;
  /** Most of them reads hold at once (priority-pool.ts; PostgreSQL only): defaultPoolReads() when absent. */
  poolReads?: number | undefined;
  /**
   * PGlite in a worker thread, reached over a socket with the PostgreSQL pool code
   * (db/pglite-worker.ts): its queries do not hold up the API's event loop. Needs `dataDir`.
   */
  pgliteWorker?: boolean;
  /** How many nice values the PGlite worker thread runs above the API's (pglite-worker.ts; PGLITE_WORKER_NICE). */
  pgliteWorkerNice?: number;
}

export async function openDatabase(options: DatabaseOptions = {}): Promise<Database> {
  if (options.url) {
    const connectionConfig: pg.ClientConfig = {
      connectionString: options.url,
      // Sent with each new connection, so no statement is spent on it.
      options: `-c random_page_cost=${RANDOM_PAGE_COST}`,
    };
    // Writes are handed connections before queued reads (priority-pool.ts).
    const pool = new PriorityPool(
      { ...connectionConfig, max: options.poolSize ?? 10 },
      options.poolReads ?? defaultPoolReads(),
    );
    // An idle client's network error must not crash the process; the pool replaces it.
    pool.on('error', () => {});
    return databaseOf(poolClients(pool), {
      kind: 'postgres',
      connectionConfig,
      poolUse: () => pool.use(),
      notifications: postgresNotifications(pool, options.url),
      close: () => pool.end(),
    });
  }
  if (options.dataDir) mkdirSync(options.dataDir, { recursive: true });
  if (options.pgliteWorker && options.dataDir) return openPgliteWorker(options.dataDir, options.pgliteWorkerNice);
  const client = await openPglite({ dataDir: options.dataDir ?? 'memory://', loadDataDir: options.loadDataDir });
  // One connection: nobody waits for it in a queue, so a writer is like any other handle.
  return databaseOf(pgliteClients(client), { kind: 'pglite', close: () => client.close() });
}

/** A pool's clients: a reader's connections through `pool.readers`, a writer's through `pool.writers`. */
function poolClients(pool: PriorityPool): Clients {
  return {
    kind: 'pg',
    reader: pool.readers,
    writer: pool.writers,
    drizzle: (client, logger, withSchema) =>
      drizzlePg(client as pg.Pool, withSchema ? { schema, logger } : { logger }) as unknown as Db,
  };
}

function pgliteClients(client: PGlite): Clients {
  return {
    kind: 'pglite',
    reader: client,
    writer: client,
    drizzle: (_client, logger, withSchema) =>
      drizzlePglite(client, withSchema ? { schema, logger } : { logger }) as unknown as Db,
  };
}

/** A Database over `clients`, its statements counted. */
function databaseOf(
  clients: Clients,
  how: Pick<Database, 'kind' | 'close' | 'notifications' | 'connectionConfig' | 'poolUse'>,
): Database {
  const counter = new StatementCounter();
  const { db, reader, handle } = databaseHandles(clients, counter);
  return {
    db,
    reader,
    statementCount: () => counter.count,
    writeGeneration: () => counter.writes,
    takeParameterPeak: () => counter.takePeak(),
    onWrite: (listener) => counter.writeListeners.push(listener),
    handle,
    ...how,
  };
}

/** PGlite in a worker thread, through the PostgreSQL pool code over its socket. */
async function openPgliteWorker(dataDir: string, niceSteps?: number): Promise<Database> {
  const worker = await startPgliteWorker({ dataDir, ...(niceSteps === undefined ? {} : { niceSteps }) });
  // Two connections (pglite-worker.ts): the pool queues the rest of the statements, writers first.
  // The worker's server keeps each connection's prepared statements apart and drops them when it
  // closes, so a connection pg replaces after a failed statement starts with none.
  const pool = new PriorityPool({ ...worker.connection, max: PGLITE_CONNECTIONS, idleTimeoutMillis: 0 });
  pool.on('error', () => {});
  return databaseOf(poolClients(pool), {
    kind: 'pglite',
    poolUse: () => pool.use(),
    async close() {
      await pool.end();
      await worker.close();
    },
  });
}
