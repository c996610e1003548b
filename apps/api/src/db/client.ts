/**
 * The database layer's one entry for the rest of the API: opening a database (open-database.ts),
 * its handles (handles.ts), statements prepared once (prepared-once.ts), transactions
 * (transaction.ts), statement counting (statement-counter.ts), notifications between instances
 * (notifications.ts) and raw queries (query-rows.ts).
 */
export { clientOf, type Db, type HandleOptions, oncePerDatabase, rootOf } from './handles';
export type { Notifications } from './notifications';
export { type Database, type DatabaseOptions, openDatabase } from './open-database';
export { type Prepared, type PreparedOptions, preparedOnce } from './prepared-once';
export { queryRows } from './query-rows';
export { countStatements, type StatementTally } from './statement-counter';
export { type Tx, transaction } from './transaction';
