/**
 * Products' variants (docs/decisions/290-product-variants.md): reading them (the product page,
 * orders, exports) and saving a product's whole list (the edit form, imports). A product with
 * variants keeps `count_in_stock` as the sum of its variants' stock: every writer of a variant's
 * stock writes the product's in the same transaction, after locking the product's row, so the
 * catalogue's counters and "in stock" reads keep reading the product alone.
 */

import { randomUUID } from 'node:crypto';
import { sekToOre } from '@torget/shared/rules/money';
import {
  combinationKey,
  type ProductOption,
  VARIANT_MESSAGES,
  variantName,
  variantProblem,
} from '@torget/shared/rules/variants';
import type { VariantInput } from '@torget/shared/schemas/catalog';
import { and, asc, eq, inArray, ne, type SQL, sql } from 'drizzle-orm';
import type { Db } from '#api/db/client.ts';
import { products, productVariants } from '#api/db/schema.ts';
import { badRequest } from '#api/lib/http-errors.ts';
import { nextVersion } from './product-version';

/** A variant as stored, prices in öre. */
export interface StoredVariant {
  id: string;
  productId: string;
  position: number;
  values: string[];
  name: string;
  countInStock: number;
  priceOre: number | null;
  sku: string | null;
  image: string | null;
}

const variantColumns = {
  id: productVariants.id,
  productId: productVariants.productId,
  position: productVariants.position,
  values: productVariants.optionValues,
  countInStock: productVariants.countInStock,
  priceOre: productVariants.priceOre,
  sku: productVariants.sku,
  image: productVariants.image,
};

const withName = (row: Omit<StoredVariant, 'name'>): StoredVariant => ({ ...row, name: variantName(row.values) });

/**
 * The product's variants as the product page's JSON (`variants`, ProductVariant), written by the
 * database in the statement that reads the product: prices in SEK as JavaScript writes them.
 */
export function variantsJsonText(): SQL<string> {
  return sql<string>`(select coalesce(json_agg(json_build_object(
      '_id', v.id, 'values', v.option_values, 'countInStock', v.count_in_stock,
      'price', v.price_ore::float8 / 100, 'sku', v.sku, 'image', v.image) order by v.position), '[]')
    from ${productVariants} v where v.product_id = ${products.id})`;
}

/** The options and variants of each of `productIds` (for an export, or an order's check). */
export async function readVariants(
  db: Db,
  productIds: readonly string[],
): Promise<Map<string, { options: ProductOption[]; variants: StoredVariant[] }>> {
  const found = new Map<string, { options: ProductOption[]; variants: StoredVariant[] }>();
  if (productIds.length === 0) return found;
  const owners = await db
    .select({ id: products.id, options: products.options })
    .from(products)
    .where(inArray(products.id, [...productIds]));
  for (const owner of owners) found.set(owner.id, { options: owner.options, variants: [] });
  const rows = await db
    .select(variantColumns)
    .from(productVariants)
    .where(inArray(productVariants.productId, [...productIds]))
    .orderBy(asc(productVariants.productId), asc(productVariants.position));
  for (const row of rows) found.get(row.productId)?.variants.push(withName(row));
  return found;
}

/** The variants of `ids` (any products), each with its product's id; for an order's lines. */
export async function variantsById(db: Db, ids: readonly string[], lock = false): Promise<Map<string, StoredVariant>> {
  if (ids.length === 0) return new Map();
  const query = db
    .select(variantColumns)
    .from(productVariants)
    .where(inArray(productVariants.id, [...ids]))
    .orderBy(asc(productVariants.id));
  const rows = lock ? await query.for('update') : await query;
  return new Map(rows.map((row) => [row.id, withName(row)]));
}

/** The whole list of a product's variants as a save gives it (the edit form, an import). */
export interface VariantsSave {
  options: ProductOption[];
  variants: VariantInput[];
}

/** The sum of the variants' stock: a product with variants has that as its `countInStock`. */
export const stockOfVariants = (variants: readonly { countInStock: number }[]) =>
  variants.reduce((sum, variant) => sum + variant.countInStock, 0);

/** Refuses a save whose variants break a rule (rules/variants.ts), the gallery's included. */
export function checkVariantsSave(save: VariantsSave, gallery: readonly string[]): void {
  const problem = variantProblem(save.options, save.variants, gallery);
  if (problem) throw badRequest(problem);
}

type PgError = { code?: string; constraint?: string };

function isSkuTaken(error: unknown): boolean {
  const e = error as (PgError & { cause?: PgError }) | null;
  const pgError = e?.code ? e : e?.cause;
  return pgError?.code === '23505' && pgError.constraint === 'product_variants_seller_sku_idx';
}

/**
 * Writes the product's variants as `save` lists them, inside the caller's transaction, after the
 * caller locked (or wrote) the product's row: variants named by `_id`, or else by the same
 * values, keep their ids (carts and orders name them); the others are new; saved ones not listed
 * go (order lines keep their name). Writes the product's options and stock (the sum) too. A SKU
 * another product of the seller uses is refused.
 */
