/** Writing the catalogue: sellers create, edit and delete their products; admins any product. */

import { canEditProduct } from '@torget/shared/policies/products';
import { isPublishable, MAX_PRODUCT_IMAGES, PRODUCT_CHANGED } from '@torget/shared/rules/catalog';
import { sekToOre } from '@torget/shared/rules/money';
import { mayAddProduct, type PlanProductUsage, planRule } from '@torget/shared/rules/plans';
import type { ProductUpdate } from '@torget/shared/schemas/catalog';
import { and, count, eq, ne, type SQL, sql } from 'drizzle-orm';
import { type Db, transaction } from '#api/db/client.ts';
import { recomputeSellerRating } from '#api/db/ratings.ts';
import { products, sellers } from '#api/db/schema.ts';
import type { AuthUser, TokenClaims } from '#api/lib/auth.ts';
import type { ProductSnapshot } from '#api/lib/cache-changes.ts';
import { conflict, forbidden, notFound } from '#api/lib/http-errors.ts';
import { sanitizeRichText } from '#api/lib/sanitize.ts';
import { isUuid } from '#api/lib/uuid.ts';
import { type SnapshotRow, snapshotColumns, snapshotOf } from './product-snapshot';
import { editedFieldsOf, versionAfterEdit } from './product-version';
import { sessionUserAndProduct } from './session-product-read';
import { checkVariantsSave, saveVariants, stockOfVariants } from './variants.service';

/** What an edit or a deletion reads of a product first. */
const editableColumns = {
  ...snapshotColumns,
  image: products.image,
  images: products.images,
  vatRate: products.vatRate,
  saleStartsAt: products.saleStartsAt,
};

interface EditableProduct extends SnapshotRow {
  image: string;
  images: string[];
  vatRate: number;
  saleStartsAt: Date | null;
}

/**
 * The sale's columns a save writes: none when the payload says nothing of a sale (the spec's
 * payload keeps the product's sale). A start set anew in the past starts now: the 30 days of
 * lowest prices shown with a sale are those before it came into force, which a start written
 * back in time could move past a lower price (docs/decisions/292-sale-prices-and-price-history.md).
 */
export function saleColumnsOf(
  input: Pick<ProductUpdate, 'salePrice' | 'saleStartsAt' | 'saleEndsAt'>,
  savedStart: Date | null,
  now: Date,
): Partial<Pick<typeof products.$inferInsert, 'salePriceOre' | 'saleStartsAt' | 'saleEndsAt'>> {
  if (input.salePrice === undefined && input.saleStartsAt === undefined && input.saleEndsAt === undefined) return {};
  const start = input.saleStartsAt ?? null;
  // The edit form sends times to the minute: a start within the saved one's minute is the saved one.
  const unchanged = start !== null && savedStart !== null && Math.abs(start.getTime() - savedStart.getTime()) < 60_000;
  return {
    salePriceOre: input.salePrice == null ? null : sekToOre(input.salePrice),
    saleStartsAt: unchanged ? savedStart : start === null || start.getTime() >= now.getTime() ? start : now,
    saleEndsAt: input.saleEndsAt ?? null,
  };
}

/** The product, if `user` may change it (its seller, or an admin): else the spec's 404 or 403. */
function editableBy(user: AuthUser, product: EditableProduct | null | undefined): EditableProduct {
  if (!product) throw notFound('Product Not Found');
  if (!canEditProduct(user, product)) {
    throw forbidden('You can only change your own products.');
  }
  return product;
}

/** The product, if the user may change it: its seller, or an admin. */
async function productForEditor(db: Db, user: AuthUser, id: string) {
  if (!isUuid(id)) throw notFound('Product Not Found');
  const [product] = await db.select(editableColumns).from(products).where(eq(products.id, id));
  return editableBy(user, product);
}

/**
 * The session's user and the product in one statement, for an edit (`readsSessionUser`): an
 * ended session is a 401 before the product's 404 or 403.
 */
const readEditorAndProduct = sessionUserAndProduct('session_user_editable_product', editableColumns);

/**
 * Refuses with the plan's message unless the seller may have one product more counting against
 * the plan (countsAgainstPlan: drafts do not). The seller's row is locked first, so two
 * requests at once (two publishes, or a publish and a create) count one after the other and
 * cannot both pass the limit. `except` is a product not to count (the draft being published).
 */
