/**
 * A write's first statement when its route reads its session's user itself (`readsSessionUser`,
 * routes/audiences.ts): the session's account and one product, in one round trip instead of the
 * auth guard's read and the route's own. The account is the statement's first table,
 * left-joined to the product, so an ended session gives no row and a missing product a row with
 * no product; sessionUserOf (lib/auth.ts) then refuses an ended session before anything about the
 * product is answered, as the guard did.
 */
import { eq, sql } from 'drizzle-orm';
import { alias, type PgColumn } from 'drizzle-orm/pg-core';
import { type Db, preparedOnce } from '#api/db/client.ts';
import { products, users } from '#api/db/schema.ts';
import {
  type AuthUser,
  sessionUserColumns,
  sessionUserCondition,
  sessionUserOf,
  type TokenClaims,
} from '#api/lib/auth.ts';
import { isUuid } from '#api/lib/uuid.ts';

/**
 * The session's account as these statements name it (a product's seller may be read as `users`;
 * not `session_user`, which SQL reserves).
 */
const sessionUsers = alias(users, 'session_account');

/**
 * A read of the session's user and of product `id`'s `columns`, prepared once per database under
 * `name`: answers the user (or throws the session's 401) and the product's columns, or null when
 * there is no product with that id (also for an id that is no uuid: the session is still read).
 */
export function sessionUserAndProduct<Columns extends Record<string, PgColumn>>(name: string, columns: Columns) {
  const statementOf = preparedOnce((db) =>
    db
      .select({ user: sessionUserColumns(sessionUsers), product: columns })
      .from(sessionUsers)
      .leftJoin(products, eq(products.id, sql.placeholder('productId')))
      .where(sessionUserCondition(sessionUsers, sql.placeholder('userId')))
      .prepare(name),
  );
  return async (db: Db, claims: TokenClaims, id: string) => {
    const [row] = await statementOf(db).execute({ userId: claims.userId, productId: isUuid(id) ? id : null });
    const user: AuthUser = sessionUserOf(claims, row?.user);
    return { user, product: row?.product ?? null };
  };
}
