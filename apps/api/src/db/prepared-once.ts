/**
 * Statements prepared once per database and run through any of its handles
 * (Database.handle). A Drizzle prepared statement keeps the client and logger it was built with,
 * so each is built once per client (the pool as a reader, the pool as a writer, or PGlite) on a
 * Drizzle instance whose logger only counts (handles.ts), and run as it is: a writer's handle
 * runs the one built on the writers' client. A run is told as a write to the handle that ran it
 * when that handle's statements all write (a writer's, or the shared `db`), or when the
 * statement was declared to write (`{ writes: true }`: a reader's handle then tells it too).
 */
import { type Db, originOf } from './handles';

export interface PreparedOptions {
  /** The statement changes data: told as a write whichever handle runs it. */
  writes?: boolean;
}

/** What preparedOnce asks of a statement: Drizzle's prepared statements have it. */
interface PreparedStatement {
  execute(placeholderValues?: Record<string, unknown>): Promise<unknown>;
}

/** A statement preparedOnce gives a handle: run it with `execute`, as the statement itself. */
export type Prepared<S extends PreparedStatement> = Pick<S, 'execute'>;

/**
 * `statementFor(db)`: the statement `build` makes, built the first time a handle on that client
 * asks. A transaction (`tx`) is no handle: its statement is built on it (once per transaction),
 * and counted and told by the transaction's own logger.
 */
export function preparedOnce<S extends PreparedStatement>(
  build: (db: Db) => S,
  options: PreparedOptions = {},
): (db: Db) => Prepared<S> {
  const built = new WeakMap<Db, S>();
  return function statementFor(db: Db): Prepared<S> {
    const origin = originOf(db);
    const on = origin ? origin.statements : db;
    let statement = built.get(on);
    if (statement === undefined) {
      statement = build(on);
      built.set(on, statement);
    }
    if (!origin || !(origin.statementsWrite || options.writes)) return statement;
    const prepared = statement;
    const execute = (values?: Record<string, unknown>) => {
      // Told as it is sent, as a handle's logger tells its own statements.
      origin.wrote();
      return prepared.execute(values);
    };
    // The same function as the statement's own, run after the write is told.
    return { execute: execute as S['execute'] };
  };
}
