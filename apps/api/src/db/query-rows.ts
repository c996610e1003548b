import type { SQL } from 'drizzle-orm';
import type { Db } from './handles';

/**
 * Runs raw SQL and answers its rows. Both drivers answer an object with `rows`; the generic
 * database type cannot say so, hence the one cast here. Cast counts (`::int`) in the SQL:
 * PGlite answers bigint as a number, node-postgres as a string.
 */
export async function queryRows<Row>(db: Db, query: SQL): Promise<Row[]> {
  const result = (await db.execute(query)) as unknown as { rows: Row[] };
  return result.rows;
}
