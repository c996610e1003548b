/**
 * A seller's products from a CSV file: a dry run says what would be created, changed and refused
 * (with the row and the reason) and writes nothing; applied, everything is written in one
 * transaction, and a file with a refused row writes nothing at all (the seller fixes the row and
 * sends the file again). Rows are matched by product number; a row without one creates a
 * product. Images are never fetched: a row names images already among the seller's products'.
 * The plan's product limit holds, counted under the seller's row lock as "Create Product" does.
 *
 * A row with option or variant cells is a variant's: found by its product's number (or, without
 * one, by the variant's SKU) and within the product by its values (or, without them, its SKU).
 * It changes the variant's stock, own price and SKU, or adds a new combination of values (the
 * options grow by the new values, within the 100 variants); the variants no row names stay as
 * they are. The product's rows must repeat its own cells; their count_in_stock is not read: the
 * product's stock is its variants' sum (saveVariants writes both).
 */
import { isPublishable, parseProductNumber } from '@torget/shared/rules/catalog';
import { oreToSek } from '@torget/shared/rules/money';
import { planRule } from '@torget/shared/rules/plans';
import {
  MAX_PRODUCT_CSV_ROWS,
  PRODUCT_CSV_COLUMNS,
  type ProductCsvChange,
  type ProductCsvRefusal,
  type ProductCsvReport,
  VARIANT_CSV_COLUMNS,
} from '@torget/shared/rules/product-csv';
import {
  combinationKey,
  MAX_VARIANTS,
  type ProductOption,
  VARIANT_MESSAGES,
  valueKey,
  variantName,
  variantProblem,
} from '@torget/shared/rules/variants';
import type { ProductUpdate } from '@torget/shared/schemas/catalog';
import { asc, eq, inArray, sql } from 'drizzle-orm';
import { type Db, transaction } from '#api/db/client.ts';
import { products, sellers } from '#api/db/schema.ts';
import type { AuthUser } from '#api/lib/auth.ts';
import { sanitizeRichText } from '#api/lib/sanitize.ts';
import { type EditedFields, editedFieldsOf } from '#api/modules/catalog/product-version.ts';
import { saveVariants, type VariantsSave } from '#api/modules/catalog/variants.service.ts';
import { readCsv } from './csv-file';
import { csvProductColumns, sellersVariants } from './product-csv-export.service';
import {
  CSV_VARIANT_MESSAGES,
  type CsvProduct,
  type CsvVariant,
  type CsvVariantCells,
  csvRowToUpdate,
  galleryOf,
  updateOver,
} from './product-csv-rows';

const REQUIRED = PRODUCT_CSV_COLUMNS.filter((column) => column.required).map((column) => column.name);

/** The columns of the file a change of each edited field is named by. */
const COLUMN_OF: Record<keyof EditedFields | 'images', string> = {
  name: 'name',
  priceOre: 'price',
  image: 'images',
  images: 'images',
  category: 'category',
  brand: 'brand',
  countInStock: 'count_in_stock',
  description: 'description',
  shippingPriceOre: 'shipping_price',
  shippingInfo: 'shipping_info',
  vatRate: 'vat_rate',
};

interface PlannedWrite {
  row: number;
  current: CsvProduct | undefined;
  fields: EditedFields;
  images: string[];
  publishable: boolean;
  change: ProductCsvChange;
}

/** A product's whole list of options and variants as the file leaves it (variants.service.ts). */
interface VariantsWrite {
  current: CsvProduct;
  save: VariantsSave;
}

interface Plan {
  report: ProductCsvReport;
  writes: PlannedWrite[];
  variantWrites: VariantsWrite[];
  /** The products the file has variants' rows of: locked before an applied file is planned again. */
  variantProducts: string[];
}

/** A variant as a product's rows leave it; `stored` is the variant as saved (none: a new one). */
interface PlannedVariant {
  key: string;
  values: string[];
  countInStock: number;
  priceOre: number | null;
  sku: string | null;
  image: string | null;
  stored?: CsvVariant;
}

/** The rows of one product with variants: the first row's product cells, and its variants. */
interface VariantGroup {
  current: CsvProduct;
  firstRow: number;
  payload: ProductUpdate;
  fields: EditedFields;
  images: string[];
  /** The product's option names: its own, or (a product without options yet) its first row's. */
  names: string[];
  options: ProductOption[];
  variants: PlannedVariant[];
  /** The row each variant is on, by its key. */
  rowOf: Map<string, number>;
  changes: ProductCsvChange[];
  variantChanged: boolean;
}

