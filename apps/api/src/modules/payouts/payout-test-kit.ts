/**
 * Test data for payouts: a seller with a payout account and PayPal orders booked in the ledger,
 * delivered when the test says, written straight to the database (the ledger's own booking).
 */
import type { PayoutAccountType } from '@torget/shared/rules/payout-account';
import type { Db } from '#api/db/client.ts';
import { orders, sellerPayoutAccounts } from '#api/db/schema.ts';
import { bookOrderPaid } from '#api/modules/ledger/ledger-bookings.ts';
import { createSeller, createUser, orderRowValues } from '#api/test/fixtures.ts';

export const DAY_MS = 24 * 60 * 60 * 1000;
export const daysAgo = (days: number) => new Date(Date.now() - days * DAY_MS);

/** Valid accounts of each type (the payout account rule's own examples). */
export const ACCOUNTS: Record<
  PayoutAccountType,
  { clearingNumber: string | null; accountNumber: string; bankName: string | null }
> = {
  bank_account: { clearingNumber: '83279', accountNumber: '1234567897', bankName: 'Swedbank' },
  bankgiro: { clearingNumber: null, accountNumber: '50501055', bankName: null },
  iban: { clearingNumber: null, accountNumber: 'SE4550000000058398257466', bankName: null },
};

/** A seller on plan 2 (5 % commission), with an account of `type` set `accountAgeDays` ago (null: none). */
export async function payoutSeller(
  db: Db,
  name: string,
  accountType: PayoutAccountType | null = 'bank_account',
  accountAgeDays = 4,
) {
  const { user } = await createSeller(db, { user: { name }, seller: { name, plan: '2' } });
  if (accountType !== null) {
    const account = ACCOUNTS[accountType];
    await db.insert(sellerPayoutAccounts).values({
      sellerId: user.id,
      kind: accountType,
      clearingNumber: account.clearingNumber,
      accountNumber: account.accountNumber,
      bankName: account.bankName,
      bic: accountType === 'iban' ? 'ESSESESS' : null,
      changedAt: daysAgo(accountAgeDays),
    });
  }
  return user;
}

/**
 * A paid PayPal order of `totalOre` to `sellerId`, booked in the ledger (on plan 2 the seller is
 * credited 93.75 % of it), delivered `deliveredDaysAgo` days ago (null: not delivered).
 */
export async function bookedOrder(db: Db, sellerId: string, totalOre: number, deliveredDaysAgo: number | null) {
  const buyerId = (await createUser(db, { name: 'Köpare Payout' })).id;
  const [row] = await db
    .insert(orders)
    .values({
      ...orderRowValues(buyerId, sellerId),
      paymentMethod: 'PayPal',
      itemsPriceOre: totalOre,
      totalPriceOre: totalOre,
      isPaid: true,
      paidAt: new Date(),
      isDelivered: deliveredDaysAgo !== null,
      deliveredAt: deliveredDaysAgo === null ? null : daysAgo(deliveredDaysAgo),
    })
    .returning();
  if (!row) throw new Error('order not created');
  await bookOrderPaid(db, row);
  return row;
}
