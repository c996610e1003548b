/**
 * What a database's statements are counted by: how many were sent, the most parameters one had,
 * and which may have changed data (the write generation, and who is told). Every handle's Drizzle
 * instance reports to a logger of its own (Drizzle's documented `logger` option) made here.
 */
import { AsyncLocalStorage } from 'node:async_hooks';
import type { Logger } from 'drizzle-orm/logger';

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
 * transaction's end is counted as a write when it was not read-only: db/transaction.ts).
 * Erring to "write" drops more of the read cache than needed, never less. A facets request
 * starts with WITH: counted as a write, it would drop every instance's whole cache.
 */
// SET TRANSACTION too: Drizzle opens a read-only transaction with `begin` and then `set transaction
// read only`. Counted as a write, every search that found nothing (its suggestion's read-only
// transaction, name-search.ts) would drop every instance's whole cache.
const TRANSACTION_CONTROL = /^\s*(begin|commit|rollback|savepoint|release|set\s+transaction)\b/i;
const QUERY = /^\s*(select|with|\()/i;
const DATA_CHANGE = /\b(insert|update|delete|merge)\b/i;

export function changesNoData(statement: string): boolean {
  return TRANSACTION_CONTROL.test(statement) || (QUERY.test(statement) && !DATA_CHANGE.test(statement));
}

/**
 * changesNoData of each statement text seen, kept: the catalogue's statements are a few texts
 * sent again and again (prepared ones are the same string each time), some of them kilobytes
 * long, and the word-boundary scan of each was 2 % of the API's CPU on a search. Bounded: emptied
 * when full, as a crawler's endless shapes would otherwise grow it.
 */
const CLASSIFIED_LIMIT = 2048;
const classified = new Map<string, boolean>();

export function changesNoDataKept(statement: string): boolean {
  const known = classified.get(statement);
  if (known !== undefined) return known;
  const answer = changesNoData(statement);
  if (classified.size >= CLASSIFIED_LIMIT) classified.clear();
  classified.set(statement, answer);
  return answer;
}

/**
 * Where a write is told: a handle's own `onWrite`, or (null) the database's listeners, which
 * drop everything (writes through the shared handle: nobody in particular).
 */
export type WriteTarget = (() => void) | null;

/** Counts every statement and write of one database, whichever handle sent it. */
export class StatementCounter {
  count = 0;
  writes = 0;
  parameterPeak = 0;
  readonly writeListeners: (() => void)[] = [];

  /** A logger that counts the statements it is told of, and tells `target` of those that may write. */
  loggerFor(target: WriteTarget): Logger {
    return {
      logQuery: (query: string, params: unknown[]) => {
        this.counted(params);
        if (!changesNoDataKept(query)) this.wrote(target);
      },
    };
  }

  /**
   * A logger that counts, and leaves writes to whoever runs the statement: the prepared
   * statements shared by every handle (db/prepared-once.ts), which tell their handle's target.
   */
  readonly countingLogger: Logger = {
    logQuery: (_query: string, params: unknown[]) => this.counted(params),
  };

  wrote(target: WriteTarget): void {
    this.writes++;
    if (target) target();
    else for (const listener of this.writeListeners) listener();
  }

  takePeak(): number {
    const peak = this.parameterPeak;
    this.parameterPeak = 0;
    return peak;
  }

  private counted(params: unknown[]): void {
    this.count++;
    if (params.length > this.parameterPeak) this.parameterPeak = params.length;
    const tally = tallies.getStore();
    if (tally) tally.count++;
  }
}
