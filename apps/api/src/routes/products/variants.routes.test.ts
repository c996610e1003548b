/**
 * Products with variants over HTTP: the edit form saves options and variants, the product page
 * shows them, an order takes stock from the chosen variant (never more than it has, under
 * concurrent buyers too), and giving an order back gives the variant its stock again. A product
 * without variants answers and sells as before.
 */
import type { Order, ProductDetails } from '@torget/shared/api-types.generated';
import { VARIANT_MESSAGES } from '@torget/shared/rules/variants';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { orderItems, productVariants } from '#api/db/schema.ts';
import {
  ADDRESS,
  customer,
  postOrder,
  product,
  type Session,
  shop,
  stockOf,
} from '#api/modules/orders/order-test-kit.ts';
import { bearer } from '#api/test/sessions.ts';
import { createTestApp, type TestApp } from '#api/test/test-app.ts';

let t: TestApp;
let anna: Session;
let bosse: Session;
let kim: Session;

beforeAll(async () => {
  t = await createTestApp();
  anna = await shop(t, { name: 'Annas Ateljé' });
  bosse = await shop(t, { name: 'Bosses Bod' });
  kim = await customer(t, 'Kim Köpare');
});
afterAll(() => t.close());

const load = async (id: string) =>
  (await t.app.inject({ method: 'GET', url: `/api/products/${id}` })).json() as ProductDetails;

const save = (id: string, body: object, who: Session = anna) =>
  t.app.inject({ method: 'PUT', url: `/api/products/${id}`, headers: bearer(who.token), payload: body });

const IMAGES = ['/uploads/klanning-bla.webp', '/uploads/klanning-gron.webp'];

const form = (changes: object = {}) => ({
  name: 'Linneklänning Midsommar',
  price: 899,
  image: IMAGES[0],
  images: IMAGES,
  category: 'Kläder',
  brand: 'Annas Ateljé',
  countInStock: 0,
  description: 'Lin.',
  shipping_price: 49,
  shipping_info: '',
  ...changes,
});

const OPTIONS = [
  { name: 'Storlek', values: ['S', 'M', 'L'] },
  { name: 'Färg', values: ['Blå', 'Grön'] },
];

/** Each dress its own SKUs (a SKU is unique per seller). */
let dresses = 0;

/** The six variants of OPTIONS, each with `stock`; M in blue costs 949 kr, the green ones have their image. */
const sixVariants = (stock = 3, tag = '') =>
  OPTIONS[0]?.values.flatMap((size) =>
    (OPTIONS[1]?.values ?? []).map((colour) => ({
      values: [size, colour],
      countInStock: stock,
      price: size === 'M' && colour === 'Blå' ? 949 : null,
      sku: `LM${tag}-${size}-${colour === 'Blå' ? 'BL' : 'GR'}`,
      image: colour === 'Grön' ? IMAGES[1] : null,
    })),
  ) ?? [];

/** A product of Anna's saved with the six variants. */
async function dress(stock = 3) {
  const p = await product(t, anna.id, { countInStock: 0 });
  dresses += 1;
  const res = await save(
    p.id,
    form({ options: OPTIONS, variants: sixVariants(stock, dresses === 1 ? '' : String(dresses)) }),
  );
  expect(res.statusCode, res.body).toBe(200);
  return load(p.id);
}

const variantOf = (p: ProductDetails, ...values: string[]) => {
  const found = p.variants.find((v) => v.values.join() === values.join());
  if (!found) throw new Error(`no variant ${values.join()}`);
  return found;
};

const orderOf = (lines: object[]) => ({ orderItems: lines, shippingAddress: ADDRESS, paymentMethod: 'Swish' });

