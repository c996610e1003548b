/**
 * Products with variants in the seller's CSV file: the export writes one row per variant (the
 * product's cells repeated), importing that file again changes nothing, rows change a variant's
 * stock, price and SKU (found by the product number and the values, or by the SKU alone), add new
 * combinations of values, and keep the product's stock the sum of its variants'. A dry run says
 * per row what would change; a file with any refused row writes nothing.
 */
import type { ProductDetails } from '@torget/shared/api-types.generated';
import type { ProductCsvReport } from '@torget/shared/rules/product-csv';
import { VARIANT_MESSAGES } from '@torget/shared/rules/variants';
import { asc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { products, productVariants } from '#api/db/schema.ts';
import { product, type Session, shop } from '#api/modules/orders/order-test-kit.ts';
import { CSV_VARIANT_MESSAGES } from '#api/modules/product-csv/product-csv-rows.ts';
import { csvOf, exportCsv, importCsv, rowsOf } from '#api/test/product-csv-files.ts';
import { bearer } from '#api/test/sessions.ts';
import { createTestApp, type TestApp } from '#api/test/test-app.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const load = async (id: string) =>
  (await t.app.inject({ method: 'GET', url: `/api/products/${id}` })).json() as ProductDetails;
/** The seller's products and variants as stored: what an import that changes nothing leaves. */
const snapshot = async (sellerId: string) => ({
  products: await t.database.db
    .select()
    .from(products)
    .where(eq(products.sellerId, sellerId))
    .orderBy(asc(products.number)),
  variants: await t.database.db
    .select()
    .from(productVariants)
    .where(eq(productVariants.sellerId, sellerId))
    .orderBy(asc(productVariants.productId), asc(productVariants.position)),
});

const IMAGES = ['/uploads/tshirt-bla.webp', '/uploads/tshirt-rod.webp'];
const OPTIONS = [
  { name: 'Storlek', values: ['S', 'M'] },
  { name: 'Färg', values: ['Blå', 'Röd'] },
];

/**
 * A T-shirt of `seller` saved through the edit form with four variants: S/Blå 2, S/Röd 3 (its own
 * price 279 kr), M/Blå 0, M/Röd 5; SKUs `${tag}-S-BL` …, one of them starting with a minus.
 */
async function tshirt(seller: Session, tag: string) {
  const p = await product(t, seller.id, { countInStock: 0, image: IMAGES[0], images: IMAGES });
  const sku = (size: string, colour: string) => `${tag}-${size}-${colour === 'Blå' ? 'BL' : 'RD'}`;
  const variants = [
    { values: ['S', 'Blå'], countInStock: 2, price: null, sku: sku('S', 'Blå'), image: null },
    { values: ['S', 'Röd'], countInStock: 3, price: 279, sku: sku('S', 'Röd'), image: IMAGES[1] },
    { values: ['M', 'Blå'], countInStock: 0, price: null, sku: `-${tag}`, image: null },
    { values: ['M', 'Röd'], countInStock: 5, price: null, sku: null, image: null },
  ];
  const res = await t.app.inject({
    method: 'PUT',
    url: `/api/products/${p.id}`,
    headers: bearer(seller.token),
    payload: {
      name: 'T-shirt Ekologisk',
      price: 249,
      image: IMAGES[0],
      images: IMAGES,
      category: 'Kläder',
      brand: 'Bomull & Co',
      countInStock: 0,
      description: 'Bomull.',
      shipping_price: 49,
      shipping_info: '',
      options: OPTIONS,
      variants,
    },
  });
  expect(res.statusCode, res.body).toBe(200);
  return load(p.id);
}

const variantOf = (p: ProductDetails, ...values: string[]) => {
  const found = p.variants.find((v) => v.values.join() === values.join());
  if (!found) throw new Error(`no variant ${values.join()}`);
  return found;
};

describe('products with variants as CSV', () => {
  it('exports one row per variant, a product without variants as one row, and imports the file back unchanged', async () => {
    const ada = await shop(t, { name: 'Adas Kläder' });
    const plain = await product(t, ada.id, { name: 'Vas', priceOre: 19_900, countInStock: 7 });
    const shirt = await tshirt(ada, 'ADA');
    const csv = await exportCsv(t, ada);
    const rows = rowsOf(csv);
    const header = rows[0] ?? [];
    const col = (name: string) => header.indexOf(name);
    expect(rows).toHaveLength(1 + 1 + 4);
    // The product without variants: one row, its option and variant cells empty, as before.
    const vase = rows[1] ?? [];
    expect(vase[col('product_number')]).toBe(String(plain.number));
    expect(vase[col('count_in_stock')]).toBe('7');
    for (const name of ['option1_name', 'option1_value', 'option2_name', 'variant_sku', 'variant_stock']) {
      expect(vase[col(name)]).toBe('');
    }
    // The T-shirt: a row per variant in the seller's order, its own cells repeated on each.
    const shirtRows = rows.slice(2);
    const pick = (names: string[]) => shirtRows.map((row) => names.map((name) => row[col(name)]));
    expect(pick(['product_number', 'name', 'price', 'count_in_stock', 'images'])).toEqual(
      shirtRows.map(() => [String(shirt.number), 'T-shirt Ekologisk', '249', '10', IMAGES.join('|')]),
    );
    expect(
      pick([
        'option1_name',
        'option1_value',
        'option2_name',
        'option2_value',
        'variant_sku',
        'variant_price',
        'variant_stock',
      ]),
    ).toEqual([
      ['Storlek', 'S', 'Färg', 'Blå', 'ADA-S-BL', '', '2'],
      ['Storlek', 'S', 'Färg', 'Röd', 'ADA-S-RD', '279', '3'],
      // The SKU a spreadsheet would read as a formula is written after a '.
      ['Storlek', 'M', 'Färg', 'Blå', "'-ADA", '', '0'],
      ['Storlek', 'M', 'Färg', 'Röd', '', '', '5'],
    ]);

    // The round trip: the exported file imported again changes nothing, in a dry run and applied.
    const before = await snapshot(ada.id);
    const dry = await importCsv(t, ada, csv, true);
    expect(dry.statusCode).toBe(200);
    expect(dry.json<ProductCsvReport>()).toMatchObject({
      rows: 5,
      unchanged: 5,
      changed: [],
      created: [],
      refused: [],
    });
    const applied = await importCsv(t, ada, csv, false);
    expect(applied.statusCode, applied.body).toBe(200);
    expect(applied.json<ProductCsvReport>()).toMatchObject({ applied: true, unchanged: 5, changed: [], refused: [] });
    expect(await snapshot(ada.id)).toEqual(before);
    expect(await exportCsv(t, ada)).toBe(csv);
  });

  it("changes variants' stock, price and SKU and adds a size; the dry run says so per row; the stock stays the sum", async () => {
    const bea = await shop(t, { name: 'Beas Butik' });
    const shirt = await tshirt(bea, 'BEA');
    const rows = rowsOf(await exportCsv(t, bea));
    const header = rows[0] ?? [];
    const col = (name: string) => header.indexOf(name);
    const edited = rows.map((r) => [...r]);
    const set = (row: number, name: string, value: string) => {
      (edited[row] as string[])[col(name)] = value;
    };
    set(1, 'variant_stock', '12'); // S/Blå: 2 → 12
    set(2, 'variant_price', ''); // S/Röd: its own price 279 → the product's
    set(4, 'variant_sku', 'BEA-M-RD'); // M/Röd gets a SKU
    set(4, 'count_in_stock', '999'); // not read: the product's stock is its variants' sum
    // A new size in blue: L is added to Storlek.
    const large = [...(edited[1] as string[])];
    large[col('option1_value')] = 'L';
    large[col('variant_sku')] = 'BEA-L-BL';
    large[col('variant_price')] = '259,50';
    large[col('variant_stock')] = '4';
    edited.push(large);
    // The product's name changes on every row of it.
    for (const row of edited.slice(1)) row[col('name')] = 'T-shirt Eko';
    const file = csvOf(edited);
    const before = await snapshot(bea.id);

    const dry = await importCsv(t, bea, file, true);
    expect(dry.statusCode).toBe(200);
    const report = dry.json<ProductCsvReport>();
    expect(report).toMatchObject({ rows: 5, unchanged: 1, created: [], refused: [] });
    const number = String(shirt.number);
    expect(report.changed.map((c) => ({ ...c, fields: [...c.fields].sort() }))).toEqual([
      { row: 2, productNumber: number, name: 'T-shirt Eko', variant: 'S, Blå', fields: ['name', 'variant_stock'] },
      { row: 3, productNumber: number, name: 'T-shirt Eko', variant: 'S, Röd', fields: ['variant_price'] },
      { row: 5, productNumber: number, name: 'T-shirt Eko', variant: 'M, Röd', fields: ['variant_sku'] },
      {
        row: 6,
        productNumber: number,
        name: 'T-shirt Eko',
        variant: 'L, Blå',
        newVariant: true,
        fields: [
          'option1_name',
          'option1_value',
          'option2_name',
          'option2_value',
          'variant_price',
          'variant_sku',
          'variant_stock',
        ],
      },
    ]);
    // The dry run wrote nothing.
    expect(await snapshot(bea.id)).toEqual(before);

    const applied = await importCsv(t, bea, file, false);
    expect(applied.statusCode, applied.body).toBe(200);
    const after = await load(shirt._id);
    expect(after.name).toBe('T-shirt Eko');
    expect(after.options).toEqual([
      { name: 'Storlek', values: ['S', 'M', 'L'] },
      { name: 'Färg', values: ['Blå', 'Röd'] },
    ]);
    expect(after.variants.map((v) => [v.values.join('/'), v.countInStock, v.price, v.sku, v.image])).toEqual([
      ['S/Blå', 12, null, 'BEA-S-BL', null],
      ['S/Röd', 3, null, 'BEA-S-RD', IMAGES[1]],
      ['M/Blå', 0, null, '-BEA', null],
      ['M/Röd', 5, null, 'BEA-M-RD', null],
      ['L/Blå', 4, 259.5, 'BEA-L-BL', null],
    ]);
    // The variants kept their ids (carts and orders name them), and the stock is their sum.
    for (const values of [
      ['S', 'Blå'],
      ['M', 'Röd'],
    ]) {
      expect(variantOf(after, ...values)._id).toBe(variantOf(shirt, ...values)._id);
    }
    expect(after.countInStock).toBe(12 + 3 + 0 + 5 + 4);
    const [row] = await t.database.db.select().from(products).where(eq(products.id, shirt._id));
    expect(row?.version).toBeGreaterThan(before.products[0]?.version ?? Number.POSITIVE_INFINITY);
    // And the file exported now imports back unchanged.
    const again = await importCsv(t, bea, await exportCsv(t, bea), true);
    expect(again.json<ProductCsvReport>()).toMatchObject({ unchanged: 5, changed: [], refused: [] });
  });

  it("finds a variant by its SKU alone, without the product's number or its values", async () => {
    const cia = await shop(t, { name: 'Cias' });
    const shirt = await tshirt(cia, 'CIA');
    const file = [
      'product_number;name;price;count_in_stock;variant_sku;variant_stock',
      ';T-shirt Ekologisk;249;;cia-s-rd;8',
    ].join('\r\n');
    const dry = (await importCsv(t, cia, file, true)).json<ProductCsvReport>();
    expect(dry).toMatchObject({ refused: [], created: [] });
    expect(dry.changed).toEqual([
      {
        row: 2,
        productNumber: String(shirt.number),
        name: 'T-shirt Ekologisk',
        variant: 'S, Röd',
        fields: ['variant_stock'],
      },
    ]);
    expect((await importCsv(t, cia, file, false)).statusCode).toBe(200);
    const after = await load(shirt._id);
    expect(variantOf(after, 'S', 'Röd')).toMatchObject({ countInStock: 8, price: 279, sku: 'CIA-S-RD' });
    expect(after.countInStock).toBe(2 + 8 + 0 + 5);
  });

  it('refuses bad variant rows, each with its row and reason, and writes nothing while one is refused', async () => {
    const dag = await shop(t, { name: 'Dags' });
    const shirt = await tshirt(dag, 'DAG');
    const other = await tshirt(dag, 'DAX');
    const plain = await product(t, dag.id, { name: 'Mugg', countInStock: 3 });
    const n = shirt.number;
    const head =
      'product_number;name;price;count_in_stock;option1_name;option1_value;option2_name;option2_value;variant_sku;variant_stock';
    const shirtCells = 'T-shirt Ekologisk;249;10';
    const file = [
      head,
      `${n};${shirtCells};Storlek;S;Färg;Blå;DAG-S-BL;6`,
      // The product's own cells differ from its row 2.
      `${n};T-shirt Annan;249;10;Storlek;S;Färg;Röd;DAG-S-RD;3`,
      // Not the product's option names.
      `${n};${shirtCells};Size;M;Färg;Blå;;1`,
      // The variant of row 2 again.
      `${n};${shirtCells};Storlek;s;Färg;blå;;1`,
      // Another product's SKU.
      `${n};${shirtCells};Storlek;M;Färg;Röd;DAX-S-BL;1`,
      // A new product cannot get variants from a file, and a SKU none of the seller's variants has.
      `;Ny tröja;199;0;Storlek;S;;;;1`,
      `;Ny tröja;199;0;;;;;NY-1;1`,
      // A negative stock, and a value without its option's name.
      `${other.number};${shirtCells};Storlek;M;Färg;Blå;;-1`,
      `${other.number};${shirtCells};;M;Färg;Röd;;1`,
      // A product without variants on a plain row and a variant's row.
      `${plain.number};Mugg;100;3;;;;;;`,
      `${plain.number};Mugg;100;3;Storlek;S;;;;1`,
      // Neither values nor a SKU of the product's.
      `${other.number};${shirtCells};;;;;;2`,
    ].join('\r\n');
    const before = await snapshot(dag.id);
    const dry = await importCsv(t, dag, file, true);
    expect(dry.statusCode).toBe(200);
    const report = dry.json<ProductCsvReport>();
    expect(report.refused.map((r) => [r.row, r.reason])).toEqual([
      [3, `${CSV_VARIANT_MESSAGES.productCells} (name)`],
      [4, CSV_VARIANT_MESSAGES.optionNames],
      [5, 'The variant S, Blå is on row 2 too.'],
      [6, VARIANT_MESSAGES.skuTaken],
      [7, CSV_VARIANT_MESSAGES.newProduct],
      [8, CSV_VARIANT_MESSAGES.unknownSku],
      [9, 'Variant stock cannot be negative.'],
      [10, VARIANT_MESSAGES.optionName],
      [12, `Product ${plain.number} is on row 11 too.`],
      [13, CSV_VARIANT_MESSAGES.noValues],
    ]);
    expect(report.changed.map((c) => c.row)).toEqual([2]);
    const applied = await importCsv(t, dag, file, false);
    expect(applied.statusCode).toBe(422);
    expect(applied.json<ProductCsvReport>()).toMatchObject({ applied: false });
    expect(await snapshot(dag.id)).toEqual(before);
  });

  it('gives a product without variants its first ones: the options from the rows, the stock their sum', async () => {
    const fia = await shop(t, { name: 'Fias' });
    const cap = await product(t, fia.id, { name: 'Keps', priceOre: 15_000, countInStock: 9 });
    const head = 'product_number;name;price;count_in_stock;option1_name;option1_value;variant_stock';
    const file = [head, `${cap.number};Keps;150;9;Färg;Svart;2`, `${cap.number};Keps;150;9;Färg;Vit;1`].join('\n');
    const dry = (await importCsv(t, fia, file, true)).json<ProductCsvReport>();
    expect(dry.refused).toEqual([]);
    expect(dry.changed.map((c) => [c.row, c.variant, c.newVariant])).toEqual([
      [2, 'Svart', true],
      [3, 'Vit', true],
    ]);
    expect((await importCsv(t, fia, file, false)).statusCode).toBe(200);
    const after = await load(cap.id);
    expect(after.options).toEqual([{ name: 'Färg', values: ['Svart', 'Vit'] }]);
    expect(after.variants.map((v) => [v.values, v.countInStock])).toEqual([
      [['Svart'], 2],
      [['Vit'], 1],
    ]);
    expect(after.countInStock).toBe(3);
  });

  it('refuses a new combination beyond the 100 variants a product may have', async () => {
    const eli = await shop(t, { name: 'Elis' });
    const shirt = await tshirt(eli, 'ELI');
    const head = 'product_number;name;price;count_in_stock;option1_name;option1_value;option2_name;option2_value';
    // 4 variants and 96 new: 100, allowed; one more is refused.
    const sizes = Array.from({ length: 48 }, (_, i) => `EU ${i + 1}`);
    const rows = sizes.flatMap((size) =>
      ['Blå', 'Röd'].map((colour) => `${shirt.number};T-shirt Ekologisk;249;10;Storlek;${size};Färg;${colour}`),
    );
    const fits = (await importCsv(t, eli, [head, ...rows].join('\n'), true)).json<ProductCsvReport>();
    expect(fits.refused).toEqual([]);
    expect(fits.changed).toHaveLength(96);
    const tooMany = [head, ...rows, `${shirt.number};T-shirt Ekologisk;249;10;Storlek;XXL;Färg;Blå`].join('\n');
    const refused = (await importCsv(t, eli, tooMany, true)).json<ProductCsvReport>();
    expect(refused.refused).toEqual([
      { row: 98, productNumber: String(shirt.number), reason: VARIANT_MESSAGES.tooManyVariants },
    ]);
    expect((await importCsv(t, eli, [head, ...rows].join('\n'), false)).statusCode).toBe(200);
    const after = await load(shirt._id);
    expect(after.variants).toHaveLength(100);
    expect(after.options[0]?.values).toHaveLength(50);
    // New variants start with no stock when the file has no variant_stock column: the sum stays 10.
    expect(after.countInStock).toBe(10);
  });
});
