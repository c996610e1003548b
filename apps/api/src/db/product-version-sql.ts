/**
 * products.version grows whenever a field of the product edit form or the stock changes, by
 * whatever statement (an edit, a sale, a cancelled order), so an edit loaded before a sale cannot
 * write its old stock back. Other columns (ratings, seller_active) leave it alone. The fields are
 * the field list's `edited` ones (product-fields.ts; the stock is one), so this trigger is
 * generated from it and applied with the files of db/sql (sql-definitions.ts).
 *
 * The API's statements that change such a field set `version = version + 1` themselves
 * (modules/catalog/product-version.ts). Any other statement that changes one and leaves the
 * version alone has it grown by this AFTER trigger, with an UPDATE of its own; a statement that
 * writes any version but the old one or the next is refused. AFTER, not BEFORE: a BEFORE UPDATE
 * row trigger makes PostgreSQL recompute every stored generated column of products on every
 * UPDATE. The trigger names its columns, so a statement that sets none of them (a review's
 * rating) passes it over without planning its WHEN.
 */
import { EDITED_FIELDS } from './product-fields';

/** The definitions' file this trigger is applied as (no file on disk: this text). */
export const PRODUCT_VERSION_DEFINITIONS_NAME = '30-product-version-fields.sql';

export function productVersionDefinitions(): string {
  const columns = EDITED_FIELDS.map((field) => field.column);
  const row = (record: string) => columns.map((column) => `${record}.${column}`).join(', ');
  return `-- Generated from db/product-fields.ts by db/product-version-sql.ts.

CREATE OR REPLACE FUNCTION products_version_follows() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF NEW.version IS DISTINCT FROM OLD.version THEN
    RAISE EXCEPTION 'products.version of % went from % to %: only the next version may be written', NEW.id, OLD.version, NEW.version
      USING ERRCODE = 'check_violation', CONSTRAINT = 'products_version_grows';
  END IF;
  IF (${row('NEW')})
     IS DISTINCT FROM
     (${row('OLD')}) THEN
    UPDATE products SET version = version + 1 WHERE id = NEW.id;
  END IF;
  RETURN NULL;
END
$$;

CREATE OR REPLACE TRIGGER products_version_follows AFTER UPDATE OF
  ${[...columns, 'version'].map((column) => `"${column}"`).join(', ')}
ON "products" FOR EACH ROW WHEN (NEW.version IS DISTINCT FROM OLD.version + 1)
EXECUTE FUNCTION products_version_follows();
`;
}
