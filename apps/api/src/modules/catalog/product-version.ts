/**
 * products.version grows by one whenever a field of the edit form or the stock changes, so an
 * edit loaded before a sale cannot write its old stock back. The API's statements
 * that write those columns set the version themselves: with no BEFORE UPDATE row trigger on
 * products, PostgreSQL recomputes only the generated columns whose inputs a statement sets
 * (migration 0026). Another statement that forgets is still right, at the cost of a second
 * write of the row: an AFTER trigger grows the version for it.
 */

import { sekToOre } from '@torget/shared/rules/money';
import { type SQL, sql } from 'drizzle-orm';
import { EDITED_FIELDS, type EditedField, type PropertyOfColumn, propertyOfColumn } from '#api/db/product-fields.ts';
import { products } from '#api/db/schema.ts';

/** The version after a statement that changes the stock (a sale, a cancellation). */
export function nextVersion(): SQL<number> {
  return sql<number>`${products.version} + 1`;
}

/** The SET list of a statement that changes the stock to `stock`, written as SQL. */
export function stockAndVersionSet(stock: SQL): SQL {
  return sql`${sql.identifier(products.countInStock.name)} = ${stock}, ${sql.identifier(products.version.name)} = ${nextVersion()}`;
}

/** The edit form's fields (the field list's `edited`), by their keys in the products table. */
const EDITED_KEYS = EDITED_FIELDS.map((field) => propertyOfColumn(field.column));

type EditedKey = PropertyOfColumn<EditedField['column']>;

/** The edit form's fields as a save writes them. */
export type EditedFields = Pick<typeof products.$inferSelect, EditedKey>;

/**
 * The edit form's fields a save writes, from the form's values by their JSON keys (an amount in
 * kronor written as öre); `written` gives those the save works out itself (the main image from
 * the images, the sanitized description).
 */
export function editedFieldsOf(form: object, written: Partial<EditedFields> = {}): EditedFields {
  const values = form as Record<string, unknown>;
  const fields: Record<string, unknown> = {};
  for (const field of EDITED_FIELDS) {
    const key = propertyOfColumn(field.column);
    const value = values[field.key];
    fields[key] = key in written ? written[key] : field.kind === 'sek' ? sekToOre(value as number) : value;
  }
  return fields as EditedFields;
}

/** The version after a save of `fields`: one more when any of them differs from the row's. */
export function versionAfterEdit(fields: EditedFields): SQL<number> {
  const current = sql.join(
    EDITED_KEYS.map((key) => sql`${products[key]}`),
    sql`, `,
  );
  // Each value typed as its column, so the row comparison needs no inference from the other side.
  const saved = sql.join(
    EDITED_KEYS.map((key) => sql`${fields[key]}::${sql.raw(products[key].getSQLType())}`),
    sql`, `,
  );
  return sql<number>`${products.version} + case when (${current}) is distinct from (${saved}) then 1 else 0 end`;
}