/** The fields a save writes from an edit form's payload (as updateProduct works them out). */
function fieldsOf(update: ProductUpdate): EditedFields {
  return editedFieldsOf(update, {
    image: update.images?.[0] ?? '',
    description: sanitizeRichText(update.description),
    vatRate: update.vatRate ?? 25,
  });
}

/** Whether a field of the edit form changes: what grows the version, as a save (product-version.ts). */
function editedFieldChanges(current: CsvProduct, fields: EditedFields): boolean {
  return (Object.keys(fields) as (keyof EditedFields)[]).some(
    (key) => fields[key] !== current[key as keyof CsvProduct],
  );
}

function changedColumns(current: CsvProduct, fields: EditedFields, images: string[]): string[] {
  const changed = new Set<string>();
  for (const key of Object.keys(fields) as (keyof EditedFields)[]) {
    if (fields[key] !== current[key as keyof CsvProduct]) changed.add(COLUMN_OF[key]);
  }
  const gallery = galleryOf(current);
  if (images.length !== gallery.length || images.some((path, i) => path !== gallery[i])) changed.add('images');
  return [...changed];
}

/** The columns in which two rows of one product give it different cells (the stock aside). */
function differingColumns(group: VariantGroup, fields: EditedFields, images: string[]): string[] {
  const first = { ...group.current, ...group.fields, images: group.images, image: group.images[0] ?? '' };
  return changedColumns(first, { ...fields, countInStock: group.fields.countInStock }, images);
}

/** The variant and option columns a new variant's row gives. */
function givenVariantColumns(cells: Record<string, string>): string[] {
  return VARIANT_CSV_COLUMNS.filter((name) => (cells[name] ?? '').trim() !== '');
}

