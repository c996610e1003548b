/**
 * Every number a route takes (body, query, path) is bounded inside the range of the integer
 * column it ends in, so an out-of-range value is a 400 naming the field rather than the
 * database's "value out of range for type integer" (a 500). The routes and their schemas are
 * read from the running app, so a new route or a new number field is walked without anyone
 * listing it here.
 */
import { INT4_MAX, INT4_MIN } from '@torget/shared/rules/integers';
import { ORE_PER_SEK } from '@torget/shared/rules/money';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { listApiRoutes } from '#api/app.ts';
import { ADDRESS, customer, product, type Session, shop } from '#api/modules/orders/order-test-kit.ts';
import { PRODUCT_EDIT } from '#api/test/fixtures.ts';
import { bearer } from '#api/test/sessions.ts';
import { createTestApp, type TestApp } from '#api/test/test-app.ts';

let t: TestApp;
let seller: Session;
let buyer: Session;
let admin: Session;
beforeAll(async () => {
  t = await createTestApp();
  seller = await shop(t, { name: 'Gränsbutiken' });
  buyer = await customer(t, 'Gunnar Gräns');
  admin = await customer(t, 'Ada Admin', true);
});
afterAll(() => t.close());

/** A number found in a route's schema: where, the field's whole schema, and the number itself. */
interface NumberField {
  path: string;
  field: z.ZodType;
  number: z.ZodNumber;
}

/**
 * The numbers of `schema`, each with the object property that holds it (`field`). A pipe is
 * walked on its output side (what the value must be in the end: `numeric().pipe(bounded)`),
 * unless that side is a bare transform. A kind of schema the walk does not know fails the test,
 * so it cannot pass over numbers silently.
 */
function numbersIn(schema: z.ZodType, path: string, field: z.ZodType, found: NumberField[]): void {
  if (schema instanceof z.ZodNumber) {
    found.push({ path, field, number: schema });
  } else if (schema instanceof z.ZodObject) {
    for (const [key, child] of Object.entries(schema.shape as Record<string, z.ZodType>)) {
      numbersIn(child, `${path}.${key}`, child, found);
    }
  } else if (
    schema instanceof z.ZodOptional ||
    schema instanceof z.ZodNullable ||
    schema instanceof z.ZodDefault ||
    schema instanceof z.ZodPrefault ||
    schema instanceof z.ZodNonOptional ||
    schema instanceof z.ZodCatch ||
    schema instanceof z.ZodReadonly
  ) {
    numbersIn(schema.unwrap() as z.ZodType, path, field, found);
  } else if (schema instanceof z.ZodPipe) {
    const side = schema.out instanceof z.ZodTransform ? schema.in : schema.out;
    numbersIn(side as z.ZodType, path, field, found);
  } else if (schema instanceof z.ZodUnion) {
    for (const option of schema.options as z.ZodType[]) numbersIn(option, path, field, found);
  } else if (schema instanceof z.ZodIntersection) {
    numbersIn(schema.def.left as z.ZodType, path, field, found);
    numbersIn(schema.def.right as z.ZodType, path, field, found);
  } else if (schema instanceof z.ZodArray) {
    numbersIn(schema.element as z.ZodType, `${path}[]`, field, found);
  } else if (
    schema instanceof z.ZodRecord ||
    schema instanceof z.ZodTuple ||
    schema instanceof z.ZodLazy ||
    schema instanceof z.ZodMap ||
    schema instanceof z.ZodSet
  ) {
    throw new Error(`${path}: the number walk does not read a ${schema.def.type} schema yet`);
  }
}

const PARTS = ['body', 'querystring', 'params'] as const;

function routeNumbers(): NumberField[] {
  const found: NumberField[] = [];
  for (const route of listApiRoutes(t.app)) {
    for (const part of PARTS) {
      const schema = (route.schema as Record<string, unknown> | undefined)?.[part];
      if (schema instanceof z.ZodType) numbersIn(schema, `${route.method} ${route.url} ${part}`, schema, found);
    }
  }
  return found;
}

