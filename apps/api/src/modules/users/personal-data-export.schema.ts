/**
 * The answer of GET /api/users/me/export, as a zod schema made from the very columns the export
 * reads (personal-data-export.service.ts): a column added to a table is exported without anyone
 * remembering to, and so is described the same way. Each row is a strict object of its columns,
 * `null` where the column may be; times are ISO 8601 strings in UTC. Columns holding JSON name
 * their shape here (a new one throws until it does).
 */
import { productOptionSchema } from '@torget/shared/schemas/answers/catalog';
import { paymentResultSchema } from '@torget/shared/schemas/answers/orders';
import { maskedPayoutAccountSchema } from '@torget/shared/schemas/answers/payouts';
import type { Column } from 'drizzle-orm';
import { getTableColumns } from 'drizzle-orm';
import { type ZodType, z } from 'zod';
import {
  orderItems,
  orderRefunds,
  orders,
  orderWithdrawalLines,
  payoutLines,
  products,
  reviews,
  sellers,
} from '#api/db/schema.ts';
import {
  BUYER_ORDER_COLUMNS,
  exportedColumns,
  favouriteNoticeColumns,
  reportMadeColumns,
  savedFavouriteColumns,
  threadReadColumns,
} from './personal-data-export.service';

/** The shapes of the exported columns that hold JSON. */
const JSON_COLUMNS = new Map<Column, ZodType>([
  [products.images, z.array(z.string())],
  [products.options, z.array(productOptionSchema)],
  [orderRefunds.lines, z.array(z.strictObject({ product: z.string().nullable(), name: z.string(), qty: z.number() }))],
  [orders.paymentResult, paymentResultSchema],
]);

function columnSchema(column: Column): ZodType {
  switch (column.dataType) {
    case 'string':
      return z.string();
    case 'number':
      return z.number();
    case 'boolean':
      return z.boolean();
    case 'date':
      // Read back as JSON by exportPersonalData: an ISO 8601 string.
      return z.string();
    case 'array': {
      const base = (column as Column & { baseColumn?: Column }).baseColumn;
      if (!base) break;
      return z.array(columnSchema(base));
    }
    case 'json': {
      const shape = JSON_COLUMNS.get(column);
      if (shape) return shape;
      break;
    }
  }
  throw new Error(`The personal data export has no schema for column ${column.name} (${column.dataType})`);
}

/** A row of `columns`, as drizzle reads it: each key its column's value, null where the column may be. */
function rowSchema(columns: Record<string, Column>) {
  return z.strictObject(
    Object.fromEntries(
      Object.entries(columns).map(([key, column]) => {
        const value = columnSchema(column);
        return [key, column.notNull ? value : value.nullable()];
      }),
    ),
  );
}

const withoutBuyer = (columns: Record<string, Column>) =>
  Object.fromEntries(
    Object.entries(columns).filter(([key]) => !(BUYER_ORDER_COLUMNS as readonly string[]).includes(key)),
  );

const message = z.strictObject({
  mine: z.boolean(),
  authorRole: z.string().describe("Who wrote it: 'buyer', 'seller' or 'admin'."),
  authorName: z.string().optional().describe("Only on the user's own messages."),
  text: z.string(),
  createdAt: z.string(),
});

/** An order with its lines, thread, withdrawals and refunds. */
const orderDetails = {
  items: z.array(rowSchema(getTableColumns(orderItems))),
  messages: z.array(message),
  withdrawals: z.array(
    rowSchema(exportedColumns.withdrawal).extend({
      lines: z.array(rowSchema(getTableColumns(orderWithdrawalLines))),
    }),
  ),
  refunds: z.array(rowSchema(exportedColumns.refund)),
};

const shop = rowSchema(getTableColumns(sellers)).extend({
  personalNumber: z.string().nullable().describe("A private seller's personal identity number, masked."),
  payoutAccount: maskedPayoutAccountSchema.nullable(),
  products: z.array(rowSchema(exportedColumns.product)),
  ordersAsSeller: z
    .array(rowSchema(withoutBuyer(exportedColumns.order)).extend(orderDetails))
    .describe("The orders the shop sold, without the buyers' data."),
  ledgerEntries: z.array(rowSchema(exportedColumns.ledgerEntry)),
  payouts: z.array(rowSchema(getTableColumns(payoutLines))),
  paymentRequests: z.array(rowSchema(exportedColumns.paymentRequest)),
});

export const personalDataExportSchema = z
  .strictObject({
    format: z.string().describe('The export\'s name and version: "torget-personal-data/1".'),
    exportedAt: z.string(),
    about: z.string(),
    categories: z
      .array(
        z.strictObject({
          key: z.string(),
          name: z.string(),
          what: z.string(),
          purpose: z.string(),
          retention: z.string(),
        }),
      )
      .describe('What each part is stored for and how long it is kept.'),
    account: rowSchema(exportedColumns.account).extend({
      passwordResets: z.array(rowSchema(exportedColumns.passwordReset)),
      threadsRead: z.array(rowSchema(threadReadColumns)),
    }),
    ordersAsBuyer: z.array(rowSchema(exportedColumns.order).extend(orderDetails)),
    reviews: z.array(rowSchema(getTableColumns(reviews))),
    favourites: z.strictObject({
      saved: z.array(rowSchema(savedFavouriteColumns)),
      notices: z.array(rowSchema(favouriteNoticeColumns)),
    }),
    reportsMade: z.array(rowSchema(reportMadeColumns)),
    sellerApplication: z.array(rowSchema(exportedColumns.sellerApplication)),
    shop: shop.nullable().describe('The shop of a seller or applicant; null for a customer.'),
  })
  .meta({
    id: 'PersonalDataExport',
    description:
      "GET /api/users/me/export: everything stored about the signed-in user (GDPR art. 15 and 20), as a JSON file to save. Rows are the database's, keyed by column; amounts in öre, times in UTC.",
  });
