/**
 * Statements prepared once per database and run through any of its handles
 * (Database.handle). A Drizzle prepared statement keeps the client and logger it was built with,
 * so each is built once per client (the pool as a reader, the pool as a writer, or PGlite) on a
 * Drizzle instance whose logger only counts (handles.ts), and run as it is: a writer's handle
 * runs the one built on the writers' client. What it writes is told to the handle that ran it:
 * the statement's text says once whether it may write (statement-counter.ts).
 */
import { type Db, originOf } from './handles';
import { changesNoDataKept } from './statement-counter';

/** What preparedOnce asks of a statement: Drizzle's prepared statements have both. */
interface PreparedStatement {
  execute(placeholderValues?: Record<string, unknown>): Promise<unknown>;
  getQuery(): { sql: string };
}

/** A statement preparedOnce gives a handle: run it with `execute`, as the statement itself. */
export type Prepared<S extends PreparedStatement> = Pick<S, 'execute'>;

/**
 * `statementFor(db)`: the statement `build` makes, built the first time a handle on that client
 * asks. A transaction (`tx`) is no handle: its statement is built on it (once per transaction),
 * and counted and told by the transaction's own logger.
 */
export function preparedOnce<S extends PreparedStatement>(build: (db: Db) => S): (db: Db) => Prepared<S> {
  const built = new WeakMap<Db, { statement: S; writes: boolean }>();
  return function statementFor(db: Db): Prepared<S> {
    const origin = originOf(db);
    const on = origin ? origin.statements : db;
    let entry = built.get(on);
    if (entry === undefined) {
      const statement = build(on);
      entry = { statement, writes: !changesNoDataKept(statement.getQuery().sql) };
      built.set(on, entry);
    }
    const { statement, writes } = entry;
    if (!origin || !writes) return statement;
    const execute = (values?: Record<string, unknown>) => {
      // Told as it is sent, as a handle's logger tells its own statements.
      origin.wrote();
      return statement.execute(values);
    };
    // The same function as the statement's own, run after the write is told.
    return { execute: execute as S['execute'] };
  };
}
