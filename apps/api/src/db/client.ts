/**
 * Opens the database: embedded PGlite (real PostgreSQL compiled to WebAssembly) when no
 * DATABASE_URL is given, a node-postgres pool when one is. Both speak the same SQL, so the
 * rest of the code does not know which it has.
 */
import { AsyncLocalStorage } from 'node:async_hooks';
import { mkdirSync } from 'node:fs';
import type { SQL } from 'drizzle-orm';
import type { Logger } from 'drizzle-orm/logger';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import pg from 'pg';
import { openPglite, RANDOM_PAGE_COST } from './open-pglite';
import { PGLITE_CONNECTIONS, startPgliteWorker } from './pglite-worker';
import { defaultPoolReads, PriorityPool } from './priority-pool';
import * as schema from './schema';

export type Db = PgDatabase<PgQueryResultHKT, typeof schema>;

export interface Database {
  db: Db;
  kind: 'pglite' | 'postgres';
  /** Statements issued so far through `db`; tests and the benchmark read differences of it. */
  statementCount(): number;
  /**
   * Grows with every statement through `db` that may change data (anything but a plain
   * SELECT) and at the end of every transaction: a read cache drops what it kept under an
   * older value (lib/read-cache.ts).
   */
  writeGeneration(): number;
  /**
   * The most bound parameters one statement through `db` had since the last call (then starts
   * again from 0). Tests show with it that no list binds one parameter per row.
   */
  takeParameterPeak(): number;
  /**
   * Calls `listener` whenever something writes through `db` (a data-changing statement is sent, a
   * transaction ends): nobody in particular (a test, the seed, code that was not given a
   * handle), so the read cache drops everything (lib/cache-changes.ts). A handle's writes go to
   * its own `onWrite` instead.
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
  /** PostgreSQL's LISTEN/NOTIFY between processes on one database; absent on PGlite (one process). */
  notifications?: Notifications;
  close(): Promise<void>;
}

export interface HandleOptions {
  /** Takes the next free connection before queued reads (a request that writes). */
  writer: boolean;
  /** Called for each write through the handle: a data-changing statement, a transaction's end. */
  onWrite: () => void;
}