describe('saving and showing variants', () => {
  it('saves six variants; the product page lists them, and its stock is their sum', async () => {
    const p = await dress(3);
    expect(p.options).toEqual(OPTIONS);
    expect(p.variants).toHaveLength(6);
    expect(p.countInStock).toBe(18);
    expect(variantOf(p, 'M', 'Blå')).toMatchObject({ countInStock: 3, price: 949, sku: 'LM-M-BL', image: null });
    expect(variantOf(p, 'S', 'Grön')).toMatchObject({ price: null, image: IMAGES[1] });
    expect(variantOf(p, 'S', 'Grön')._id).toMatch(/^[0-9a-f-]{36}$/);
    // The list shows the product's stock as the sum too.
    const list = (await t.app.inject({ method: 'GET', url: `/api/products?seller=${anna.id}` })).json() as {
      products: { _id: string; countInStock: number }[];
    };
    expect(list.products.find((row) => row._id === p._id)?.countInStock).toBe(18);
  });

  it('keeps a variant id across saves, drops the unlisted ones and keeps the sum on a save without variants', async () => {
    const p = await dress(2);
    const m = variantOf(p, 'M', 'Blå');
    const fewer = p.variants
      .filter((v) => v.values[0] !== 'L')
      .map((v) => ({ ...v, countInStock: v._id === m._id ? 7 : v.countInStock }));
    const res = await save(
      p._id,
      form({ options: [{ ...OPTIONS[0], values: ['S', 'M'] }, OPTIONS[1]], variants: fewer }),
    );
    expect(res.statusCode, res.body).toBe(200);
    const saved = await load(p._id);
    expect(saved.variants).toHaveLength(4);
    expect(variantOf(saved, 'M', 'Blå')).toMatchObject({ _id: m._id, countInStock: 7 });
    expect(saved.countInStock).toBe(2 + 2 + 7 + 2);
    // The spec's payload (no options, no variants) with another stock figure: the sum stays.
    expect((await save(p._id, form({ countInStock: 99 }))).statusCode).toBe(200);
    expect((await load(p._id)).countInStock).toBe(13);
    expect((await load(p._id)).variants).toHaveLength(4);
    // Options and variants emptied: a product without variants again, its stock the form's.
    expect((await save(p._id, form({ countInStock: 4, options: [], variants: [] }))).statusCode).toBe(200);
    expect(await load(p._id)).toMatchObject({ countInStock: 4, options: [], variants: [] });
  });

  it('refuses variants that break a rule, with the rule as the message, and writes nothing', async () => {
    const p = await dress(1);
    const refusals: [object, string][] = [
      [
        { options: [...OPTIONS, { name: 'Material', values: ['Lin'] }], variants: sixVariants() },
        VARIANT_MESSAGES.tooManyOptions,
      ],
      [{ options: OPTIONS, variants: [] }, VARIANT_MESSAGES.optionsNeedVariants],
      [{ options: OPTIONS, variants: [{ values: ['XL', 'Blå'], countInStock: 1 }] }, VARIANT_MESSAGES.unknownValue],
      [
        { options: OPTIONS, variants: [...sixVariants(), { values: ['S', 'Blå'], countInStock: 1 }] },
        VARIANT_MESSAGES.variantTwice,
      ],
      [{ options: OPTIONS, variants: sixVariants().map((v) => ({ ...v, sku: 'SAMMA' })) }, VARIANT_MESSAGES.skuTwice],
      [
        { options: OPTIONS, variants: sixVariants().map((v) => ({ ...v, image: '/uploads/annan.webp' })) },
        VARIANT_MESSAGES.imageNotInGallery,
      ],
      [{ variants: sixVariants() }, 'Send options and variants together.'],
      [
        {
          options: [{ name: 'Storlek', values: Array.from({ length: 101 }, (_, i) => String(i)) }],
          variants: Array.from({ length: 101 }, (_, i) => ({ values: [String(i)], countInStock: 1 })),
        },
        VARIANT_MESSAGES.tooManyVariants,
      ],
    ];
    for (const [changes, message] of refusals) {
      const res = await save(p._id, form(changes));
      expect(res.statusCode, message).toBe(400);
      expect(res.json().message, message).toContain(message);
    }
    const after = await load(p._id);
    expect(after.variants).toHaveLength(6);
    expect(after.countInStock).toBe(6);
  });

  it('refuses a SKU another product of the seller uses, and takes it from another seller', async () => {
    const sku = variantOf(await dress(1), 'S', 'Blå').sku ?? '';
    const other = await product(t, anna.id, { countInStock: 0 });
    const one = (code: string) =>
      form({ options: [OPTIONS[0]], variants: [{ values: ['S'], countInStock: 1, sku: code }] });
    const taken = await save(other.id, one(sku.toLowerCase()));
    expect(taken.statusCode).toBe(400);
    expect(taken.json().message).toBe(VARIANT_MESSAGES.skuTaken);
    const bosses = await product(t, bosse.id, { countInStock: 0 });
    const fine = await save(bosses.id, one(sku), bosse);
    expect(fine.statusCode, fine.body).toBe(200);
  });

  it('answers a product without variants as before, with empty options and variants', async () => {
    const plain = await product(t, anna.id, { countInStock: 4 });
    expect(await load(plain.id)).toMatchObject({ countInStock: 4, options: [], variants: [] });
  });
});