/** What the file would do to the seller's products as they are in `db` now. */
async function planImport(db: Db, seller: AuthUser, bytes: Buffer, dryRun: boolean): Promise<Plan> {
  const file = readCsv(bytes, REQUIRED, MAX_PRODUCT_CSV_ROWS);
  const mine = (await db
    .select(csvProductColumns)
    .from(products)
    .where(eq(products.sellerId, seller.id))) as CsvProduct[];
  const byNumber = new Map(mine.map((p) => [p.number, p]));
  const byId = new Map(mine.map((p) => [p.id, p]));
  const gallery = new Set(mine.flatMap(galleryOf));
  const [shop] = await db.select({ plan: sellers.plan }).from(sellers).where(eq(sellers.userId, seller.id));
  const { maxProducts } = planRule(shop?.plan);
  let room = maxProducts === null ? Number.POSITIVE_INFINITY : maxProducts - mine.length;
  // Variants are read only for a file that has variants' rows (a file without keeps its cost).
  const hasVariantRows = file.rows.some(({ cells }) =>
    VARIANT_CSV_COLUMNS.some((name) => (cells[name] ?? '').trim() !== ''),
  );
  const variantsOf = hasVariantRows ? await sellersVariants(db, seller.id) : new Map<string, CsvVariant[]>();
  /** Which product has each SKU (lower case), as saved and then as the file's rows give them. */
  const skuOwner = new Map<string, string>();
  for (const list of variantsOf.values()) {
    for (const variant of list) if (variant.sku) skuOwner.set(variant.sku.toLowerCase(), variant.productId);
  }

  const report: ProductCsvReport = {
    dryRun,
    applied: false,
    rows: file.rows.length,
    created: [],
    changed: [],
    unchanged: 0,
    refused: [],
  };
  const writes: PlannedWrite[] = [];
  const seenOn = new Map<number, number>();
  const groups = new Map<string, VariantGroup>();
  const refuse = (refusal: ProductCsvRefusal) => report.refused.push(refusal);

  for (const { row, cells } of file.rows) {
    const reading = csvRowToUpdate(cells, file.columns);
    if (!reading.ok) {
      refuse({ row, productNumber: reading.productNumber, reason: reading.reason });
      continue;
    }
    const { productNumber, update, variant } = reading;
    let current: CsvProduct | undefined;
    if (productNumber !== '') {
      const number = parseProductNumber(productNumber);
      current = number === undefined ? undefined : byNumber.get(number);
      if (!current) {
        refuse({ row, productNumber, reason: `None of your products has the number ${productNumber}.` });
        continue;
      }
    } else if (variant) {
      // A variant's row without a number names its product by the variant's SKU.
      const owner = variant.sku ? skuOwner.get(variant.sku.toLowerCase()) : undefined;
      current = owner === undefined ? undefined : byId.get(owner);
      if (!current) {
        const reason = variant.sku ? CSV_VARIANT_MESSAGES.unknownSku : CSV_VARIANT_MESSAGES.newProduct;
        refuse({ row, productNumber, reason });
        continue;
      }
    }
    if (current) {
      const earlier = seenOn.get(current.number) ?? (variant ? undefined : groups.get(current.id)?.firstRow);
      if (earlier !== undefined) {
        refuse({
          row,
          productNumber,
          reason: `Product ${productNumber || `#${current.number}`} is on row ${earlier} too.`,
        });
        continue;
      }
      if (!variant) seenOn.set(current.number, row);
    }
    const unknownImage = update.images?.find((path) => !gallery.has(path));
    if (unknownImage) {
      refuse({
        row,
        productNumber,
        reason: `The image ${unknownImage} is not among your products' images: upload it to a product first, or leave it out.`,
      });
      continue;
    }
    const payload = updateOver(current, update);
    const fields = fieldsOf(payload);
    const images = payload.images ?? [];
    if (current && variant) {
      const reason = planVariantRow(groups, variantsOf, skuOwner, {
        row,
        cells,
        current,
        variant,
        payload,
        fields,
        images,
      });
      if (reason) refuse({ row, productNumber, reason });
      continue;
    }
    if (current) {
      const columns = changedColumns(current, fields, images);
      if (columns.length === 0) {
        report.unchanged += 1;
        continue;
      }
      const change = { row, productNumber: String(current.number), name: fields.name, fields: columns };
      report.changed.push(change);
      const publishable = isPublishable({ name: payload.name, price: payload.price, image: payload.image });
      writes.push({ row, current, fields, images, publishable, change });
      continue;
    }
    if (room <= 0) {
      refuse({ row, productNumber, reason: `Your plan allows at most ${maxProducts} products.` });
      continue;
    }
    room -= 1;
    const change = {
      row,
      productNumber: '',
      name: fields.name,
      fields: Object.keys(cells).filter((name) => cells[name]?.trim()),
    };
    report.created.push(change);
    writes.push({
      row,
      current: undefined,
      fields,
      images,
      publishable: isPublishable({ name: payload.name, price: payload.price, image: payload.image }),
      change,
    });
  }

  const variantWrites: VariantsWrite[] = [];
  for (const group of groups.values()) {
    const { current, payload, fields, images } = group;
    const productColumns = changedColumns(current, fields, images);
    if (group.variantChanged || productColumns.includes('images')) {
      const problem = variantProblem(group.options, group.variants, images);
      if (problem) {
        refuse({ row: group.firstRow, productNumber: String(current.number), reason: problem });
        continue;
      }
    }
    const [first] = group.changes;
    if (first && productColumns.length > 0) first.fields = [...productColumns, ...first.fields];
    for (const change of group.changes) {
      if (change.fields.length > 0) report.changed.push(change);
      else report.unchanged += 1;
    }
    if (productColumns.length > 0 && first) {
      const publishable = isPublishable({ name: payload.name, price: payload.price, image: payload.image });
      writes.push({ row: group.firstRow, current, fields, images, publishable, change: first });
    }
    if (group.variantChanged) {
      variantWrites.push({
        current,
        save: {
          options: group.options,
          variants: group.variants.map((v) => ({
            ...(v.stored ? { _id: v.stored.id } : {}),
            values: v.values,
            countInStock: v.countInStock,
            price: v.priceOre === null ? null : oreToSek(v.priceOre),
            sku: v.sku,
            image: v.image,
          })),
        },
      });
    }
  }
  report.changed.sort((a, b) => a.row - b.row);
  report.refused.sort((a, b) => a.row - b.row);
  return { report, writes, variantWrites, variantProducts: [...groups.keys()] };
}

/** A variant's row as planImport has read it. */
interface VariantRow {
  row: number;
  cells: Record<string, string>;
  current: CsvProduct;
  variant: CsvVariantCells;
  payload: ProductUpdate;
  fields: EditedFields;
  images: string[];
}

/**
 * Plans one variant's row into its product's group: the variant it names (by its values, or by
 * its SKU alone) changed, or a new combination of values added to the options. The message the
 * row is refused with, or null.
 */
