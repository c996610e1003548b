/**
 * "At least one admin remains", also when two admins demote or delete each other at the same
 * moment. Each such change first takes one transaction-level advisory lock, so they run one
 * after the other: the second counts the admins after the first has committed. Counting alone
 * is not enough: two transactions each see the other admin and both go ahead.
 */
import { and, count, eq, isNull, ne, sql } from 'drizzle-orm';
import type { Db } from '#api/db/client.ts';
import { users } from '#api/db/schema.ts';

/** The advisory-lock key of admin roles (any constant no other lock of the app uses). */
const ADMIN_ROLES_LOCK = 7_405_423;

/**
 * Serialises every change that may remove an admin, until the calling transaction ends. Taken
 * before any row lock of the change, so two changes cannot wait for each other in a cycle.
 */
export async function lockAdminRoles(tx: Db): Promise<void> {
  await tx.execute(sql`select pg_advisory_xact_lock(${sql.raw(String(ADMIN_ROLES_LOCK))})`);
}

/** Admins other than `userId` that remain; call after lockAdminRoles in the same transaction. */
export async function otherAdminCount(tx: Db, userId: string): Promise<number> {
  const [row] = await tx
    .select({ n: count() })
    .from(users)
    .where(and(eq(users.isAdmin, true), isNull(users.deletedAt), ne(users.id, userId)));
  return Number(row?.n ?? 0);
}
