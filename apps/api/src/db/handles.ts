/**
 * Handles on one database: the shared one (`Database.db`) and one per request or background job
 * (`Database.handle`). Each is a Drizzle instance of its own, made with `drizzle(client, {
 * logger })`: its client (a pool asked as a reader or as a writer, or PGlite) and a logger that
 * counts its statements and tells its writes to its own target (statement-counter.ts). Cheap: no
 * connection is taken until it runs a statement, and only the shared handle carries the schema
 * (Drizzle works out its relations, about 0.2 ms; nothing here uses its relational queries).
 */
import type { Logger } from 'drizzle-orm/logger';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import type * as schema from './schema';
import type { StatementCounter, WriteTarget } from './statement-counter';

export type Db = PgDatabase<PgQueryResultHKT, typeof schema>;

export interface HandleOptions {
  /** Takes the next free connection before queued reads (a request that writes). */
  writer: boolean;
  /** Called for each write through the handle: a data-changing statement, a transaction's end. */
  onWrite: () => void;
}

/** What a handle was built on. */
interface HandleOrigin {
  /** The database's shared handle (itself, for that one). */
  root: Db;
  /** Its client: a pg pool (or the pool asked as a writer), or PGlite. */
  client: unknown;
  logger: Logger;
  kind: 'pg' | 'pglite';
  /** Counts a write and tells the handle's target (its `onWrite`, or the database's listeners). */
  wrote: () => void;
  /**
   * A Drizzle instance over the same client whose logger only counts: the prepared statements
   * every handle shares are built on it (prepared-once.ts).
   */
  statements: Db;
}

const origins = new WeakMap<Db, HandleOrigin>();

/** What `db` was built on; undefined for a transaction (`tx`), which is no handle. */
export function originOf(db: Db): HandleOrigin | undefined {
  return origins.get(db);
}

/** The database's shared handle behind `db` (itself, when it is one), for caches kept per database. */
export function rootOf(db: Db): Db {
  return origins.get(db)?.root ?? db;
}

/**
 * The client behind a database handle and the logger its statements are counted by, for
 * statements run outside drizzle (db/text-rows.ts); undefined for a transaction.
 */
export function clientOf(db: Db): Pick<HandleOrigin, 'client' | 'logger' | 'kind'> | undefined {
  return origins.get(db);
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

/** A database's clients, and how a Drizzle instance is made over one of them. */
export interface Clients {
  kind: HandleOrigin['kind'];
  /** Where reads take connections (the pool, or PGlite). */
  reader: unknown;
  /** Where writers take connections, before queued reads (`pool.writers`, or PGlite again). */
  writer: unknown;
  drizzle(client: unknown, logger: Logger, withSchema: boolean): Db;
}

/** The shared handle of a database over `clients`, counted by `counter`, and how to make the others. */
export function databaseHandles(
  clients: Clients,
  counter: StatementCounter,
): { db: Db; handle(options: HandleOptions): Db } {
  const readerStatements = clients.drizzle(clients.reader, counter.countingLogger, false);
  const writerStatements =
    clients.writer === clients.reader
      ? readerStatements
      : clients.drizzle(clients.writer, counter.countingLogger, false);
  const make = (writer: boolean, target: WriteTarget, root: Db | null): Db => {
    const client = writer ? clients.writer : clients.reader;
    const logger = counter.loggerFor(target);
    const db = clients.drizzle(client, logger, root === null);
    origins.set(db, {
      root: root ?? db,
      client,
      logger,
      kind: clients.kind,
      wrote: () => counter.wrote(target),
      statements: writer ? writerStatements : readerStatements,
    });
    return db;
  };
  const db = make(false, null, null);
  return { db, handle: ({ writer, onWrite }) => make(writer, onWrite, db) };
}