function planVariantRow(
  groups: Map<string, VariantGroup>,
  variantsOf: Map<string, CsvVariant[]>,
  skuOwner: Map<string, string>,
  { row, cells, current, variant, payload, fields, images }: VariantRow,
): string | null {
  let group = groups.get(current.id);
  if (group) {
    const differ = differingColumns(group, fields, images);
    if (differ.length > 0) return `${CSV_VARIANT_MESSAGES.productCells} (${differ.join(', ')})`;
  }
  const names = group?.names ?? (current.options.length > 0 ? current.options.map((o) => o.name) : variant.names);
  if (variant.names.length > 0) {
    const same =
      variant.names.length === names.length &&
      variant.names.every((name, i) => valueKey(name) === valueKey(names[i] ?? ''));
    if (!same) return CSV_VARIANT_MESSAGES.optionNames;
  }
  const stored = current.options.length > 0 ? (variantsOf.get(current.id) ?? []) : [];
  if (!group) {
    group = {
      current,
      firstRow: row,
      payload,
      // The stock of a product with variants is their sum, written with them (saveVariants).
      fields: { ...fields, countInStock: current.countInStock },
      images,
      names,
      options:
        current.options.length > 0
          ? current.options.map((o) => ({ name: o.name, values: [...o.values] }))
          : names.map((name) => ({ name, values: [] })),
      variants: stored.map((v) => ({ ...v, key: combinationKey(v.values), stored: v })),
      rowOf: new Map(),
      changes: [],
      variantChanged: false,
    };
  }
  const sku = variant.sku?.toLowerCase();
  const target =
    variant.values.length > 0
      ? group.variants.find((v) => v.key === combinationKey(variant.values))
      : group.variants.find((v) => sku !== undefined && v.stored?.sku?.toLowerCase() === sku);
  if (!target && variant.values.length === 0) return CSV_VARIANT_MESSAGES.noValues;
  const key = target?.key ?? combinationKey(variant.values);
  const earlier = group.rowOf.get(key);
  if (earlier !== undefined) {
    return `The variant ${variantName(target?.values ?? variant.values)} is on row ${earlier} too.`;
  }
  if (sku !== undefined) {
    const owner = skuOwner.get(sku);
    if (owner !== undefined && owner !== current.id) return VARIANT_MESSAGES.skuTaken;
  }
  if (!target && group.variants.length >= MAX_VARIANTS) return VARIANT_MESSAGES.tooManyVariants;
  // Checked: the row is taken.
  groups.set(current.id, group);
  group.rowOf.set(key, row);
  if (sku !== undefined) skuOwner.set(sku, current.id);
  const change: ProductCsvChange = {
    row,
    productNumber: String(current.number),
    name: group.fields.name,
    variant: variantName(target?.values ?? variant.values),
    fields: [],
  };
  group.changes.push(change);
  if (target) {
    if (variant.countInStock !== undefined && variant.countInStock !== target.countInStock) {
      target.countInStock = variant.countInStock;
      change.fields.push('variant_stock');
    }
    if (variant.priceOre !== undefined && variant.priceOre !== target.priceOre) {
      target.priceOre = variant.priceOre;
      change.fields.push('variant_price');
    }
    // A SKU is compared as the database's unique index does, without case.
    if (variant.sku !== undefined && variant.sku?.toLowerCase() !== target.sku?.toLowerCase()) {
      target.sku = variant.sku;
      change.fields.push('variant_sku');
    }
  } else {
    // A value the option lists already keeps its spelling ("m" is the option's "M").
    const values = group.options.map((option, i) => {
      const value = variant.values[i] ?? '';
      const known = option.values.find((v) => valueKey(v) === valueKey(value));
      if (known === undefined) option.values.push(value);
      return known ?? value;
    });
    change.variant = variantName(values);
    group.variants.push({
      key,
      values,
      countInStock: variant.countInStock ?? 0,
      priceOre: variant.priceOre ?? null,
      sku: variant.sku ?? null,
      image: null,
    });
    change.newVariant = true;
    change.fields = givenVariantColumns(cells);
  }
  if (change.fields.length > 0) group.variantChanged = true;
  return null;
}

/**
 * Changes up to INSERT_BATCH products in one statement (one statement per row took 20 ms a row on
 * PostgreSQL: the catalogue's statement triggers run per statement). As a save: a draft with a
 * name, a price and an image goes on sale, one on sale stays; the version grows when a field of the
 * edit form changes (an edit form loaded before is then refused).
 */
