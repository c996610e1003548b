/**
 * What a database's statements are counted by: how many were sent, the most parameters one had,
 * and the writes (the write generation, and who is told). Every handle's Drizzle instance
 * reports to a logger of its own (Drizzle's documented `logger` option) made here. A statement's
 * text is never read: whether it writes is said by the handle it went through (handles.ts).
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

  /**
   * A logger that counts the statements it is told of and, for a handle whose statements write
   * (`writes`), tells `target` of each.
   */
  loggerFor(target: WriteTarget, writes: boolean): Logger {
    if (!writes) return this.countingLogger;
    return {
      logQuery: (_query: string, params: unknown[]) => {
        this.counted(params);
        this.wrote(target);
      },
    };
  }

  /**
   * A logger that only counts: a reader's handle, and the prepared statements shared by every
   * handle (db/prepared-once.ts), which tell the target of the handle that runs them.
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
