/** Accounts: registration, sign-in, profile, admin management. */

import type { UserDetails } from '@torget/shared/api-types.generated';
import type { ShopStatusQueryValue, UserRoleFilter } from '@torget/shared/rules/admin-lists';
import type { Language } from '@torget/shared/rules/languages';
import type { PlanCode } from '@torget/shared/rules/plans';
import type { ShopStatusFilter } from '@torget/shared/rules/shop-status';
import type { ProfileUpdate } from '@torget/shared/schemas/accounts';
import { and, count, desc, eq, isNull, or, type SQL, sql } from 'drizzle-orm';
import type { PgUpdateSetSource } from 'drizzle-orm/pg-core';
import { type Db, transaction } from '#api/db/client.ts';
import { orders, passwordResetTokens, reviews, sellerPersonalNumbers, sellers, users } from '#api/db/schema.ts';
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
  approveSeller,
  hasApplicationHistory,
  recordDecision,
} from '#api/modules/sellers/seller-applications.service.ts';
import { type PersonalNumberView, shownPersonalNumber } from '#api/modules/sellers/seller-identity.service.ts';
import {
  applySellerFields,
  checkDomain,
  checkDomainFree,
  DOMAIN_TAKEN,
} from '#api/modules/sellers/seller-settings.service.ts';
import { anonymisedAccount } from './anonymised-account';
import { lockAdminRoles, otherAdminCount } from './last-admin.service';
import { toUserDetails } from './user-json';
import { accountMatches } from './user-search';

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

/**
 * The user's details, to themself or an admin: `personalNumber` says how a private seller's
 * personal identity number is shown (masked to the seller, whole to an admin).
 */
export async function findUserDetails(
  db: Db,
  id: string,
  personalNumber: PersonalNumberView = 'masked',
): Promise<UserDetails | null> {
  if (!isUuid(id)) return null;
  const [row] = await db
    .select({ user: users, seller: sellers, personalNumber: sellerPersonalNumbers.personalNumber })
    .from(users)
    .leftJoin(sellers, eq(sellers.userId, users.id))
    .leftJoin(sellerPersonalNumbers, eq(sellerPersonalNumbers.sellerId, users.id))
    .where(and(eq(users.id, id), notDeleted));
  return row ? toUserDetails(row.user, row.seller, shownPersonalNumber(row.personalNumber, personalNumber)) : null;
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

/**
 * Updates the signed-in user's own profile; a new password ends every other session. `language`
 * is the UI language of the request: an application sent with it is recorded in it.
 */
export async function updateProfile(
  db: Db,
  me: AuthUser,
  input: ProfileUpdate,
  mainHosts: string[],
  language: Language = 'en',
) {
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
      await applySellerFields(tx, me, input, mainHosts, language);
      return user;
    });
  } catch (error) {
    const violated = uniqueViolation(error);
    if (violated === 'sellers_domain_key') throw conflict(DOMAIN_TAKEN);
    if (violated) throw conflict(EMAIL_TAKEN);
    throw error;
  }
}

/**
 * The users of one shop status (rules/shop-status.ts: seller, else applicant, else closed). Plain
 * SQL, no bound values: a partial index of migration 0039 (admins, sellers, applicants) is used
 * only when the planner can see that the condition implies the index's own.
 */
const SHOP_STATUS_WHERE: Record<ShopStatusFilter, SQL> = {
  open: sql`${users.isSeller}`,
  waiting: sql`(${users.wantsToBeSeller} and not ${users.isSeller})`,
  closed: sql`(not ${users.isSeller} and not ${users.wantsToBeSeller})`,
};

/** The user list's `shop_status` words (rules/admin-lists.ts) as the shop statuses they keep. */
const SHOP_STATUS_OF_QUERY: Record<ShopStatusQueryValue, ShopStatusFilter> = {
  applied: 'waiting',
  open: 'open',
  closed: 'closed',
};

/** The users of one role: admins, sellers, and customers (neither). */
const ROLE_WHERE: Record<UserRoleFilter, SQL> = {
  admin: sql`${users.isAdmin}`,
  seller: sql`${users.isSeller}`,
  customer: sql`(not ${users.isAdmin} and not ${users.isSeller})`,
};

/** The admin user list's filters (schemas/accounts.ts, userListQuerySchema); each absent one keeps all. */
export interface UserListFilters {
  shop?: ShopStatusFilter | undefined;
  search?: string | undefined;
  role?: UserRoleFilter | undefined;
  shopStatus?: ShopStatusQueryValue | undefined;
}