async function updateBatch(tx: Db, batch: readonly PlannedWrite[]): Promise<void> {
  const values = sql.join(
    batch.map((w) => {
      const f = w.fields;
      const bump = w.current && editedFieldChanges(w.current, f) ? 1 : 0;
      return sql`(${w.current?.id}::uuid, ${f.name}::text, ${f.priceOre}::integer, ${f.image}::text, ${f.category}::text,
        ${f.brand}::text, ${f.countInStock}::integer, ${f.description}::text, ${f.shippingPriceOre}::integer,
        ${f.shippingInfo}::text, ${f.vatRate}::integer, ${JSON.stringify(w.images)}::jsonb, ${w.publishable}::boolean,
        ${bump}::integer)`;
    }),
    sql`, `,
  );
  await tx.execute(sql`
    update ${products} set
      name = v.name, price_ore = v.price_ore, image = v.image, category = v.category, brand = v.brand,
      -- A product with variants keeps its stock: the sum of its variants', written with them
      -- (saveVariants), never a row's count_in_stock.
      count_in_stock = case when jsonb_array_length(${products.options}) > 0 then ${products.countInStock}
        else v.count_in_stock end,
      description = v.description,
      shipping_price_ore = v.shipping_price_ore, shipping_info = v.shipping_info, vat_rate = v.vat_rate,
      images = v.images, is_draft = ${products.isDraft} and not v.publishable,
      version = ${products.version} + v.bump, updated_at = now()
    from (values ${values}) as v(id, name, price_ore, image, category, brand, count_in_stock, description,
      shipping_price_ore, shipping_info, vat_rate, images, publishable, bump)
    where ${products.id} = v.id`);
}

/** How many new products one INSERT writes. */
const INSERT_BATCH = 500;

/**
 * The dry run's report (`dryRun`), or the file applied. A file that cannot be read throws a
 * CsvFileProblem (csv-file.ts); a file with refused rows answers its report, `applied` false.
 */
export async function importProductsCsv(
  db: Db,
  seller: AuthUser,
  bytes: Buffer,
  dryRun: boolean,
): Promise<{ report: ProductCsvReport; touched: { id: string; category: string }[] }> {
  if (dryRun) return { report: (await planImport(db, seller, bytes, true)).report, touched: [] };
  return transaction(db, async (tx) => {
    // The seller's row locked first, as "Create Product" does: two imports (or an import and a
    // new product) at once cannot both pass the plan's limit, and the plan is made over rows
    // nothing else of this seller's changes meanwhile.
    await tx.select({ plan: sellers.plan }).from(sellers).where(eq(sellers.userId, seller.id)).for('update');
    let plan = await planImport(tx, seller, bytes, false);
    if (plan.variantProducts.length > 0 && plan.report.refused.length === 0) {
      // A product's variants are written as a whole list (saveVariants), so the products with
      // variants' rows are locked (in id order, as an order locks them) and the file planned
      // again: the variants the file leaves out keep the stock they have now, even if a sale
      // took some between the first reading and the lock.
      await tx
        .select({ id: products.id })
        .from(products)
        .where(inArray(products.id, plan.variantProducts))
        .orderBy(asc(products.id))
        .for('update');
      plan = await planImport(tx, seller, bytes, false);
    }
    const { report, writes, variantWrites } = plan;
    if (report.refused.length > 0) return { report, touched: [] };
    const touched: { id: string; category: string }[] = [];
    const created = writes.filter((w) => !w.current);
    for (let i = 0; i < created.length; i += INSERT_BATCH) {
      const made = await tx
        .insert(products)
        .values(
          created.slice(i, i + INSERT_BATCH).map((w) => ({
            ...w.fields,
            sellerId: seller.id,
            images: w.images,
            // Saved with a name, a price above 0 and an image it is on sale; else a draft.
            isDraft: !w.publishable,
          })),
        )
        .returning({ id: products.id, number: products.number, category: products.category });
      made.forEach((product, j) => {
        const write = created[i + j];
        if (write) write.change.productNumber = String(product.number);
        touched.push({ id: product.id, category: product.category });
      });
    }
    const changed = writes.filter((w) => w.current);
    for (let i = 0; i < changed.length; i += INSERT_BATCH) {
      await updateBatch(tx, changed.slice(i, i + INSERT_BATCH));
    }
    for (const write of changed) {
      if (!write.current) continue;
      touched.push({ id: write.current.id, category: write.current.category });
      if (write.fields.category !== write.current.category) {
        touched.push({ id: write.current.id, category: write.fields.category });
      }
    }
    // After the products' own cells: saveVariants writes the options, the variants and the
    // product's stock as their sum.
    for (const { current, save } of variantWrites) {
      await saveVariants(tx, { id: current.id, sellerId: seller.id }, save);
      touched.push({ id: current.id, category: current.category });
    }
    report.applied = true;
    return { report, touched };
  });
}
