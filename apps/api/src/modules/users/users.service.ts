/** Accounts: registration, sign-in, profile, admin management. */

import type { UserDetails } from '@torget/shared/api-types';
import type { PlanCode } from '@torget/shared/rules/plans';
import type { ShopStatusFilter } from '@torget/shared/rules/shop-status';
import type { ProfileUpdate } from '@torget/shared/schemas/accounts';
import { and, count, desc, eq, isNull, or, type SQL, sql } from 'drizzle-orm';
import type { PgUpdateSetSource } from 'drizzle-orm/pg-core';
import { type Db, transaction } from '#api/db/client.ts';
import { orders, passwordResetTokens, reviews, sellers, users } from '#api/db/schema.ts';
import type { AuthUser } from '#api/lib/auth.ts';
import { badRequest, conflict, notFound, unauthorized } from '#api/lib/http-errors.ts';
import type { Paged, PageRequest } from '#api/lib/paging.ts';
import { refuseCommonPassword } from '#api/lib/password-policy.ts';
import { hashPassword, verifyPassword } from '#api/lib/passwords.ts';
import { isUuid } from '#api/lib/uuid.ts';
import { FORMER_CUSTOMER_NAME } from '#api/modules/catalog/reviews.service.ts';
import { hasLedgerEntries } from '#api/modules/ledger/ledger.service.ts';
import { bookPlanFeeOnApproval } from '#api/modules/ledger/ledger-bookings.ts';
import {
  applySellerFields,
  checkDomain,
  checkDomainFree,
  DOMAIN_TAKEN,
} from '#api/modules/sellers/seller-settings.service.ts';
import { lockAdminRoles, otherAdminCount } from './last-admin.service';
import { toUserDetails } from './user-json';

export const EMAIL_TAKEN = 'An account with this e-mail already exists.';

const notDeleted = isNull(users.deletedAt);

type PgError = { code?: string; constraint?: string };

/**
 * The constraint of a Postgres unique_violation (raised when two requests race for one e-mail or
 * domain), or null for any other error. Drizzle may wrap the driver's error as its cause.
 */
function uniqueViolation(error: unknown): string | null {
  const e = error as (PgError & { cause?: PgError }) | null;
  const pgError = e?.code ? e : e?.cause;
  return pgError?.code === '23505' ? (pgError.constraint ?? 'unknown') : null;
}

export async function findUserDetails(db: Db, id: string): Promise<UserDetails | null> {
  if (!isUuid(id)) return null;
  const [row] = await db
    .select({ user: users, seller: sellers })
    .from(users)
    .leftJoin(sellers, eq(sellers.userId, users.id))
    .where(and(eq(users.id, id), notDeleted));
  return row ? toUserDetails(row.user, row.seller) : null;
}

export async function registerUser(db: Db, input: { name: string; email: string; password: string }) {
  refuseCommonPassword(input.password);
  const passwordHash = await hashPassword(input.password);
  try {
    const [user] = await db.insert(users).values({ name: input.name, email: input.email, passwordHash }).returning();
    if (!user) throw new Error('insert returned nothing');
    return user;
  } catch (error) {
    if (uniqueViolation(error)) throw conflict(EMAIL_TAKEN);
    throw error;
  }
}

export async function authenticate(db: Db, email: string, password: string) {
  const [user] = await db
    .select()
    .from(users)
    .where(and(eq(users.email, email), notDeleted));
  // Verify against a hash even for an unknown e-mail, so timing does not tell which e-mails exist.
  const ok = await verifyPassword(user?.passwordHash ?? DUMMY_HASH, password);
  if (!user || !ok) throw unauthorized('Invalid email or password');
  return user;
}
const DUMMY_HASH = '$argon2id$v=19$m=19456,t=2,p=1$Ws2WPyf7SIoR4SdFEK6ZCw$RUNcTGrMScYiE/i0kHCTQF8QYGrRuyTxtLust9dODHU';

