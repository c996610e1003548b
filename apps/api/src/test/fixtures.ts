/** Small builders for test data, written straight to the database. */
import { randomUUID } from 'node:crypto';
import type { Db } from '#api/db/client.ts';
import { orderItems, orders, products, reviews, sellers, users } from '#api/db/schema.ts';
import type { TokenClaims } from '#api/lib/auth.ts';

type UserRow = typeof users.$inferInsert;
type SellerRow = typeof sellers.$inferInsert;
type ProductRow = typeof products.$inferInsert;

// A fixed, valid argon2id hash (of 'password123'), so fixtures cost no hashing time.
export const FIXTURE_PASSWORD = 'password123';
export const FIXTURE_PASSWORD_HASH =
  '$argon2id$v=19$m=19456,t=2,p=1$Ws2WPyf7SIoR4SdFEK6ZCw$RUNcTGrMScYiE/i0kHCTQF8QYGrRuyTxtLust9dODHU';

export async function createUser(db: Db, overrides: Partial<UserRow> = {}) {
  const [user] = await db
    .insert(users)
    .values({
      name: 'Test Testsson',
      email: `user-${randomUUID()}@example.test`,
      passwordHash: FIXTURE_PASSWORD_HASH,
      ...overrides,
    })
    .returning();
  if (!user) throw new Error('user not created');
  return user;
}

/** A whole, valid product edit (PUT /api/products/{id}), as the spec's payload has it. */
export const PRODUCT_EDIT = {
  name: 'Handgjord skål',
  price: 249.5,
  image: '/uploads/skal.webp',
  category: 'Hem & inredning',
  brand: 'Lerverk',
  countInStock: 7,
  description: 'Drejad i stengods.',
  shipping_price: 49,
  shipping_info: 'Skickas inom 2 dagar.',
};

/** The claims of a session of `user` as its token would give them (lib/auth.ts, TokenClaims). */
export function sessionClaimsOf(user: { id: string; tokenVersion: number }): TokenClaims {
  return { userId: user.id, version: user.tokenVersion };
}

export async function createSeller(db: Db, overrides: { user?: Partial<UserRow>; seller?: Partial<SellerRow> } = {}) {
  const user = await createUser(db, { name: 'Säljare Svensson', isSeller: true, ...overrides.user });
  const [seller] = await db
    .insert(sellers)
    .values({ userId: user.id, name: 'Svenssons Butik', plan: '2', email: user.email, ...overrides.seller })
    .returning();
  if (!seller) throw new Error('seller not created');
  return { user, seller };
}

export async function createProduct(db: Db, sellerId: string, overrides: Partial<ProductRow> = {}) {
  const [product] = await db
    .insert(products)
    .values({
      sellerId,
      name: 'Testprodukt',
      priceOre: 10_000,
      category: 'Test',
      brand: 'Märke',
      countInStock: 5,
      ...overrides,
    })
    .returning();
  if (!product) throw new Error('product not created');
  return product;
}

export async function createReview(
  db: Db,
  values: { productId: string; sellerId: string; userId: string; rating: number },
) {
  const [review] = await db
    .insert(reviews)
    .values({ ...values, name: 'Recensent', comment: 'Bra!' })
    .returning();
  if (!review) throw new Error('review not created');
  return review;
}

/** The columns of an unpaid one-krona Swish order from `buyerId` to `sellerId`, to write straight to the database. */
export function orderRowValues(buyerId: string, sellerId: string) {
  return {
    userId: buyerId,
    sellerId,
    buyerName: 'Köpare',
    sellerName: 'Butik',
    shippingFullName: 'Köpare',
    shippingAddress: 'Storgatan 1',
    shippingCity: 'Umeå',
    shippingPostalCode: '903 25',
    shippingCountry: 'Sverige',
    paymentMethod: 'Swish',
    itemsPriceOre: 100,
    shippingPriceOre: 0,
    totalPriceOre: 100,
  } satisfies typeof orders.$inferInsert;
}

/**
 * A delivered, paid Swish order of one unit of the product by the buyer, written straight to the
 * database (stock untouched): what makes the buyer's review a verified purchase.
 */
export async function createPurchase(db: Db, values: { buyerId: string; sellerId: string; productId: string }) {
  const [order] = await db
    .insert(orders)
    .values({
      ...orderRowValues(values.buyerId, values.sellerId),
      isPaid: true,
      paidAt: new Date(),
      isDelivered: true,
      deliveredAt: new Date(),
    })
    .returning();
  if (!order) throw new Error('order not created');
  await db.insert(orderItems).values({
    orderId: order.id,
    sellerId: values.sellerId,
    productId: values.productId,
    name: 'Köpt vara',
    image: '',
    qty: 1,
    priceOre: 100,
    shippingPriceOre: 0,
  });
  return order;
}
