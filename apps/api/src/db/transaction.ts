/**
 * Transactions through a database handle. Their end is a write of its own, said by how the
 * transaction was opened, never by its statements' text: what it changed is visible to every
 * connection from then on, so it is told to the handle's target (a reader's handle too: a GET
 * that expires an order writes in one) and the read cache drops what the writer declared. A
 * read-only transaction (`{ accessMode: 'read only' }`) changes nothing, so its end is not counted.
 */
import type { PgTransactionConfig } from 'drizzle-orm/pg-core';
import { type Db, originOf } from './handles';

/** The transaction a `transaction` callback is given: a Drizzle database bound to one connection. */
export type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];

/** Runs `work` in a transaction on `db` (Drizzle's), and counts its end as a write of `db`'s. */
export async function transaction<T>(db: Db, work: (tx: Tx) => Promise<T>, config?: PgTransactionConfig): Promise<T> {
  try {
    return await db.transaction(work, config);
  } finally {
    if (config?.accessMode !== 'read only') originOf(db)?.wrote();
  }
}