/** Updates the signed-in user's own profile; a new password ends every other session. */
export async function updateProfile(db: Db, me: AuthUser, input: ProfileUpdate, mainHosts: string[]) {
  const changes: PgUpdateSetSource<typeof users> = { updatedAt: new Date() };
  if (input.name !== undefined) changes.name = input.name;
  if (input.email !== undefined) changes.email = input.email;
  if (input.password) {
    refuseCommonPassword(input.password);
    changes.passwordHash = await hashPassword(input.password);
    changes.tokenVersion = sql`${users.tokenVersion} + 1`;
  }
  try {
    return await transaction(db, async (tx) => {
      const [user] = await tx
        .update(users)
        .set(changes)
        .where(and(eq(users.id, me.id), notDeleted))
        .returning();
      if (!user) throw notFound('User Not Found');
      // A reset link mailed to the old address, or for the old password, must not work after.
      if (input.password || (input.email !== undefined && input.email !== me.email)) {
        await tx
          .update(passwordResetTokens)
          .set({ usedAt: new Date() })
          .where(and(eq(passwordResetTokens.userId, me.id), isNull(passwordResetTokens.usedAt)));
      }
      await applySellerFields(tx, me, input, mainHosts);
      return user;
    });
  } catch (error) {
    const violated = uniqueViolation(error);
    if (violated === 'sellers_domain_key') throw conflict(DOMAIN_TAKEN);
    if (violated) throw conflict(EMAIL_TAKEN);
    throw error;
  }
}

/** The users of one shop status (rules/shop-status.ts: seller, else applicant, else closed). */
const SHOP_STATUS_WHERE: Record<ShopStatusFilter, () => SQL | undefined> = {
  open: () => eq(users.isSeller, true),
  waiting: () => and(eq(users.isSeller, false), eq(users.wantsToBeSeller, true)),
  closed: () => and(eq(users.isSeller, false), eq(users.wantsToBeSeller, false)),
};

/**
 * GET /api/users/ (admin): a page of the accounts that are not deleted, newest first, and their
 * count; with `shop`, only the accounts of that shop status.
 */
export async function listUsers(
  db: Db,
  page: PageRequest,
  shop?: ShopStatusFilter,
): Promise<Paged<typeof users.$inferSelect>> {
  const where = and(notDeleted, shop && SHOP_STATUS_WHERE[shop]());
  const [counted] = await db.select({ n: count() }).from(users).where(where);
  const rows = await db
    .select()
    .from(users)
    .where(where)
    .orderBy(desc(users.createdAt), desc(users.id))
    .limit(page.size)
    .offset(page.offset);
  return { rows, total: Number(counted?.n ?? 0) };
}

/**
 * An admin sets a user's roles and domain. The last admin cannot lose the role. Answers the
 * updated user, and whether this update approved a seller (who is then told by e-mail).
 */
