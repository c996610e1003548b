/**
 * DELETE /api/users/me: a user erases their own account (GDPR art. 17), confirmed by the
 * password. The person is anonymised; what the Bookkeeping Act keeps for 7 years stays: orders
 * (with the anonymised name), their lines, refunds and withdrawals, and the ledger, which is never
 * touched (its trigger refuses any change, and its sums are the same after). Every session ends:
 * the account is marked deleted and its token version moves on, and the guards refuse both.
 *
 * Refused (409, saying what must happen first) while something still needs the person: an order of
 * theirs, bought or sold, neither delivered nor cancelled (the seller needs the address, the buyer
 * the goods); a withdrawal waiting for a decision; a payout not yet sent; a shop balance other
 * than zero; or being the last admin (docs/decisions/262-personal-data-export-and-erasure.md).
 */
import { ERASED_NAME, ERASURE_REFUSALS, WRONG_PASSWORD } from '@torget/shared/rules/personal-data';
import { and, eq, isNull, ne, sql } from 'drizzle-orm';
import { type Db, queryRows, transaction } from '#api/db/client.ts';
import {
  favouriteNotices,
  favourites,
  orderMessageReads,
  orderMessages,
  orders,
  passwordResetTokens,
  reviews,
  sellerPayoutAccounts,
  sellerPersonalNumbers,
  sellers,
  users,
} from '#api/db/schema.ts';
import { badRequest, conflict, notFound } from '#api/lib/http-errors.ts';
import { verifyPassword } from '#api/lib/passwords.ts';
import { FORMER_CUSTOMER_NAME } from '#api/modules/catalog/reviews.service.ts';
import { anonymisedAccount } from './anonymised-account';
import { lockAdminRoles, otherAdminCount } from './last-admin.service';

/** What the erased account's shipping address on its orders reads afterwards. */
const ERASED_ADDRESS = '-';

/** Who was erased, as they were: the confirmation goes to the old address. */
export interface ErasedAccount {
  name: string;
  email: string;
}

/** The first reason the account cannot be erased yet, or null when nothing stands in the way. */
async function refusal(tx: Db, userId: string, isAdmin: boolean): Promise<string | null> {
  if (isAdmin && (await otherAdminCount(tx, userId)) === 0) return ERASURE_REFUSALS.lastAdmin;
  const [facts] = await queryRows<{
    open_orders: boolean;
    open_withdrawals: boolean;
    unsent_payout: boolean;
    balance: string | number;
  }>(
    tx,
    sql`select
          exists (select 1 from orders o
                  where (o.user_id = ${userId} or o.seller_id = ${userId})
                    and o.cancelled_at is null and not o.is_delivered) as open_orders,
          exists (select 1 from order_withdrawals w join orders o on o.id = w.order_id
                  where (o.user_id = ${userId} or o.seller_id = ${userId})
                    and w.state = 'requested') as open_withdrawals,
          exists (select 1 from payout_lines p
                  where p.seller_id = ${userId} and p.sent_at is null) as unsent_payout,
          coalesce((select sum(amount_ore) from ledger_entries where seller_id = ${userId}), 0) as balance`,
  );
  if (facts?.open_orders) return ERASURE_REFUSALS.openOrders;
  if (facts?.open_withdrawals) return ERASURE_REFUSALS.openWithdrawals;
  if (facts?.unsent_payout) return ERASURE_REFUSALS.payoutPending;
  if (Number(facts?.balance ?? 0) !== 0) return ERASURE_REFUSALS.balance;
  return null;
}

/**
 * Erases the account of `userId` once `password` is its password: 400 for a wrong one, 409 with
 * the reason while it cannot be erased yet. Answers the name and e-mail it had.
 */
export async function eraseOwnAccount(db: Db, userId: string, password: string): Promise<ErasedAccount> {
  const [stored] = await db
    .select({ passwordHash: users.passwordHash })
    .from(users)
    .where(and(eq(users.id, userId), isNull(users.deletedAt)));
  if (!stored) throw notFound('User Not Found');
  // Hashing takes its time: outside the transaction, so no lock waits for it.
  if (!(await verifyPassword(stored.passwordHash, password))) throw badRequest(WRONG_PASSWORD);

  return transaction(db, async (tx) => {
    // Admins first take the admin-roles lock (as every change that may remove one), then the row.
    const [flags] = await tx.select({ isAdmin: users.isAdmin }).from(users).where(eq(users.id, userId));
    if (flags?.isAdmin) await lockAdminRoles(tx);
    const [me] = await tx
      .select()
      .from(users)
      .where(and(eq(users.id, userId), isNull(users.deletedAt)))
      .for('update');
    if (!me) throw notFound('User Not Found');
    // The password may have changed since it was checked: the locked row decides.
    if (me.passwordHash !== stored.passwordHash) throw badRequest(WRONG_PASSWORD);
    const reason = await refusal(tx, userId, me.isAdmin);
    if (reason) throw conflict(reason);

    const now = new Date();
    await tx.update(users).set(anonymisedAccount(userId, now)).where(eq(users.id, userId));
    // Orders stay for the books, under the anonymised name; the country stays for the moms.
    await tx
      .update(orders)
      .set({
        buyerName: ERASED_NAME,
        shippingFullName: ERASED_NAME,
        shippingAddress: ERASED_ADDRESS,
        shippingPostalCode: ERASED_ADDRESS,
        shippingCity: ERASED_ADDRESS,
        // PayPal's payer e-mail, kept with the verified capture.
        paymentResult: sql`case when ${orders.paymentResult} ? 'email_address'
          then jsonb_set(${orders.paymentResult}, '{email_address}', '""') else ${orders.paymentResult} end`,
        updatedAt: now,
      })
      .where(eq(orders.userId, userId));
    await tx.update(orderMessages).set({ authorName: ERASED_NAME }).where(eq(orderMessages.authorId, userId));
    // Reviews stay (they count in ratings) under the neutral name admin deletions use.
    await tx
      .update(reviews)
      .set({ name: FORMER_CUSTOMER_NAME })
      .where(and(eq(reviews.userId, userId), ne(reviews.name, FORMER_CUSTOMER_NAME)));
    await tx.delete(passwordResetTokens).where(eq(passwordResetTokens.userId, userId));
    await tx.delete(orderMessageReads).where(eq(orderMessageReads.userId, userId));
    // Saved products and their waiting news are kept until the account goes (the privacy list).
    await tx.delete(favouriteNotices).where(eq(favouriteNotices.userId, userId));
    await tx.delete(favourites).where(eq(favourites.userId, userId));
    // The shop closes (its products leave every list with the seller's status) and loses the
    // person's details; its plan, type, self-certification and rating stay with its history.
    await tx
      .update(sellers)
      .set({
        name: ERASED_NAME,
        logo: '',
        hasLogo: false,
        description: '',
        subtitle: '',
        domain: null,
        bannerBackgroundImage: '',
        address: '',
        postNumber: '',
        city: '',
        phone: '',
        email: '',
        legalName: '',
        organisationNumber: '',
        hasSwish: false,
        swishNumber: '',
        hasPaypal: false,
        updatedAt: now,
      })
      .where(eq(sellers.userId, userId));
    await tx.delete(sellerPersonalNumbers).where(eq(sellerPersonalNumbers.sellerId, userId));
    await tx.delete(sellerPayoutAccounts).where(eq(sellerPayoutAccounts.sellerId, userId));
    return { name: me.name, email: me.email };
  });
}