describe('buying a variant', () => {
  it('names the variant on the line, prices it and takes its stock and the product’s', async () => {
    const p = await dress(3);
    const m = variantOf(p, 'M', 'Blå');
    const res = await postOrder(t, kim.token, orderOf([{ product: p._id, qty: 2, variant: m._id }]));
    expect(res.statusCode, res.body).toBe(201);
    const { order } = res.json() as { order: Order };
    expect(order.orderItems[0]).toMatchObject({
      name: 'Linneklänning Midsommar – M, Blå',
      variant: m._id,
      variantName: 'M, Blå',
      price: 949,
      qty: 2,
    });
    expect(order.itemsPrice).toBe(1898);
    const after = await load(p._id);
    expect(variantOf(after, 'M', 'Blå').countInStock).toBe(1);
    expect(after.countInStock).toBe(16);
    // The order read back names the variant too.
    const read = (
      await t.app.inject({ method: 'GET', url: `/api/orders/${order._id}`, headers: bearer(kim.token) })
    ).json() as Order;
    expect(read.orderItems[0]).toMatchObject({ name: 'Linneklänning Midsommar – M, Blå', variantName: 'M, Blå' });
  });

  it('sells two variants of one product in one order, each from its own stock, with the image of the variant', async () => {
    const p = await dress(3);
    const green = variantOf(p, 'S', 'Grön');
    const blue = variantOf(p, 'L', 'Blå');
    const res = await postOrder(
      t,
      kim.token,
      orderOf([
        { product: p._id, qty: 1, variant: green._id },
        { product: p._id, qty: 3, variant: blue._id },
      ]),
    );
    expect(res.statusCode, res.body).toBe(201);
    const { order } = res.json() as { order: Order };
    expect(order.orderItems.map((i) => [i.name, i.image, i.price])).toEqual([
      ['Linneklänning Midsommar – L, Blå', IMAGES[0], 899],
      ['Linneklänning Midsommar – S, Grön', IMAGES[1], 899],
    ]);
    const after = await load(p._id);
    expect(variantOf(after, 'S', 'Grön').countInStock).toBe(2);
    expect(variantOf(after, 'L', 'Blå').countInStock).toBe(0);
    expect(after.countInStock).toBe(14);
  });

  it('refuses a line without a variant, an unknown one, another product’s, and more than the variant has', async () => {
    const p = await dress(1);
    const other = await dress(1);
    const plain = await product(t, anna.id, { countInStock: 4 });
    const m = variantOf(p, 'M', 'Blå');
    const cases: [object, number, string][] = [
      [{ product: p._id, qty: 1 }, 400, VARIANT_MESSAGES.variantRequired],
      [
        { product: p._id, qty: 1, variant: '00000000-0000-4000-8000-000000000000' },
        400,
        VARIANT_MESSAGES.unknownVariant,
      ],
      [{ product: p._id, qty: 1, variant: variantOf(other, 'M', 'Blå')._id }, 400, VARIANT_MESSAGES.unknownVariant],
      [{ product: plain.id, qty: 1, variant: m._id }, 400, VARIANT_MESSAGES.unknownVariant],
      [{ product: p._id, qty: 2, variant: m._id }, 409, 'Only 1 left of Linneklänning Midsommar – M, Blå.'],
    ];
    for (const [line, status, message] of cases) {
      const res = await postOrder(t, kim.token, orderOf([line]));
      expect(res.statusCode, message).toBe(status);
      expect(res.json().message).toBe(message);
    }
    expect((await load(p._id)).countInStock).toBe(6);
  });

  it('sells exactly the last 10 of one size when 40 buyers race for it', async () => {
    const p = await product(t, anna.id, { countInStock: 0 });
    const variants = [
      { values: ['S'], countInStock: 5 },
      { values: ['M'], countInStock: 10 },
      { values: ['L'], countInStock: 5 },
    ];
    expect((await save(p.id, form({ name: 'Populär klänning', options: [OPTIONS[0]], variants }))).statusCode).toBe(
      200,
    );
    const m = variantOf(await load(p.id), 'M');
    const results = await Promise.all(
      Array.from({ length: 40 }, () => postOrder(t, kim.token, orderOf([{ product: p.id, qty: 1, variant: m._id }]))),
    );
    const statuses = results.map((r) => r.statusCode);
    expect(statuses.filter((s) => s === 201)).toHaveLength(10);
    expect(statuses.filter((s) => s === 409)).toHaveLength(30);
    for (const r of results.filter((res) => res.statusCode === 409)) {
      expect(r.json().message).toBe('Populär klänning – M is sold out (0 left).');
    }
    const after = await load(p.id);
    expect(variantOf(after, 'M').countInStock).toBe(0);
    expect(after.countInStock).toBe(10);
    expect(await stockOf(t, p.id)).toBe(10);
    const sold = await t.database.db.select().from(orderItems).where(eq(orderItems.variantId, m._id));
    expect(sold.reduce((n, line) => n + line.qty, 0)).toBe(10);
  });

  it('gives the variant its stock back when the order is deleted', async () => {
    const p = await dress(2);
    const m = variantOf(p, 'M', 'Grön');
    const res = await postOrder(t, kim.token, orderOf([{ product: p._id, qty: 2, variant: m._id }]));
    const { order } = res.json() as { order: Order };
    expect(variantOf(await load(p._id), 'M', 'Grön').countInStock).toBe(0);
    const deleted = await t.app.inject({
      method: 'DELETE',
      url: `/api/orders/${order._id}`,
      headers: bearer(kim.token),
    });
    expect(deleted.statusCode, deleted.body).toBe(200);
    const after = await load(p._id);
    expect(variantOf(after, 'M', 'Grön').countInStock).toBe(2);
    expect(after.countInStock).toBe(12);
  });

  it('keeps the order line when its variant is removed from the product', async () => {
    const p = await dress(2);
    const l = variantOf(p, 'L', 'Grön');
    const { order } = (await postOrder(t, kim.token, orderOf([{ product: p._id, qty: 1, variant: l._id }]))).json() as {
      order: Order;
    };
    const without = p.variants.filter((v) => v._id !== l._id);
    expect((await save(p._id, form({ options: OPTIONS, variants: without }))).statusCode).toBe(200);
    const read = (
      await t.app.inject({ method: 'GET', url: `/api/orders/${order._id}`, headers: bearer(kim.token) })
    ).json() as Order;
    expect(read.orderItems[0]).toMatchObject({
      name: 'Linneklänning Midsommar – L, Grön',
      variant: null,
      variantName: 'L, Grön',
    });
    expect(await t.database.db.select().from(productVariants).where(eq(productVariants.id, l._id))).toHaveLength(0);
  });

  it('sells a product without variants as before: the line has no variant', async () => {
    const plain = await product(t, anna.id, { name: 'Lampa', countInStock: 4 });
    const res = await postOrder(t, kim.token, orderOf([{ product: plain.id, qty: 1 }]));
    expect(res.statusCode).toBe(201);
    const line = (res.json() as { order: Order }).order.orderItems[0];
    expect(line?.name).toBe('Lampa');
    expect(line).not.toHaveProperty('variant');
    expect(line).not.toHaveProperty('variantName');
    expect(await stockOf(t, plain.id)).toBe(3);
  });
});

describe('the search’s sizes and colours', () => {
  it('lists the sizes and colours of the shown results, sizes in their usual order', async () => {
    await dress(1);
    const facets = async (query: string) =>
      (await t.app.inject({ method: 'GET', url: `/api/products/facets?${query}` })).json() as {
        optionValues: { sizes: { value: string; count: number }[]; colours: { value: string; count: number }[] };
      };
    const shown = await facets(`seller=${anna.id}&category=Kläder`);
    expect(shown.optionValues.sizes.map((s) => s.value).slice(0, 3)).toEqual(['S', 'M', 'L']);
    expect(shown.optionValues.colours.map((c) => c.value)).toEqual(['Blå', 'Grön']);
    expect(shown.optionValues.sizes[0]?.count).toBeGreaterThan(0);
    // Another category's results have none; another seller's dress is not Anna's.
    expect((await facets(`seller=${anna.id}&category=Leksaker`)).optionValues).toEqual({ sizes: [], colours: [] });
    expect((await facets(`seller=${kim.id}`)).optionValues).toEqual({ sizes: [], colours: [] });
  });
});