export async function updateUserByAdmin(
  db: Db,
  id: string,
  input: {
    is_seller?: boolean | undefined;
    is_admin?: boolean | undefined;
    seller_domain?: string | undefined;
    seller_plan?: PlanCode | undefined;
  },
  mainHosts: string[],
): Promise<{ user: UserDetails; approvedSeller: boolean }> {
  if (!isUuid(id)) throw notFound('User Not Found');
  const approvedSeller = await transaction(db, async (tx) => {
    if (input.is_admin === false) await lockAdminRoles(tx);
    const [current] = await tx
      .select()
      .from(users)
      .where(and(eq(users.id, id), notDeleted))
      .for('update');
    if (!current) throw notFound('User Not Found');
    if (input.is_admin === false && current.isAdmin && (await otherAdminCount(tx, id)) === 0) {
      throw badRequest('The last administrator cannot lose the admin role.');
    }
    const changes: PgUpdateSetSource<typeof users> = { updatedAt: new Date() };
    if (input.is_seller !== undefined) changes.isSeller = input.is_seller;
    // Revoking ends the application too: the shop is 'Closed', not 'Waiting for approval', and
    // its settings and uploads are refused until the user applies again.
    if (input.is_seller === false) changes.wantsToBeSeller = false;
    if (input.is_admin !== undefined) changes.isAdmin = input.is_admin;
    await tx.update(users).set(changes).where(eq(users.id, id));
    if (input.is_seller) {
      // A user made a seller without applying gets an empty shop (plan 1) to set up.
      await tx.insert(sellers).values({ userId: id, name: current.name, email: current.email }).onConflictDoNothing();
    }
    if (input.seller_domain !== undefined) {
      const domain = input.seller_domain || null;
      const [shop] = await tx
        .select({ plan: sellers.plan, domain: sellers.domain })
        .from(sellers)
        .where(eq(sellers.userId, id));
      if (domain && domain !== shop?.domain) {
        if (!shop) throw badRequest('This user has no shop to put on a domain.');
        // The same rules as the seller's own settings: an admin cannot lift the plan's limits.
        checkDomain(domain, shop.plan, mainHosts);
        await checkDomainFree(tx, domain, id);
      }
      if (shop) await tx.update(sellers).set({ domain, updatedAt: new Date() }).where(eq(sellers.userId, id));
    }
    let movedToPaidPlan = false;
    if (input.seller_plan !== undefined) {
      const [before] = await tx
        .select({ plan: sellers.plan })
        .from(sellers)
        .where(eq(sellers.userId, id))
        .for('update');
      if (!before) throw badRequest('This user has no shop to change the plan of.');
      if (before.plan !== input.seller_plan) {
        await tx.update(sellers).set({ plan: input.seller_plan, updatedAt: new Date() }).where(eq(sellers.userId, id));
        movedToPaidPlan = before.plan === '1' && input.seller_plan !== '1';
      }
    }
    const approved = input.is_seller === true && !current.isSeller;
    const sellerAfter = input.is_seller ?? current.isSeller;
    // A seller approved on plan 2 or 3, or an approved seller moved from plan 1 to a paid plan,
    // owes the plan's yearly fee from now, booked in this transaction: once per fee year
    // (docs/decisions/213-plan-fee-on-upgrade.md).
    if (approved || (movedToPaidPlan && sellerAfter)) await bookPlanFeeOnApproval(tx, id);
    return approved;
  });
  const user = await findUserDetails(db, id);
  if (!user) throw notFound('User Not Found');
  return { user, approvedSeller };
}

/**
 * Deletes a user. A user with orders (as buyer or seller) is deactivated and anonymised
 * instead, so order history stays whole; the orders keep their own snapshots of names.
 */
export async function deleteUserByAdmin(db: Db, adminId: string, id: string): Promise<void> {
  if (!isUuid(id)) throw notFound('User Not Found');
  if (id === adminId) throw badRequest('You cannot delete your own account.');
  await transaction(db, async (tx) => {
    await lockAdminRoles(tx);
    const [target] = await tx
      .select()
      .from(users)
      .where(and(eq(users.id, id), notDeleted));
    if (!target) throw notFound('User Not Found');
    if (target.isAdmin && (await otherAdminCount(tx, id)) === 0) {
      throw badRequest('The last administrator cannot be deleted.');
    }
    const [hasOrders] = await tx
      .select({ id: orders.id })
      .from(orders)
      .where(or(eq(orders.userId, id), eq(orders.sellerId, id)))
      .limit(1);
    // Their reviews stay (they count in ratings) under a neutral name, not the person's.
    await tx.update(reviews).set({ name: FORMER_CUSTOMER_NAME }).where(eq(reviews.userId, id));
    // Money booked for them is history too: the ledger's entries keep their seller.
    if (!hasOrders && !(await hasLedgerEntries(tx, id))) {
      await tx.delete(users).where(eq(users.id, id));
      return;
    }
    await tx
      .update(users)
      .set({
        name: 'Deleted user',
        email: `deleted-${id}@deleted.invalid`,
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
        deletedAt: new Date(),
        updatedAt: new Date(),
      })
      .where(eq(users.id, id));
    await tx.update(sellers).set({ domain: null }).where(eq(sellers.userId, id));
  });
}
