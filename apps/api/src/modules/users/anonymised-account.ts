/**
 * What is left of an account that is gone but whose orders, ledger entries or application history
 * are kept: one set of columns for the user's own erasure and an admin's deletion alike.
 */
import { ERASED_NAME } from '@torget/shared/rules/personal-data';
import { sql } from 'drizzle-orm';
import { users } from '#api/db/schema.ts';

/**
 * The account's columns anonymised at `now`: no name, e-mail or address left, no role, a password
 * no hash matches, and every session ended (the token version moves on).
 */
export function anonymisedAccount(userId: string, now: Date) {
  return {
    name: ERASED_NAME,
    email: `deleted-${userId}@deleted.invalid`,
    passwordHash: '!',
    isAdmin: false,
    isSeller: false,
    wantsToBeSeller: false,
    tokenVersion: sql`${users.tokenVersion} + 1`,
    shippingFullName: null,
    shippingAddress: null,
    shippingPostalCode: null,
    shippingCity: null,
    shippingCountry: null,
    deletedAt: now,
    updatedAt: now,
  };
}