describe('every number a route takes', () => {
  it('is found by the walk, the known ones among them', () => {
    const paths = routeNumbers().map((n) => n.path);
    expect(paths).toEqual(
      expect.arrayContaining([
        'PUT /api/products/:id body.version',
        'PUT /api/products/:id body.countInStock',
        'PUT /api/products/:id body.price',
        'POST /api/products/:id/reviews body.rating',
        'POST /api/orders body.orderItems[].qty',
        'GET /api/products querystring.pageNumber',
        'GET /api/products querystring.min',
        'GET /api/users querystring.pageNumber',
      ]),
    );
  });

  it('is bounded inside the integer columns’ range; a number with decimals, kept in öre, a hundredth of it', () => {
    // A number that may have decimals is an amount in kronor (or a rating filter): the database
    // compares or keeps it as öre, a hundred times larger.
    const outside = routeNumbers()
      .filter(({ number }) => {
        const scale = number.isInt ? 1 : ORE_PER_SEK;
        const { minValue, maxValue } = number;
        return minValue === null || maxValue === null || minValue * scale < INT4_MIN || maxValue * scale > INT4_MAX;
      })
      .map((n) => `${n.path} (${n.number.minValue} to ${n.number.maxValue})`);
    expect(outside).toEqual([]);
  });

  it('refuses a value just outside that range, as a number and as text', () => {
    const accepted = routeNumbers().flatMap(({ path, field }) =>
      [INT4_MAX + 1, INT4_MIN - 1, String(INT4_MAX + 1)]
        .filter((value) => field.safeParse(value).success)
        .map((value) => `${path} = ${JSON.stringify(value)}`),
    );
    expect(accepted).toEqual([]);
  });
});

describe('an out-of-range number sent to the API', () => {
  const tooLarge = INT4_MAX + 1;

  it('is a 400 naming the field for a product edit’s version', async () => {
    const p = await product(t, seller.id);
    const res = await t.app.inject({
      method: 'PUT',
      url: `/api/products/${p.id}`,
      headers: bearer(seller.token),
      payload: { ...PRODUCT_EDIT, version: tooLarge },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toMatch(/version/);
  });

  it('is a 400 naming the field for an order line’s quantity and a review’s rating', async () => {
    const p = await product(t, seller.id, { countInStock: 5 });
    const order = await t.app.inject({
      method: 'POST',
      url: '/api/orders',
      headers: bearer(buyer.token),
      payload: { orderItems: [{ product: p.id, qty: tooLarge }], shippingAddress: ADDRESS, paymentMethod: 'Swish' },
    });
    expect(order.statusCode).toBe(400);
    expect(order.json().message).toMatch(/qty/);
    const review = await t.app.inject({
      method: 'POST',
      url: `/api/products/${p.id}/reviews`,
      headers: bearer(buyer.token),
      payload: { rating: tooLarge, comment: 'Stort betyg' },
    });
    expect(review.statusCode).toBe(400);
    expect(review.json().message).toMatch(/rating/);
  });

  it('is a 400 naming the field for a price filter and a page number', async () => {
    // A price bound in kronor is compared in öre: 100 times larger than what is typed.
    const priced = await t.app.inject({ method: 'GET', url: '/api/products?min=99999999' });
    expect(priced.statusCode).toBe(400);
    expect(priced.json().message).toMatch(/min/);
    const faceted = await t.app.inject({ method: 'GET', url: '/api/products/facets?max=99999999' });
    expect(faceted.statusCode).toBe(400);
    const paged = await t.app.inject({
      method: 'GET',
      url: `/api/users?pageNumber=${tooLarge}`,
      headers: bearer(admin.token),
    });
    expect(paged.statusCode).toBe(400);
    expect(paged.json().message).toMatch(/pageNumber/);
  });
});
