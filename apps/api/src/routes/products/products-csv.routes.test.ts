/**
 * GET /api/products/mine.csv and POST /api/products/import: the round trip (export, edit,
 * import, export: identical), a dry run changes nothing, refused rows named with their row and
 * reason and nothing applied, the plan's limit, bad files answered 400 with a report, and cells a
 * spreadsheet would run as formulas neutralised.
 */
import type { ProductCsvFileProblem, ProductCsvReport } from '@torget/shared/rules/product-csv';
import { asc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { products, productVariants, sellers } from '#api/db/schema.ts';
import { product, shop } from '#api/modules/orders/order-test-kit.ts';
import { csvOf, exportCsv, importCsv, rowsOf } from '#api/test/product-csv-files.ts';
import { bearer } from '#api/test/sessions.ts';
import { createTestApp, type TestApp } from '#api/test/test-app.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const snapshot = (sellerId: string) =>
  t.database.db.select().from(products).where(eq(products.sellerId, sellerId)).orderBy(asc(products.number));
const HEADER_REQUIRED = 'product_number;name;price;count_in_stock';

describe('products as CSV', () => {
  it('round trips: export, edit, import, export gives the edited file back exactly', async () => {
    const anna = await shop(t, { name: 'Annas CSV' });
    await product(t, anna.id, {
      name: 'Linneklänning "Midsommar"',
      priceOre: 49_950,
      countInStock: 4,
      category: 'Kläder',
      description: '<p>Tvättas i 40°; torkas\nplant</p>',
      image: '/uploads/a1.webp',
      images: ['/uploads/a1.webp', '/uploads/a2.webp'],
      shippingPriceOre: 4_900,
      vatRate: 25,
    });
    await product(t, anna.id, { name: '=SUM(A1:A9)', brand: '+46 70', category: '-rea-', shippingInfo: '@hem' });
    await product(t, anna.id, { name: 'Bok', priceOre: 12_000, vatRate: 6, countInStock: 0, isDraft: true });

    const first = await exportCsv(t, anna);
    expect(first.startsWith('\uFEFFproduct_number;name;price;count_in_stock;')).toBe(true);
    const rows = rowsOf(first);
    expect(rows).toHaveLength(4);
    const header = rows[0] ?? [];
    const col = (name: string) => header.indexOf(name);
    // Spreadsheet-safe: no cell starts with what a spreadsheet would run as a formula.
    for (const row of rows) for (const cell of row) expect(cell).not.toMatch(/^[=+\-@\t\r]/);
    const formulaRow = rows.find((r) => r[col('name')] === "'=SUM(A1:A9)") ?? [];
    expect(formulaRow[col('brand')]).toBe("'+46 70");
    expect(formulaRow[col('category')]).toBe("'-rea-");
    expect(formulaRow[col('shipping_info')]).toBe("'@hem");
    const dress = rows[1] ?? [];
    expect(dress[col('price')]).toBe('499,50');
    expect(dress[col('images')]).toBe('/uploads/a1.webp|/uploads/a2.webp');
    expect(dress[col('status')]).toBe('listed');
    expect(rows[3]?.[col('status')]).toBe('draft');

    // The seller edits a price, a stock and a description in the spreadsheet, and adds a product.
    const edited = rows.map((r) => [...r]);
    (edited[1] as string[])[col('price')] = '459';
    (edited[3] as string[])[col('count_in_stock')] = '12';
    (edited[3] as string[])[col('description')] = '<p>Andra upplagan</p>';
    const newRow = header.map(() => '');
    newRow[col('name')] = 'Ny vas';
    newRow[col('price')] = '199,5';
    newRow[col('count_in_stock')] = '3';
    newRow[col('vat_rate')] = '25';
    newRow[col('images')] = '/uploads/a2.webp';
    edited.push(newRow);
    const before = await snapshot(anna.id);

    const dry = await importCsv(t, anna, csvOf(edited), true);
    expect(dry.statusCode).toBe(200);
    const report = dry.json<ProductCsvReport>();
    expect(report).toMatchObject({ dryRun: true, applied: false, rows: 4, unchanged: 1, refused: [] });
    expect(report.changed.map((c) => [c.row, c.fields.sort()])).toEqual([
      [2, ['price']],
      [4, ['count_in_stock', 'description']],
    ]);
    expect(report.created).toMatchObject([{ row: 5, name: 'Ny vas' }]);
    // The dry run changed nothing.
    expect(await snapshot(anna.id)).toEqual(before);
    expect(await exportCsv(t, anna)).toBe(first);

    const applied = await importCsv(t, anna, csvOf(edited), false);
    expect(applied.statusCode).toBe(200);
    expect(applied.json<ProductCsvReport>()).toMatchObject({ applied: true, refused: [] });
    const made = applied.json<ProductCsvReport>().created[0];
    const after = rowsOf(await exportCsv(t, anna));
    // The new product got its number and is on sale (a name, a price and an image).
    const expected = edited.map((r) => [...r]);
    const added = expected[4] as string[];
    added[col('product_number')] = made?.productNumber ?? '?';
    added[col('price')] = '199,50';
    added[col('shipping_price')] = '0';
    added[col('status')] = 'listed';
    expect(after).toEqual(expected);
    // And once more, unchanged: importing the export changes nothing.
    const again = await importCsv(t, anna, await exportCsv(t, anna), false);
    expect(again.json<ProductCsvReport>()).toMatchObject({ applied: true, unchanged: 4, changed: [], created: [] });
  });

  it('names each refused row with its reason and applies nothing while one is refused', async () => {
    const bo = await shop(t, { name: 'Bos Bodar' });
    const other = await shop(t, { name: 'Grannen' });
    const mine = await product(t, bo.id, { name: 'Kopp', image: '/uploads/k.webp', countInStock: 2 });
    const theirs = await product(t, other.id, { name: 'Deras', image: '/uploads/d.webp' });
    const file = [
      `${HEADER_REQUIRED};images`,
      `${mine.number};Kopp;120;5;/uploads/k.webp`,
      ';Dyr;abc;1;',
      `${theirs.number};Deras;10;1;`,
      ';Från nätet;10;1;https://example.com/bild.jpg',
      ';Lånad bild;10;1;/uploads/d.webp',
      `#${mine.number};Kopp igen;100;1;`,
      ';Minus;10;-1;',
    ].join('\r\n');
    const before = await snapshot(bo.id);
    const dry = await importCsv(t, bo, file, true);
    expect(dry.statusCode).toBe(200);
    const report = dry.json<ProductCsvReport>();
    expect(report.changed.map((c) => c.row)).toEqual([2]);
    expect(report.refused.map((r) => [r.row, r.reason])).toEqual([
      [3, 'Price must be a number.'],
      [4, `None of your products has the number ${theirs.number}.`],
      [5, expect.stringContaining('not fetched')],
      [6, expect.stringContaining('/uploads/d.webp is not among your products')],
      [7, `Product #${mine.number} is on row 2 too.`],
      [8, 'Count in stock cannot be negative.'],
    ]);
    const applied = await importCsv(t, bo, file, false);
    expect(applied.statusCode).toBe(422);
    expect(applied.json<ProductCsvReport>()).toMatchObject({ applied: false });
    expect(await snapshot(bo.id)).toEqual(before);
    // The neighbour's product is untouched too.
    const [still] = await t.database.db.select().from(products).where(eq(products.id, theirs.id));
    expect(still?.name).toBe('Deras');

    // Fixed, it applies.
    const fixed = [`${HEADER_REQUIRED};images`, `${mine.number};Kopp;120;5;/uploads/k.webp`].join('\n');
    expect((await importCsv(t, bo, fixed, false)).statusCode).toBe(200);
    const [cup] = await t.database.db.select().from(products).where(eq(products.id, mine.id));
    expect(cup).toMatchObject({ priceOre: 12_000, countInStock: 5, version: mine.version + 1 });
  });

  it("holds the plan's product limit: a plan-1 seller with 4 products gets one more", async () => {
    const small = await shop(t, { name: 'Lilla Butiken' });
    await t.database.db.update(sellers).set({ plan: '1' }).where(eq(sellers.userId, small.id));
    for (let i = 0; i < 4; i++) await product(t, small.id, { name: `Sak ${i}` });
    const file = [HEADER_REQUIRED, ';Femte;10;1', ';Sjätte;10;1', ';Sjunde;10;1'].join('\n');
    const dry = (await importCsv(t, small, file, true)).json<ProductCsvReport>();
    expect(dry.created.map((c) => c.row)).toEqual([2]);
    expect(dry.refused).toEqual([
      { row: 3, productNumber: '', reason: 'Your plan allows at most 5 products.' },
      { row: 4, productNumber: '', reason: 'Your plan allows at most 5 products.' },
    ]);
    expect((await importCsv(t, small, file, false)).statusCode).toBe(422);
    expect(await snapshot(small.id)).toHaveLength(4);
    expect((await importCsv(t, small, [HEADER_REQUIRED, ';Femte;10;1'].join('\n'), false)).statusCode).toBe(200);
    const made = await snapshot(small.id);
    expect(made).toHaveLength(5);
    // Without an image the new product is a draft.
    expect(made[4]).toMatchObject({ name: 'Femte', isDraft: true });
    expect((await importCsv(t, small, [HEADER_REQUIRED, ';Sjätte;10;1'].join('\n'), false)).statusCode).toBe(422);
  });

  it('answers a bad file with 400 and a report, never a 500', async () => {
    const cleo = await shop(t, { name: 'Cleos' });
    const problem = async (file: string | Buffer) => {
      const res = await importCsv(t, cleo, file, true);
      expect(res.statusCode).toBe(400);
      return res.json<ProductCsvFileProblem>();
    };
    expect((await problem(Buffer.from(`${HEADER_REQUIRED}\n;Blåbär;10;1\n`, 'latin1'))).message).toMatch(/not UTF-8/);
    expect(await problem('name;price\nVas;10\n')).toEqual({
      message: 'Columns are missing.',
      problems: ['Missing column: product_number', 'Missing column: count_in_stock'],
    });
    expect((await problem(`${HEADER_REQUIRED}\n;"Vas;10;1\n`)).problems[0]).toMatch(/quote is opened and never closed/);
    expect((await problem(`${HEADER_REQUIRED}\n;Vas;10\n`)).problems[0]).toMatch(/different number of cells/);
    expect((await problem('')).message).toBe('The file is empty.');
    const big = Buffer.alloc(10 * 1024 * 1024, 'a');
    expect((await problem(big)).message).toMatch(/under 10 MB/);
    const notMultipart = await t.app.inject({
      method: 'POST',
      url: '/api/products/import?dry_run=1',
      headers: { ...bearer(cleo.token), 'content-type': 'text/csv' },
      payload: HEADER_REQUIRED,
    });
    expect(notMultipart.statusCode).toBe(415);
    // A file with `,` between cells and a decimal point reads as well.
    const commas = await importCsv(t, cleo, 'product_number,name,price,count_in_stock\n,Vas,10.5,1\n', true);
    expect(commas.json<ProductCsvReport>().created).toMatchObject([{ row: 2, name: 'Vas' }]);
  });

  it('leaves the stock of a product with variants as their sum, whatever its row says', async () => {
    const vera = await shop(t, { name: 'Veras Varianter' });
    const dress = await product(t, vera.id, { name: 'Klänning', image: '/uploads/k.webp', countInStock: 5 });
    await t.database.db
      .update(products)
      .set({ options: [{ name: 'Storlek', values: ['S', 'M'] }] })
      .where(eq(products.id, dress.id));
    await t.database.db.insert(productVariants).values([
      { productId: dress.id, sellerId: vera.id, position: 0, optionValues: ['S'], countInStock: 2 },
      { productId: dress.id, sellerId: vera.id, position: 1, optionValues: ['M'], countInStock: 3 },
    ]);
    const [header = [], row = []] = rowsOf(await exportCsv(t, vera));
    const stock = header.indexOf('count_in_stock');
    expect(row[stock]).toBe('5');
    row[stock] = '99';
    row[header.indexOf('name')] = 'Klänning Sommar';
    const res = await importCsv(t, vera, csvOf([header, row]), false);
    expect(res.statusCode, res.body).toBe(200);
    const [after] = await snapshot(vera.id);
    expect(after).toMatchObject({ name: 'Klänning Sommar', countInStock: 5 });
    // A row without its variant's cells (a file made before variants) changes the product alone.
    const plain = header.map((name, i) =>
      name.startsWith('option') || name.startsWith('variant_') ? '' : (row[i] ?? ''),
    );
    plain[header.indexOf('name')] = 'Klänning Höst';
    expect((await importCsv(t, vera, csvOf([header, plain]), false)).statusCode).toBe(200);
    const [again] = await snapshot(vera.id);
    expect(again).toMatchObject({ name: 'Klänning Höst', countInStock: 5 });
  });

  it("is the seller's own: customers are refused, and an export holds only one's products", async () => {
    const dan = await shop(t, { name: 'Dans' });
    const eva = await shop(t, { name: 'Evas' });
    await product(t, dan.id, { name: 'Dans sak' });
    await product(t, eva.id, { name: 'Evas sak' });
    const rows = rowsOf(await exportCsv(t, dan));
    expect(rows.map((r) => r[1])).toEqual(['name', 'Dans sak']);
  });
});