/**
 * GET /api/users/ (admin): a page of the accounts that are not deleted, newest first, and their
 * count; only those of every filter given. The page and the count read the indexes of migration
 * 0039 (a search the trigram index of the search text, or the e-mail's), never the whole table.
 */
export async function listUsers(
  db: Db,
  page: PageRequest,
  filters: UserListFilters = {},
): Promise<Paged<typeof users.$inferSelect>> {
  const statements = userListStatements(db, page, filters);
  const [counted] = await statements.count;
  const rows = await statements.page;
  return { rows, total: Number(counted?.n ?? 0) };
}

/** The two statements of the user list, the count and the page, as listUsers sends them. */
export function userListStatements(db: Db, page: PageRequest, filters: UserListFilters) {
  const where = and(
    notDeleted,
    filters.shop && SHOP_STATUS_WHERE[filters.shop],
    filters.shopStatus && SHOP_STATUS_WHERE[SHOP_STATUS_OF_QUERY[filters.shopStatus]],
    filters.role && ROLE_WHERE[filters.role],
    filters.search
      ? accountMatches({ email: sql`${users.email}`, searchText: sql`${users.searchText}` }, filters.search)
      : undefined,
  );
  return {
    count: db.select({ n: count() }).from(users).where(where),
    page: db
      .select()
      .from(users)
      .where(where)
      .orderBy(desc(users.createdAt), desc(users.id))
      .limit(page.size)
      .offset(page.offset),
  };
}

/**
 * An admin sets a user's roles and domain. The last admin cannot lose the role. Turning
 * `is_seller` on approves the user as the applications queue does (`approveSeller`); turning it
 * off rejects a pending application, or revokes a seller; each is recorded as a decision. Answers
 * the updated user, and the decision this update made on the user's application, if any (the
 * user is then told by e-mail).
 */
export async function updateUserByAdmin(
  db: Db,
  adminId: string,
  id: string,
  input: {
    is_seller?: boolean | undefined;
    is_admin?: boolean | undefined;
    seller_domain?: string | undefined;
    seller_plan?: PlanCode | undefined;
  },
  mainHosts: string[],
): Promise<{ user: UserDetails; decision: 'approved' | 'rejected' | null }> {
  if (!isUuid(id)) throw notFound('User Not Found');
  const decision = await transaction(db, async (tx) => {
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
    // Revoking ends the application too: the shop is 'Closed', not 'Waiting for approval', and
    // its settings and uploads are refused until the user applies again.
    if (input.is_seller === false) {
      changes.isSeller = false;
      changes.wantsToBeSeller = false;
    }
    if (input.is_admin !== undefined) changes.isAdmin = input.is_admin;
    await tx.update(users).set(changes).where(eq(users.id, id));
    let decided: 'approved' | 'rejected' | null = null;
    if (input.is_seller && !current.isSeller) {
      await approveSeller(tx, current, adminId);
      decided = 'approved';
    } else if (input.is_seller) {
      // A seller without a shop row (made so before shops were) gets an empty one to set up.
      await tx.insert(sellers).values({ userId: id, name: current.name, email: current.email }).onConflictDoNothing();
    } else if (input.is_seller === false && current.isSeller) {
      await recordDecision(tx, id, 'revoked', adminId);
    } else if (input.is_seller === false && current.wantsToBeSeller) {
      await recordDecision(tx, id, 'rejected', adminId);
      decided = 'rejected';
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
    // An approved seller moved from plan 1 to a paid plan owes the plan's yearly fee from now,
    // booked in this transaction, once per fee year (docs/decisions/213-plan-fee-on-upgrade.md); an
    // approval above booked the fee of the plan it found.
    if (movedToPaidPlan && (input.is_seller ?? current.isSeller)) await bookPlanFeeOnApproval(tx, id);
    return decided;
  });
  const user = await findUserDetails(db, id, 'whole');
  if (!user) throw notFound('User Not Found');
  return { user, decision };
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
    // Money booked for them is history too: the ledger's entries keep their seller; and so are
    // the seller applications they sent or decided.
    if (!hasOrders && !(await hasLedgerEntries(tx, id)) && !(await hasApplicationHistory(tx, id))) {
      await tx.delete(users).where(eq(users.id, id));
      return;
    }
    await tx.update(users).set(anonymisedAccount(id, new Date())).where(eq(users.id, id));
    await tx.update(sellers).set({ domain: null }).where(eq(sellers.userId, id));
  });
}