async function holdPlanLimit(tx: Db, sellerId: string, except?: string): Promise<void> {
  const [shop] = await tx
    .select({ plan: sellers.plan })
    .from(sellers)
    .where(eq(sellers.userId, sellerId))
    .for('update');
  const plan = planRule(shop?.plan);
  if (plan.maxProducts === null) return;
  const [row] = await tx
    .select({ n: count() })
    .from(products)
    // The SQL form of countsAgainstPlan: every product but a draft.
    .where(
      and(
        eq(products.sellerId, sellerId),
        eq(products.isDraft, false),
        except === undefined ? undefined : ne(products.id, except),
      ),
    );
  if (!mayAddProduct(shop?.plan, Number(row?.n ?? 0))) {
    throw forbidden(`Your plan allows at most ${plan.maxProducts} products.`);
  }
}

/** The seller's products counting against the plan, and the plan's limit ("3 of 5 products"). */
export async function planUsageOf(db: Db, sellerId: string): Promise<PlanProductUsage> {
  const [row] = await db
    .select({
      plan: sellers.plan,
      n: sql<number>`(SELECT count(*)::int FROM ${products} WHERE ${products.sellerId} = ${sellers.userId} AND NOT ${products.isDraft})`,
    })
    .from(sellers)
    .where(eq(sellers.userId, sellerId));
  return { count: row?.n ?? 0, max: planRule(row?.plan).maxProducts };
}

/**
 * Creates an empty product (a draft) for the seller. Drafts do not count against the plan's
 * limit, but a seller whose listed products already fill the plan is refused at once: the draft
 * could never be published (docs/decisions/291-drafts-and-the-plan-limit.md).
 */
export async function createEmptyProduct(db: Db, seller: AuthUser) {
  return transaction(db, async (tx) => {
    await holdPlanLimit(tx, seller.id);
    const [product] = await tx
      .insert(products)
      // A draft until it is saved with a name, a price and an image.
      .values({
        sellerId: seller.id,
        name: 'New product',
        description: '',
        countInStock: 0,
        priceOre: 0,
        isDraft: true,
      })
      .returning({ id: products.id });
    if (!product) throw new Error('insert returned nothing');
    return product.id;
  });
}

/**
 * The images a save leaves: the `images` sent, or, from a client that sends only
 * `image` (the spec's payload), the saved images with `image` in place of the first. An empty
 * `image` alone clears them all. `image` is then always the first of them.
 */
export function imagesAfterSave(saved: readonly string[], input: Pick<ProductUpdate, 'image' | 'images'>): string[] {
  if (input.images !== undefined) return input.images;
  if (input.image === '') return [];
  return [input.image, ...saved.slice(1).filter((path) => path !== input.image)].slice(0, MAX_PRODUCT_IMAGES);
}

/**
 * Saves the edit form. With `version`, only over the product as it was loaded: a product changed
 * since (another edit, or a sale that took stock) is refused with 409, so an old stock figure
 * can never undo a sale. Without it (the spec's payload) the save is unconditional.
 *
 * A draft saved with a name, a price above 0 and an image goes on sale; saved without, it stays
 * a draft. A product on sale never goes back to draft, and a save without an image or price is
 * still taken (the spec's payload has no such rule, and products made before drafts existed may
 * have no image); the edit form asks for them (docs/decisions/019-drafts.md).
 *
 * `beforeWriting` is given the product as read once the editor may change it. The answer has the
 * product as it was when the save took its row lock (`before`: another edit may have landed
 * since the first read) and as saved (`saved`): what the read cache's invalidation needs of both
 * (lib/cache-changes.ts, productEditTags).
 */
