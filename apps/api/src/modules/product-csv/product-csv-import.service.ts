/**
 * A seller's products from a CSV file: a dry run says what would be created, changed and refused
 * (with the row and the reason) and writes nothing; applied, everything is written in one
 * transaction, and a file with a refused row writes nothing at all (the seller fixes the row and
 * sends the file again). Rows are matched by product number; a row without one creates a
 * product. Images are never fetched: a row names images already among the seller's products'.
 * The plan's product limit holds, counted under the seller's row lock as "Create Product" does.
 */
import { isPublishable, parseProductNumber } from '@torget/shared/rules/catalog';
import { planRule } from '@torget/shared/rules/plans';
import {
  MAX_PRODUCT_CSV_ROWS,
  PRODUCT_CSV_COLUMNS,
  type ProductCsvChange,
  type ProductCsvRefusal,
  type ProductCsvReport,
} from '@torget/shared/rules/product-csv';
import type { ProductUpdate } from '@torget/shared/schemas/catalog';
import { eq, sql } from 'drizzle-orm';
import { type Db, transaction } from '#api/db/client.ts';
import { products, sellers } from '#api/db/schema.ts';
import type { AuthUser } from '#api/lib/auth.ts';
import { sanitizeRichText } from '#api/lib/sanitize.ts';
import { type EditedFields, editedFieldsOf } from '#api/modules/catalog/product-version.ts';
import { readCsv } from './csv-file';
import { csvProductColumns } from './product-csv-export.service';
import { type CsvProduct, csvRowToUpdate, galleryOf, updateOver } from './product-csv-rows';

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

interface Plan {
  report: ProductCsvReport;
  writes: PlannedWrite[];
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

/** What the file would do to the seller's products as they are in `db` now. */
async function planImport(db: Db, seller: AuthUser, bytes: Buffer, dryRun: boolean): Promise<Plan> {
  const file = readCsv(bytes, REQUIRED, MAX_PRODUCT_CSV_ROWS);
  const mine = (await db
    .select(csvProductColumns)
    .from(products)
    .where(eq(products.sellerId, seller.id))) as CsvProduct[];
  const byNumber = new Map(mine.map((p) => [p.number, p]));
  const gallery = new Set(mine.flatMap(galleryOf));
  const [shop] = await db.select({ plan: sellers.plan }).from(sellers).where(eq(sellers.userId, seller.id));
  const { maxProducts } = planRule(shop?.plan);
  let room = maxProducts === null ? Number.POSITIVE_INFINITY : maxProducts - mine.length;

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
  const refuse = (refusal: ProductCsvRefusal) => report.refused.push(refusal);

  for (const { row, cells } of file.rows) {
    const reading = csvRowToUpdate(cells, file.columns);
    if (!reading.ok) {
      refuse({ row, productNumber: reading.productNumber, reason: reading.reason });
      continue;
    }
    const { productNumber, update } = reading;
    let current: CsvProduct | undefined;
    if (productNumber !== '') {
      const number = parseProductNumber(productNumber);
      current = number === undefined ? undefined : byNumber.get(number);
      if (!current) {
        refuse({ row, productNumber, reason: `None of your products has the number ${productNumber}.` });
        continue;
      }
      const earlier = seenOn.get(current.number);
      if (earlier !== undefined) {
        refuse({ row, productNumber, reason: `Product ${productNumber} is on row ${earlier} too.` });
        continue;
      }
      seenOn.set(current.number, row);
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
  return { report, writes };
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
      -- A product with variants keeps its stock: the sum of its variants', which the file's rows
      -- (one per product until they carry variants) do not hold.
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
    const { report, writes } = await planImport(tx, seller, bytes, false);
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
    report.applied = true;
    return { report, touched };
  });
}
