/** The ledger's answers and the fee settings. */
import { z } from 'zod';
import { LEDGER_KINDS } from '../../rules/ledger';

export const ledgerEntrySchema = z
  .strictObject({
    _id: z.string(),
    seller: z.string(),
    kind: z.enum(LEDGER_KINDS),
    amount: z.number().describe('Positive: the marketplace owes it to the seller; negative: the seller owes it.'),
    order: z.string().nullable(),
    orderNumber: z.string().nullable().describe("The order's number as people quote it (`T-100001`)."),
    payout: z.string().nullable(),
    rate: z
      .number()
      .nullable()
      .describe('The rate it used, in percent (commission 10, moms 25); null when none applies.'),
    base: z.number().nullable().describe('What the rate was of, in SEK.'),
    periodStart: z.string().nullable().describe('The first day of the year a plan fee pays for (ISO).'),
    note: z.string().nullable(),
    reversal: z.boolean().describe('Whether it undoes an earlier entry of its order (the order was marked unpaid).'),
    createdAt: z.string(),
  })
  .meta({
    id: 'LedgerEntry',
    description:
      "One ledger entry (GET /api/ledger/mine, GET /api/ledger): amounts in SEK, signed from the seller's side.",
  });

export const sellerPaymentRequestSchema = z
  .strictObject({
    _id: z.string(),
    number: z.number().int(),
    reference: z.string().describe('The Swish message: `Torget B-<number>`.'),
    seller: z.string(),
    name: z.string(),
    amount: z.number(),
    swishNumber: z.string().describe("The marketplace's Swish number the seller pays to."),
    createdAt: z.string(),
    receivedAt: z.string().nullable(),
  })
  .meta({
    id: 'SellerPaymentRequest',
    description:
      'A request that a seller pay what they owe the marketplace (a negative balance) by Swish (GET/POST /api/ledger/payment-requests, GET /api/ledger/mine).',
  });

export const ledgerStatementSchema = z
  .strictObject({
    balance: z.number(),
    held: z
      .number()
      .describe('Money of orders not delivered, or delivered less than 14 days ago (the withdrawal period).'),
    month: z.string().describe("'YYYY-MM' (Swedish time) the entries are of."),
    opening: z.number().describe('The balance before the month.'),
    closing: z.number().describe('The balance after the month.'),
    entries: z.array(ledgerEntrySchema),
    paymentRequest: sellerPaymentRequestSchema
      .nullable()
      .optional()
      .describe('The open request to pay what the seller owes by Swish, if an admin has made one.'),
  })
  .meta({
    id: 'LedgerStatement',
    description: "GET /api/ledger/mine: the seller's balance, what is held back, and a month's entries.",
  });

export const ledgerEarningsMonthSchema = z
  .strictObject({
    month: z.string().describe("'YYYY-MM'."),
    commission: z.number(),
    commission_vat: z.number(),
    plan_fees: z.number(),
    earnings: z.number().describe('Commission and plan fees, without the moms (which is owed to the state).'),
  })
  .meta({
    id: 'LedgerEarningsMonth',
    description: 'GET /api/ledger/earnings: what the marketplace earned in one month (Swedish time), in SEK.',
  });

export const ledgerSellerBalanceSchema = z
  .strictObject({
    seller: z.string(),
    name: z.string(),
    balance: z.number(),
    held: z.number(),
  })
  .meta({ id: 'LedgerSellerBalance', description: "GET /api/ledger/sellers: one seller's balance." });

const planFeesSchema = z.strictObject({ commission_percent: z.number(), yearly_fee: z.number() });

export const feeSettingsSchema = z
  .strictObject({
    // Every plan by its code, written out: a record keyed by an enum reaches the generated types
    // as any string key.
    plans: z.strictObject({ '1': planFeesSchema, '2': planFeesSchema, '3': planFeesSchema }),
    commission_vat_percent: z.number(),
    swish_number: z
      .string()
      .optional()
      .describe("The marketplace's Swish number, which sellers pay what they owe to ('' until set)."),
  })
  .meta({
    id: 'FeeSettings',
    description: 'GET and PUT /api/fees: the fees of each plan, and the moms on commission.',
  });
