/**
 * The DAC7 report of a calendar year (docs/decisions/261-dac7-report.md), for admins only: per
 * seller, the sales and the consideration of each quarter from the orders, the fees withheld from
 * the ledger, the identity from the shop (a private seller's personal number whole), and the
 * payout account whole, read on the server as the payout file reads it.
 */
import { DAC7_HEADER, DAC7_QUARTERS, DAC7_TIME_ZONE, isDac7Reportable } from '@torget/shared/rules/dac7';
import { oreToSek } from '@torget/shared/rules/money';
import { payoutAccountText } from '@torget/shared/rules/payouts';
import { inArray, sql } from 'drizzle-orm';
import { type Db, queryRows } from '#api/db/client.ts';
import { sellerPersonalNumbers, sellers, users } from '#api/db/schema.ts';
import { payoutAccountsForPayout } from '#api/modules/sellers/payout-account.service.ts';

/** One quarter of a seller: the sales, their consideration and the fees withheld, in öre. */
export interface Dac7Quarter {
  sales: number;
  considerationOre: number;
  feesOre: number;
}

export interface Dac7Row {
  sellerId: string;
  quarters: Record<1 | 2 | 3 | 4, Dac7Quarter>;
  sales: number;
  considerationOre: number;
  feesOre: number;
}

const emptyQuarters = (): Dac7Row['quarters'] => ({
  1: { sales: 0, considerationOre: 0, feesOre: 0 },
  2: { sales: 0, considerationOre: 0, feesOre: 0 },
  3: { sales: 0, considerationOre: 0, feesOre: 0 },
  4: { sales: 0, considerationOre: 0, feesOre: 0 },
});

/** The year's bounds as Swedish midnights, so each quarter is Sweden's. */
const yearStart = (year: number) => sql`(${`${year}-01-01`}::date)::timestamp at time zone ${DAC7_TIME_ZONE}`;
const quarterOf = (column: string) => sql.raw(`extract(quarter from ${column} at time zone '${DAC7_TIME_ZONE}')::int`);

/**
 * Each seller's quarters of `year`: a sale is an order standing paid whose payment time falls in
 * the quarter, its consideration the order's total (what the buyer paid, shipping included) less
 * the refunds booked in the quarter; the fees are the commission, its moms and the plan fees booked
 * in the quarter. Sellers below the de minimis rule are left out.
 */
export async function dac7Figures(db: Db, year: number): Promise<Dac7Row[]> {
  const start = yearStart(year);
  const end = yearStart(year + 1);
  const sales = await queryRows<{ seller_id: string; q: number; sales: number; consideration: string | number }>(
    db,
    sql`select seller_id, ${quarterOf('paid_at')} as q, count(*)::int as sales,
               sum(total_price_ore)::bigint as consideration
        from orders
        where is_paid and paid_at >= ${start} and paid_at < ${end}
        group by 1, 2`,
  );
  const booked = await queryRows<{ seller_id: string; q: number; fees: string | number; refunds: string | number }>(
    db,
    sql`select seller_id, ${quarterOf('created_at')} as q,
               coalesce(-sum(amount_ore) filter (where kind in ('commission', 'commission_vat', 'plan_fee')), 0)::bigint as fees,
               coalesce(sum(amount_ore) filter (where kind = 'refund'), 0)::bigint as refunds
        from ledger_entries
        where kind in ('commission', 'commission_vat', 'plan_fee', 'refund')
          and created_at >= ${start} and created_at < ${end}
        group by 1, 2`,
  );

  const rows = new Map<string, Dac7Row>();
  const rowOf = (sellerId: string) => {
    let row = rows.get(sellerId);
    if (!row) {
      row = { sellerId, quarters: emptyQuarters(), sales: 0, considerationOre: 0, feesOre: 0 };
      rows.set(sellerId, row);
    }
    return row;
  };
  const quarter = (row: Dac7Row, q: number) => row.quarters[q as 1 | 2 | 3 | 4];
  for (const s of sales) {
    const row = rowOf(s.seller_id);
    quarter(row, s.q).sales += s.sales;
    quarter(row, s.q).considerationOre += Number(s.consideration);
  }
  for (const b of booked) {
    // Fees alone (a plan fee, no sale) make no seller reportable: only those with sales are rows.
    const row = rows.get(b.seller_id);
    if (!row) continue;
    quarter(row, b.q).feesOre += Number(b.fees);
    // A refund entry is the seller's money going back (negative): it lowers the consideration.
    quarter(row, b.q).considerationOre += Number(b.refunds);
  }
  for (const row of rows.values()) {
    for (const q of DAC7_QUARTERS) {
      row.sales += row.quarters[q].sales;
      row.considerationOre += row.quarters[q].considerationOre;
      row.feesOre += row.quarters[q].feesOre;
    }
  }
  return [...rows.values()].filter((row) => isDac7Reportable(row.sales, row.considerationOre));
}

const sek = (ore: number) => oreToSek(ore).toFixed(2);

/** The report as CSV rows, the header first, sellers by legal name. */
export async function dac7ReportRows(db: Db, year: number): Promise<string[][]> {
  const figures = await dac7Figures(db, year);
  const ids = figures.map((row) => row.sellerId);
  const identities =
    ids.length === 0
      ? []
      : await db
          .select({
            id: users.id,
            userName: users.name,
            type: sellers.sellerType,
            legalName: sellers.legalName,
            organisationNumber: sellers.organisationNumber,
            personalNumber: sellerPersonalNumbers.personalNumber,
            address: sellers.address,
            postNumber: sellers.postNumber,
            city: sellers.city,
          })
          .from(users)
          .leftJoin(sellers, sql`${sellers.userId} = ${users.id}`)
          .leftJoin(sellerPersonalNumbers, sql`${sellerPersonalNumbers.sellerId} = ${users.id}`)
          .where(inArray(users.id, ids));
  const identityOf = new Map(identities.map((identity) => [identity.id, identity]));
  const accounts = await payoutAccountsForPayout(db, ids);

  const body = figures.map((row) => {
    const who = identityOf.get(row.sellerId);
    const account = accounts.get(row.sellerId);
    return [
      String(year),
      row.sellerId,
      who?.type ?? '',
      // A shop from before the identity was asked has no legal name yet: its holder's name stands in.
      who?.legalName || who?.userName || '',
      who?.organisationNumber ?? '',
      who?.personalNumber ?? '',
      who?.address ?? '',
      who?.postNumber ?? '',
      who?.city ?? '',
      // Only Swedish numbers are accepted (rules/seller-identity.ts): every seller resides in Sweden.
      'SE',
      account?.type ?? '',
      account ? payoutAccountText(account) : '',
      account?.bic ?? '',
      ...DAC7_QUARTERS.flatMap((q) => [
        String(row.quarters[q].sales),
        sek(row.quarters[q].considerationOre),
        sek(row.quarters[q].feesOre),
      ]),
      String(row.sales),
      sek(row.considerationOre),
      sek(row.feesOre),
    ];
  });
  body.sort((a, b) => (a[3] ?? '').localeCompare(b[3] ?? '', 'sv') || (a[1] ?? '').localeCompare(b[1] ?? ''));
  return [[...DAC7_HEADER], ...body];
}