export async function saveVariants(
  tx: Db,
  product: { id: string; sellerId: string },
  save: VariantsSave,
): Promise<void> {
  const existing = await tx
    .select({ id: productVariants.id, values: productVariants.optionValues })
    .from(productVariants)
    .where(eq(productVariants.productId, product.id));
  const byId = new Set(existing.map((row) => row.id));
  const byValues = new Map(existing.map((row) => [combinationKey(row.values), row.id]));
  const kept = new Set<string>();
  const rows = save.variants.map((variant, position) => {
    let id = variant._id && byId.has(variant._id) && !kept.has(variant._id) ? variant._id : undefined;
    const twin = byValues.get(combinationKey(variant.values));
    if (!id && twin && !kept.has(twin)) id = twin;
    id ??= randomUUID();
    kept.add(id);
    return {
      id,
      productId: product.id,
      sellerId: product.sellerId,
      position,
      optionValues: variant.values,
      countInStock: variant.countInStock,
      priceOre: variant.price === null ? null : sekToOre(variant.price),
      sku: variant.sku,
      image: variant.image,
    };
  });
  const skus = rows.flatMap((row) => (row.sku ? [row.sku.toLowerCase()] : []));
  if (skus.length > 0) {
    const taken = await tx
      .select({ id: productVariants.id })
      .from(productVariants)
      .where(
        and(
          eq(productVariants.sellerId, product.sellerId),
          ne(productVariants.productId, product.id),
          inArray(sql`lower(${productVariants.sku})`, skus),
        ),
      )
      .limit(1);
    if (taken.length > 0) throw badRequest(VARIANT_MESSAGES.skuTaken);
  }
  const gone = existing.filter((row) => !kept.has(row.id)).map((row) => row.id);
  if (gone.length > 0) await tx.delete(productVariants).where(inArray(productVariants.id, gone));
  // SKUs cleared first, so two variants may swap theirs in one save (the index is checked per row).
  await tx.update(productVariants).set({ sku: null }).where(eq(productVariants.productId, product.id));
  try {
    if (rows.length > 0) {
      await tx
        .insert(productVariants)
        .values(rows)
        .onConflictDoUpdate({
          target: productVariants.id,
          set: {
            position: sql`excluded.position`,
            optionValues: sql`excluded.option_values`,
            countInStock: sql`excluded.count_in_stock`,
            priceOre: sql`excluded.price_ore`,
            sku: sql`excluded.sku`,
            image: sql`excluded.image`,
          },
        });
    }
  } catch (error) {
    if (isSkuTaken(error)) throw badRequest(VARIANT_MESSAGES.skuTaken);
    throw error;
  }
  await tx
    .update(products)
    .set({
      options: save.options,
      ...(rows.length > 0 ? { countInStock: stockOfVariants(rows) } : {}),
      version: nextVersion(),
    })
    .where(eq(products.id, product.id));
}

/**
 * Gives stock back to the variants of order lines (a cancellation, a deleted order, a
 * withdrawal), after the caller gave it back to their products with the products locked; then
 * sets each such product's stock to its variants' sum again (a line whose variant was deleted
 * since gave the product stock no variant holds).
 */
export async function restockVariants(tx: Db, lines: readonly { variantId: string | null; qty: number }[]) {
  const back = new Map<string, number>();
  for (const line of lines) if (line.variantId) back.set(line.variantId, (back.get(line.variantId) ?? 0) + line.qty);
  if (back.size === 0) return;
  const ids = [...back.keys()].sort();
  const rows = await tx
    .select({ id: productVariants.id, productId: productVariants.productId })
    .from(productVariants)
    .where(inArray(productVariants.id, ids))
    .orderBy(asc(productVariants.id))
    .for('update');
  for (const row of rows) {
    await tx
      .update(productVariants)
      .set({ countInStock: sql`${productVariants.countInStock} + ${back.get(row.id) ?? 0}` })
      .where(eq(productVariants.id, row.id));
  }
  const owners = await tx
    .select({ productId: sql<string>`distinct ${productVariants.productId}` })
    .from(productVariants)
    .where(inArray(productVariants.id, ids));
  await syncStockWithVariants(
    tx,
    owners.map((owner) => owner.productId),
  );
}

/** Sets each product's stock to its variants' sum where it differs (products with variants only). */
export async function syncStockWithVariants(tx: Db, productIds: readonly string[]): Promise<void> {
  if (productIds.length === 0) return;
  const sums = tx.$with('sums').as(
    tx
      .select({
        productId: productVariants.productId,
        total: sql<number>`sum(${productVariants.countInStock})::integer`.as('total'),
      })
      .from(productVariants)
      .where(inArray(productVariants.productId, [...productIds]))
      .groupBy(productVariants.productId),
  );
  await tx
    .with(sums)
    .update(products)
    .set({ countInStock: sql`${sums.total}`, version: nextVersion() })
    .from(sums)
    .where(and(eq(products.id, sums.productId), ne(products.countInStock, sums.total)));
}
