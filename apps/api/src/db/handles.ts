/**
 * Handles on one database: the shared one (`Database.db`), the app's shared reader
 * (`Database.reader`) and one per request or background job (`Database.handle`). Each is a
 * Drizzle instance of its own, made with `drizzle(client, { logger })`: its client (a pool asked
 * as a reader or as a writer, or PGlite) and a logger that counts its statements and, on a handle
 * that writes, tells each to its own target (statement-counter.ts). Cheap: no connection is taken
 * until it runs a statement, and only the two shared handles carry the schema (Drizzle works out
 * its relations, about 0.2 ms; nothing here uses its relational queries).
 *
 * Whether a statement wrote is never read from its text: it is said by the handle it went
 * through. Every statement of a writer's handle (a request other than GET or HEAD, a background
 * job) and of the shared `db` (the seed, tests, code given no handle) counts as a write; a
 * reader's statements are reads, except a transaction's end unless it was read-only
 * (transaction.ts) and a prepared statement declared to write (prepared-once.ts).
 */
import type { Logger } from 'drizzle-orm/logger';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import type * as schema from './schema';
import type { StatementCounter, WriteTarget } from './statement-counter';

export type Db = PgDatabase<PgQueryResultHKT, typeof schema>;

export interface HandleOptions {
  /**
   * A writer's handle: takes the next free connection before queued reads, and each of its
   * statements counts as a write (a request other than GET or HEAD, a background job).
   */
  writer: boolean;
  /**
   * Called for each write through the handle: any statement of a writer's handle; on a reader's,
   * a transaction's end (unless read-only) and a prepared statement declared to write.
   */
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
  /** Every statement through the handle is a write (a writer's handle, or the shared `db`). */
  statementsWrite: boolean;
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

/**
 * The shared handles of a database over `clients`, counted by `counter`, and how to make the
 * others: `db`, whose every statement is a write of nobody's in particular (told to the
 * database's listeners, which drop the whole read cache), and `reader`, the app's reads.
 */
export function databaseHandles(
  clients: Clients,
  counter: StatementCounter,
): { db: Db; reader: Db; handle(options: HandleOptions): Db } {
  const readerStatements = clients.drizzle(clients.reader, counter.countingLogger, false);
  const writerStatements =
    clients.writer === clients.reader
      ? readerStatements
      : clients.drizzle(clients.writer, counter.countingLogger, false);
  const make = (
    how: { writer: boolean; statementsWrite: boolean; withSchema: boolean },
    target: WriteTarget,
    root: Db | null,
  ): Db => {
    const client = how.writer ? clients.writer : clients.reader;
    const logger = counter.loggerFor(target, how.statementsWrite);
    const db = clients.drizzle(client, logger, how.withSchema);
    origins.set(db, {
      root: root ?? db,
      client,
      logger,
      kind: clients.kind,
      statementsWrite: how.statementsWrite,
      wrote: () => counter.wrote(target),
      statements: how.writer ? writerStatements : readerStatements,
    });
    return db;
  };
  const db = make({ writer: false, statementsWrite: true, withSchema: true }, null, null);
  const reader = make({ writer: false, statementsWrite: false, withSchema: true }, null, db);
  return {
    db,
    reader,
    handle: ({ writer, onWrite }) => make({ writer, statementsWrite: writer, withSchema: false }, onWrite, db),
  };
}