export interface Notifications {
  notify(channel: string, payload: string): Promise<void>;
  /** Listens on its own connection (reconnecting after a loss); answers how to stop. */
  listen(channel: string, onMessage: (payload: string) => void): Promise<() => Promise<void>>;
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

/**
 * Statements issued inside one `countStatements` scope (one request, when the benchmark asks).
 * Only the benchmark's statement-counting server uses it: an AsyncLocalStorage in use costs
 * every request a hook per promise.
 */
export interface StatementTally {
  count: number;
}

const tallies = new AsyncLocalStorage<StatementTally>();

/**
 * Runs `work` so that every statement it causes, however deep in its async calls, is counted in
 * `tally`. Concurrent scopes do not see each other's statements.
 */
export function countStatements<T>(tally: StatementTally, work: () => T): T {
  return tallies.run(tally, work);
}

/**
 * Statements that change no data: a query (SELECT, or WITH … SELECT, or a parenthesised one) with
 * no INSERT, UPDATE, DELETE or MERGE anywhere in it (a WITH may hold a data-changing part: an
 * order's statement does), and the statements that open and close a transaction (a
 * transaction's end is counted as a write when it was not read-only: bumpAfterTransactions).
 * Erring to "write" drops more of the read cache than needed, never less. Until the eighth pass
 * of issue 13 any statement not starting with SELECT was a write: every facets request (it
 * starts with WITH) dropped every instance's whole cache.
 */
// SET TRANSACTION too: Drizzle opens a read-only transaction with `begin` and then `set transaction
// read only`. Counted as a write, every search that found nothing (its suggestion's read-only
// transaction, name-search.ts) dropped every instance's whole cache (twenty-seventh pass).
const TRANSACTION_CONTROL = /^\s*(begin|commit|rollback|savepoint|release|set\s+transaction)\b/i;
const QUERY = /^\s*(select|with|\()/i;
const DATA_CHANGE = /\b(insert|update|delete|merge)\b/i;

export function changesNoData(statement: string): boolean {
  return TRANSACTION_CONTROL.test(statement) || (QUERY.test(statement) && !DATA_CHANGE.test(statement));
}

/**
 * changesNoData of each statement text seen, kept: the catalogue's statements are a few texts
 * sent again and again (prepared ones are the same string each time), some of them kilobytes
 * long, and the word-boundary scan of each was 2 % of the API's CPU on a search (fourteenth pass
 * of issue 13). Bounded: emptied when full, as a crawler's endless shapes would otherwise grow it.
 */
const CLASSIFIED_LIMIT = 2048;
const classified = new Map<string, boolean>();

function changesNoDataKept(statement: string): boolean {
  const known = classified.get(statement);
  if (known !== undefined) return known;
  const answer = changesNoData(statement);
  if (classified.size >= CLASSIFIED_LIMIT) classified.clear();
  classified.set(statement, answer);
  return answer;
}

/**
 * Counts every statement and write of one database, whichever handle sent it. Each handle has a
 * logger of its own (`loggerFor`) that says where its writes are told: the handle's own
 * `onWrite`, or (the shared `db`) the database's listeners.
 */
class StatementCounter {
  count = 0;
  writes = 0;
  parameterPeak = 0;
  readonly writeListeners: (() => void)[] = [];

  loggerFor(onWrite: (() => void) | null): Logger {
    return {
      logQuery: (query: string, params: unknown[]) => {
        this.count++;
        if (params.length > this.parameterPeak) this.parameterPeak = params.length;
        if (!changesNoDataKept(query)) this.wrote(onWrite);
        const tally = tallies.getStore();
        if (tally) tally.count++;
      },
    };
  }

  wrote(onWrite: (() => void) | null): void {
    this.writes++;
    if (onWrite) onWrite();
    else for (const listener of this.writeListeners) listener();
  }

  takePeak(): number {
    const peak = this.parameterPeak;
    this.parameterPeak = 0;
    return peak;
  }
}

/**
 * Counts the end of every transaction as a write too: its changes are visible from then on. A
 * read-only transaction (`{ accessMode: 'read only' }`) changes nothing, so it does not count.
 */
function bumpAfterTransactions(db: Db, counter: StatementCounter, onWrite: (() => void) | null): void {
  const transaction = db.transaction.bind(db);
  db.transaction = (async (...args: Parameters<Db['transaction']>) => {
    try {
      return await transaction(...args);
    } finally {
      if (args[1]?.accessMode !== 'read only') counter.wrote(onWrite);
    }
  }) as Db['transaction'];
}

/**
 * What a handle was built on: the database's shared handle, its own client (a pg pool, or
 * PGlite) and its logger. The shared handle has one too (its root is itself).
 */
interface HandleOrigin {
  root: Db;
  client: unknown;
  logger: Logger;
  kind: 'pg' | 'pglite';
}

const handleOrigins = new WeakMap<Db, HandleOrigin>();

/**
 * A statement prepared once per database and run through any of its handles (Database.handle):
 * `statementFor(db)` builds it on the database's shared handle the first time, and run through a
 * request's handle it takes that handle's connections and reports to its logger. (Drizzle's
 * prepared statement keeps the client and logger it was built with; the handle's copy has its
 * own, and the built statement itself is shared.) A transaction (`tx`) is no handle: its
 * statement is built on it, as before.
 */
export function preparedOnce<S extends object>(build: (db: Db) => S): (db: Db) => S {
  const statementOf = oncePerDatabase(build);
  return function statementFor(db: Db): S {
    const statement = statementOf(db);
    const origin = handleOrigins.get(db);
    if (!origin || origin.root === db) return statement;
    return Object.create(statement, { client: { value: origin.client }, logger: { value: origin.logger } }) as S;
  };
}

/**
 * What `build` makes from a database, made once per database, on its shared handle, whichever
 * of its handles asks (a statement's text, a prepared statement).
 */
export function oncePerDatabase<S>(build: (db: Db) => S): (db: Db) => S {
  const built = new WeakMap<Db, S>();
  return (db) => {
    const root = rootOf(db);
    let value = built.get(root);
    if (value === undefined) {
      value = build(root);
      built.set(root, value);
    }
    return value;
  };
}

/** The database's shared handle behind `db` (itself, when it is one), for caches kept per database. */
export function rootOf(db: Db): Db {
  return handleOrigins.get(db)?.root ?? db;
}

/**
 * The client behind a database handle and the logger its statements are counted by, for
 * statements run outside drizzle (db/text-rows.ts); undefined for a transaction.
 */
export function clientOf(db: Db): Pick<HandleOrigin, 'client' | 'logger' | 'kind'> | undefined {
  return handleOrigins.get(db);
}

export async function openDatabase(options: DatabaseOptions = {}): Promise<Database> {
  const counter = new StatementCounter();
  if (options.url) {
    // Writes are handed connections before queued reads (priority-pool.ts).
    const pool = new PriorityPool(
      {
        connectionString: options.url,
        max: options.poolSize ?? 10,
        // Sent with each new connection, so no statement is spent on it.
        options: `-c random_page_cost=${RANDOM_PAGE_COST}`,
      },
      options.poolReads ?? defaultPoolReads(),
    );
    // An idle client's network error must not crash the process; the pool replaces it.
    pool.on('error', () => {});
    return databaseOf(poolHandles(pool), counter, {
      kind: 'postgres',
      notifications: postgresNotifications(pool, options.url),
      close: () => pool.end(),
    });
  }
  if (options.dataDir) mkdirSync(options.dataDir, { recursive: true });
  if (options.pgliteWorker && options.dataDir)
    return openPgliteWorker(options.dataDir, counter, options.pgliteWorkerNice);
  const client = await openPglite({ dataDir: options.dataDir ?? 'memory://', loadDataDir: options.loadDataDir });
  // One connection: nobody waits for it in a queue, so a writer is like any other handle.
  const handles: HandleMaker = (_writer, logger, withSchema) => ({
    db: drizzlePglite(client, withSchema ? { schema, logger } : { logger }) as unknown as Db,
    client,
    kind: 'pglite',
  });
  return databaseOf(handles, counter, { kind: 'pglite', close: () => client.close() });
}

/**
 * Makes a drizzle handle over the database's client (`writer`: the client that takes connections
 * before queued reads) whose statements go to `logger`. Only the shared handle carries the
 * schema (drizzle works out its relations, about 0.2 ms; a request's handle is made in about a
 * microsecond without it, and nothing here uses drizzle's relational queries).
 */
type HandleMaker = (
  writer: boolean,
  logger: Logger,
  withSchema: boolean,
) => { db: Db; client: unknown; kind: HandleOrigin['kind'] };

/** Handles over a PriorityPool: a writer's over `pool.writers`. */
function poolHandles(pool: PriorityPool): HandleMaker {
  return (writer, logger, withSchema) => {
    const client = writer ? pool.writers : pool;
    const db = drizzlePg(client, withSchema ? { schema, logger } : { logger }) as unknown as Db;
    return { db, client, kind: 'pg' };
  };
}

/** A Database whose handles `handles` makes and whose statements `counter` counts. */
function databaseOf(
  handles: HandleMaker,
  counter: StatementCounter,
  how: Pick<Database, 'kind' | 'close' | 'notifications'>,
): Database {
  const rootLogger = counter.loggerFor(null);
  const root = handles(false, rootLogger, true);
  const { db } = root;
  bumpAfterTransactions(db, counter, null);
  handleOrigins.set(db, {
    root: db,
    client: root.client,
    logger: rootLogger,
    kind: root.kind,
  });
  return {
    db,
    statementCount: () => counter.count,
    writeGeneration: () => counter.writes,
    takeParameterPeak: () => counter.takePeak(),
    onWrite: (listener) => counter.writeListeners.push(listener),
    handle({ writer, onWrite }) {
      const logger = counter.loggerFor(onWrite);
      const handle = handles(writer, logger, false);
      bumpAfterTransactions(handle.db, counter, onWrite);
      handleOrigins.set(handle.db, {
        root: db,
        client: handle.client,
        logger,
        kind: handle.kind,
      });
      return handle.db;
    },
    ...how,
  };
}

/** PGlite in a worker thread, through the PostgreSQL pool code over its socket. */
async function openPgliteWorker(dataDir: string, counter: StatementCounter, niceSteps?: number): Promise<Database> {
  const worker = await startPgliteWorker({ dataDir, ...(niceSteps === undefined ? {} : { niceSteps }) });
  // One connection (pglite-worker.ts): the pool queues the rest of the statements, writers first.
  const pool = new PriorityPool({ ...worker.connection, max: PGLITE_CONNECTIONS, idleTimeoutMillis: 0 });
  pool.on('error', () => {});
  // PGlite is one session, which outlives a connection: the statements an earlier connection
  // prepared are still there. pg replaces a connection after a failed statement, and the new
  // one's first Parse of a name the old one prepared would fail (42P05). Only one connection is
  // open at a time, so whatever is prepared when one opens is an earlier connection's.
  pool.on('connect', (client) => {
    client.query('deallocate all').catch(() => {});
  });
  return databaseOf(poolHandles(pool), counter, {
    kind: 'pglite',
    async close() {
      await pool.end();
      await worker.close();
    },
  });
}

/** NOTIFY through the pool; LISTEN on a connection of its own, opened again when it is lost. */
function postgresNotifications(pool: PriorityPool, url: string): Notifications {
  return {
    async notify(channel, payload) {
      // A write's notice: it takes a writer's place, not a read's (priority-pool.ts).
      await pool.writers.query('select pg_notify($1, $2)', [channel, payload]);
    },
    async listen(channel, onMessage) {
      let stopped = false;
      let client: pg.Client | null = null;
      const connect = async (): Promise<void> => {
        const next = new pg.Client({ connectionString: url });
        next.on('notification', (message) => {
          if (message.channel === channel && message.payload !== undefined) onMessage(message.payload);
        });
        next.on('error', () => {
          // Lost: listen again on a new connection (what was said meanwhile is bounded by the
          // cache's time-to-live).
          if (client === next) client = null;
          next.end().catch(() => {});
          if (!stopped) setTimeout(() => void connect().catch(() => {}), 500).unref();
        });
        await next.connect();
        await next.query(`listen ${pg.escapeIdentifier(channel)}`);
        client = next;
      };
      await connect();
      return async () => {
        stopped = true;
        await client?.end();
      };
    },
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