export async function updateProduct(
  db: Db,
  claims: TokenClaims,
  id: string,
  input: ProductUpdate,
  beforeWriting: (current: ProductSnapshot) => void = () => {},
): Promise<{ editor: AuthUser; before: ProductSnapshot; saved: ProductSnapshot }> {
  const { user: editor, product } = await readEditorAndProduct(db, claims, id);
  const current = editableBy(editor, product);
  // The caller learns what the product was from the row read here, not from a read of its own
  // (a round trip fewer per edit), and before anything is written.
  beforeWriting(snapshotOf(current));
  const images = imagesAfterSave(current.images.length > 0 ? current.images : [current.image], input);
  const image = images[0] ?? '';
  const stillDraft = current.isDraft && !isPublishable({ name: input.name, price: input.price, image });
  // The row as it is when locked: the save's own lock (NO KEY UPDATE, as the UPDATE takes), taken
  // first, so no other write lands between this read and the save.
  const locked = db
    .$with('before_edit')
    .as(db.select(snapshotColumns).from(products).where(eq(products.id, id)).for('no key update'));
  const unchangedSinceLoaded =
    input.version === undefined
      ? eq(products.id, locked.id)
      : and(eq(products.id, locked.id), eq(products.version, input.version));
  // With variants (sent with options), the stock is theirs: the sum. A save without them keeps
  // a product with variants at its variants' sum, whatever `countInStock` says.
  const variants =
    input.options !== undefined && input.variants !== undefined
      ? { options: input.options, variants: input.variants }
      : null;
  if (variants) checkVariantsSave(variants, images);
  const fields = editedFieldsOf(input, {
    image,
    // Written in the rich-text editor: the same allow-list as a shop's description.
    description: sanitizeRichText(input.description),
    // The spec's payload has no moms rate: a save without one keeps the product's.
    vatRate: input.vatRate ?? current.vatRate,
    countInStock:
      variants && variants.options.length > 0
        ? stockOfVariants(variants.variants)
        : variants
          ? input.countInStock
          : (sql`case when jsonb_array_length(${products.options}) = 0 then ${input.countInStock}::integer else ${products.countInStock} end` as unknown as number),
  });
  const sale = saleColumnsOf(input, current.saleStartsAt, new Date());
  // Publishing a draft is where the plan's limit is held: the check and the save in one
  // transaction, under the seller's lock (holdPlanLimit).
  const publishing = current.isDraft && !stillDraft;
  const write = async (handle: Db) => {
    const rows = await writeEdit(handle);
    const [row] = rows;
    if (row && variants) await saveVariants(handle, { id: row.id, sellerId: row.sellerId }, variants);
    return rows;
  };
  const writeEdit = (handle: Db) =>
    handle
      .with(locked)
      .update(products)
      .set({
        ...fields,
        ...sale,
        ...visibilityOf(input.hidden),
        images,
        isDraft: stillDraft,
        version: versionAfterEdit(fields),
        updatedAt: new Date(),
      })
      .from(locked)
      .where(unchangedSinceLoaded)
      .returning({
        ...snapshotColumns,
        beforeSellerId: locked.sellerId,
        beforeCategory: locked.category,
        beforeName: locked.name,
        beforePriceOre: locked.priceOre,
        beforeRating: locked.rating,
        beforeIsDraft: locked.isDraft,
        beforeSellerActive: locked.sellerActive,
        beforeFindText: locked.findText,
      });
  // Options and variants are written after the product's row, in one transaction with it.
  const saved =
    publishing || variants
      ? await transaction(db, async (tx) => {
          if (publishing) await holdPlanLimit(tx, current.sellerId, id);
          return write(tx);
        })
      : await write(db);
  // The product exists (checked above): no row means its version moved on.
  const [after] = saved;
  if (!after) throw conflict(PRODUCT_CHANGED);
  const before = snapshotOf({
    id: after.id,
    sellerId: after.beforeSellerId,
    category: after.beforeCategory,
    name: after.beforeName,
    priceOre: after.beforePriceOre,
    rating: after.beforeRating,
    isDraft: after.beforeIsDraft,
    sellerActive: after.beforeSellerActive,
    findText: after.beforeFindText,
  });
  return { editor, before, saved: snapshotOf(after) };
}

/**
 * What a save's `hidden` writes: the seller's choice, and at once the product's public view
 * (`seller_active`, by the rule of db/sql/20-seller-status.sql, whose trigger then finds nothing
 * to correct), so the save's answer and the read cache's invalidation see the product as it is.
 */
function visibilityOf(hidden: boolean | undefined): { hidden?: boolean; sellerActive?: SQL<boolean> } {
  if (hidden === undefined) return {};
  return {
    hidden,
    sellerActive: sql<boolean>`(not ${hidden}::boolean and not "products"."removed" and exists (
      select 1 from "users" u where u."id" = "products"."seller_id" and u."is_seller" and u."deleted_at" is null))`,
  };
}

/** Deletes a product; orders keep their own copy of what was bought (order_items snapshot). */
export async function deleteProduct(db: Db, user: AuthUser, id: string): Promise<void> {
  await transaction(db, async (tx) => {
    const product = await productForEditor(tx, user, id);
    // The product's reviews go with it (cascade), so the seller's rating is recomputed without them.
    const [deleted] = await tx
      .delete(products)
      .where(eq(products.id, id))
      .returning({ numReviews: products.numReviews });
    if (deleted && deleted.numReviews > 0) await recomputeSellerRating(tx, product.sellerId);
  });
}
