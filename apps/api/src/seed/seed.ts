/**
 * Seeds a demo marketplace on first start: an admin, customers, shops with products and
 * pictures, reviews, orders in every state (demo-orders.ts), a year of two shops' orders and the
 * marketplace's ledger (demo-ledger.ts) and the site texts. It only ever writes into an empty database, and
 * writes everything in one transaction, so a failure leaves no half-seeded data behind.
 */
import { checkPayoutAccount } from '@torget/shared/rules/payout-account';
import { PLANS } from '@torget/shared/rules/plans';
import { organisationNumber } from '@torget/shared/rules/sweden';
import { sql } from 'drizzle-orm';
import { type Database, type Db, transaction } from '#api/db/client.ts';
import { recomputeAllRatings } from '#api/db/ratings.ts';
import {
  products,
  reports,
  reviews,
  sellerPayoutAccounts,
  sellerPersonalNumbers,
  sellers,
  siteSettings,
  users,
} from '#api/db/schema.ts';
import type { ImageStorage } from '#api/lib/image-storage.ts';
import { hashPassword } from '#api/lib/passwords.ts';
import { type DemoImage, writeDemoImages } from './demo-images';
import { insertDemoLedger } from './demo-ledger';
import { insertDemoOrders } from './demo-orders';
import { insertDemoSales } from './demo-sales';
import { insertDemoVariants } from './demo-variants';
import {
  ADMIN_EMAIL,
  CUSTOMER_EMAIL,
  CUSTOMERS,
  DEMO_PASSWORDS,
  demoVatRate,
  type PasswordKind,
  REVIEWS,
  SELLER_PAYOUT_ACCOUNTS,
  SELLERS,
  type SellerSeed,
  SITE_TEXTS,
} from './seed-data';

export interface DemoSignIn {
  role: string;
  email: string;
  password: string;
}

export interface SeedOptions {
  /** Where uploaded images live (lib/image-storage.ts); the demo pictures are stored there. */
  storage: ImageStorage;
}

type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];

const HOUR_MS = 60 * 60 * 1000;
const DAY_MS = 24 * HOUR_MS;
/** Time between two demo products' creation, so 'newest' ordering has a clear answer. */
const PRODUCT_SPACING_MS = 10 * HOUR_MS;
/** Any constant shared by all instances; it names the advisory lock that serialises seeding. */
const SEED_LOCK_KEY = 7_301_952;

const SIGN_INS: DemoSignIn[] = [
  { role: 'admin', email: ADMIN_EMAIL, password: DEMO_PASSWORDS.admin },
  { role: 'customer', email: CUSTOMER_EMAIL, password: DEMO_PASSWORDS.customer },
  { role: 'seller (plan 2, own domain shop-anna.test)', email: 'anna@torget.se', password: DEMO_PASSWORDS.seller },
  { role: 'seller (plan 1)', email: 'sara@torget.se', password: DEMO_PASSWORDS.seller },
  { role: 'seller applicant (waiting for approval)', email: 'mikael@torget.se', password: DEMO_PASSWORDS.seller },
];

/**
 * Seeds the demo when the database has no users yet and returns the demo sign-ins;
 * returns null, changing nothing, when there is any user.
 */
export async function seedDemoIfEmpty(database: Database, options: SeedOptions): Promise<DemoSignIn[] | null> {
  if (!(await hasNoUsers(database.db))) return null;
  assertPlanLimits(SELLERS);

  // The slow parts run before the transaction so it stays short. Picture names are fixed,
  // so a retry after a failed seed just overwrites the same files.
  const [passwordHashes] = await Promise.all([hashDemoPasswords(), writeDemoImages(options.storage, demoImages())]);

  const seeded = await transaction(database.db, async (tx) => {
    // Two servers starting at once against one PostgreSQL must not both seed.
    await tx.execute(sql`select pg_advisory_xact_lock(${SEED_LOCK_KEY})`);
    if (!(await hasNoUsers(tx))) return false;
    await insertDemoData(tx, passwordHashes, new Date());
    return true;
  });
  return seeded ? SIGN_INS.map((signIn) => ({ ...signIn })) : null;
}

async function hasNoUsers(db: Db): Promise<boolean> {
  const [row] = await db.select({ n: sql<number>`count(*)::int` }).from(users);
  return row?.n === 0;
}

/** Fails loudly if someone edits the demo data past a plan's product limit. */
function assertPlanLimits(sellerSeeds: readonly SellerSeed[]): void {
  for (const seller of sellerSeeds) {
    const max = PLANS[seller.shop.plan].maxProducts;
    if (max !== null && seller.products.length > max) {
      throw new Error(`Demo seller ${seller.email} has ${seller.products.length} products; plan allows ${max}`);
    }
  }
}

/** Hashes each distinct demo password once: argon2id is deliberately slow. */
async function hashDemoPasswords(): Promise<Record<PasswordKind, string>> {
  const [admin, customer, seller] = await Promise.all([
    hashPassword(DEMO_PASSWORDS.admin),
    hashPassword(DEMO_PASSWORDS.customer),
    hashPassword(DEMO_PASSWORDS.seller),
  ]);
  return { admin, customer, seller };
}

// ---------------------------------------------------------------------------------------
// Pictures

/** 'Kökssoffa i furu, handmålad' → 'kokssoffa-i-furu-handmalad'. */
export function slugOf(name: string): string {
  return name
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-|-$/g, '');
}

const productImageFile = (name: string) => `demo-${slugOf(name)}.webp`;
const logoFile = (seller: SellerSeed) => `demo-logo-${seller.key}.webp`;
const bannerFile = (seller: SellerSeed) => `demo-banner-${seller.key}.webp`;
const uploadPath = (fileName: string) => `/uploads/${fileName}`;

function demoImages(): DemoImage[] {
  const images: DemoImage[] = [];
  for (const seller of SELLERS) {
    const { logo, banner } = seller.shop;
    if (logo) images.push({ kind: 'logo', fileName: logoFile(seller), ...logo });
    if (banner) images.push({ kind: 'banner', fileName: bannerFile(seller), ...banner });
    for (const product of seller.products) {
      images.push({
        kind: 'product',
        fileName: productImageFile(product.name),
        shape: product.shape,
        color: product.color,
      });
    }
  }
  const names = new Set(images.map((image) => image.fileName));
  if (names.size !== images.length) throw new Error('Two demo pictures would share a file name');
  return images;
}

// ---------------------------------------------------------------------------------------
// Rows

async function insertDemoData(tx: Tx, passwordHashes: Record<PasswordKind, string>, now: Date): Promise<void> {
  const userIds = await insertUsers(tx, passwordHashes, now);
  await insertSellers(tx, userIds, now);
  await insertPayoutAccounts(tx, userIds, now);
  const placed = await insertProducts(tx, userIds, now);
  await insertDemoVariants(tx, placed);
  await insertReviews(tx, userIds, placed, now);
  await insertDemoSales(tx, placed, now);
  await insertDemoLedger(
    tx,
    userIds,
    SELLERS.filter((seller) => !seller.applicant).map((seller) => ({
      email: seller.email,
      plan: seller.shop.plan,
      name: seller.shop.name,
      swishNumber: seller.shop.swishNumber ?? '',
    })),
    now,
  );
  await recomputeAllRatings(tx);
  await insertDemoOrders(
    tx,
    (email) => idOf(userIds, email),
    (name) => {
      const product = placed.get(name);
      if (!product) throw new Error(`Demo order of an unknown product ${name}`);
      return { id: product.id, image: uploadPath(productImageFile(name)) };
    },
    now,
  );
  await insertDemoReport(tx, userIds, placed, now);
  await insertSiteSettings(tx);
}

/** The reported demo product: an open report waits in the admin's moderation queue. */
const REPORTED_DEMO_PRODUCT = 'Randig tröja Skärgård';

/** One open report by a customer, so a newcomer sees the moderation queue with work in it. */
async function insertDemoReport(
  tx: Tx,
  userIds: Map<string, string>,
  placed: Map<string, PlacedProduct>,
  now: Date,
): Promise<void> {
  const product = placed.get(REPORTED_DEMO_PRODUCT);
  if (!product) throw new Error(`Demo report of an unknown product ${REPORTED_DEMO_PRODUCT}`);
  await tx.insert(reports).values({
    productId: product.id,
    productName: REPORTED_DEMO_PRODUCT,
    sellerId: product.sellerId,
    category: 'counterfeit',
    text: 'Randerna och loggan ser ut som ett känt franskt märke. Är tröjan verkligen egen design?',
    reporterId: idOf(userIds, 'maja@torget.se'),
    language: 'sv',
    createdAt: new Date(now.getTime() - 3 * 60 * 60 * 1000),
  });
}

/** Inserts every account and returns their ids by e-mail. */
async function insertUsers(
  tx: Tx,
  passwordHashes: Record<PasswordKind, string>,
  now: Date,
): Promise<Map<string, string>> {
  // Accounts predate the products: the admin two months back, shops from a month back.
  const daysAgo = (days: number) => new Date(now.getTime() - days * DAY_MS);
  const people = CUSTOMERS.map((person, i) => ({
    name: person.name,
    email: person.email,
    passwordHash: passwordHashes[person.password],
    isAdmin: person.isAdmin,
    shippingFullName: person.shipping?.fullName ?? null,
    shippingAddress: person.shipping?.address ?? null,
    shippingPostalCode: person.shipping?.postalCode ?? null,
    shippingCity: person.shipping?.city ?? null,
    shippingCountry: person.shipping?.country ?? null,
    createdAt: daysAgo(60 - i * 5),
  }));
  const shopOwners = SELLERS.map((seller, i) => ({
    name: seller.name,
    email: seller.email,
    passwordHash: passwordHashes.seller,
    isSeller: !seller.applicant,
    wantsToBeSeller: true,
    createdAt: seller.applicant ? daysAgo(2) : daysAgo(32 - i),
  }));
  const rows = await tx
    .insert(users)
    .values([...people, ...shopOwners].map((row) => ({ ...row, updatedAt: row.createdAt })))
    .returning({ id: users.id, email: users.email });
  return new Map(rows.map((row) => [row.email, row.id]));
}

function idOf(ids: Map<string, string>, email: string): string {
  const id = ids.get(email);
  if (!id) throw new Error(`Demo data refers to an unknown user ${email}`);
  return id;
}

async function insertSellers(tx: Tx, userIds: Map<string, string>, now: Date): Promise<void> {
  await tx.insert(sellers).values(SELLERS.map((seller) => sellerRow(seller, idOf(userIds, seller.email), now)));
  // A private seller's personal number is kept apart from the shop (docs/decisions/260).
  const personal = SELLERS.flatMap(({ email, shop }) =>
    shop.personalNumber
      ? [{ sellerId: idOf(userIds, email), personalNumber: shop.personalNumber, createdAt: now, updatedAt: now }]
      : [],
  );
  if (personal.length > 0) await tx.insert(sellerPersonalNumbers).values(personal);
}

/** The approved shops' payout accounts, checked by the same rule as a seller's, set a month back. */
async function insertPayoutAccounts(tx: Tx, userIds: Map<string, string>, now: Date): Promise<void> {
  const changedAt = new Date(now.getTime() - 30 * DAY_MS);
  const rows = Object.entries(SELLER_PAYOUT_ACCOUNTS).map(([email, input]) => {
    const checked = checkPayoutAccount(input);
    if (!checked.ok) throw new Error(`The demo payout account of ${email} is not valid: ${checked.errors[0]?.message}`);
    const { account } = checked;
    return {
      sellerId: idOf(userIds, email),
      kind: account.type,
      clearingNumber: account.clearingNumber,
      accountNumber: account.number,
      bic: account.bic,
      bankName: account.bankName,
      changedAt,
      createdAt: changedAt,
      updatedAt: changedAt,
    };
  });
  await tx.insert(sellerPayoutAccounts).values(rows);
}

function sellerRow(seller: SellerSeed, userId: string, now: Date): typeof sellers.$inferInsert {
  const { shop } = seller;
  return {
    userId,
    name: shop.name,
    // The shop's public e-mail starts as the login e-mail, as for every new shop.
    email: seller.email,
    subtitle: shop.subtitle,
    description: shop.description,
    hasLogo: shop.logo !== undefined,
    logo: shop.logo ? uploadPath(logoFile(seller)) : '',
    bannerBackgroundImage: shop.banner ? uploadPath(bannerFile(seller)) : '',
    domain: shop.domain ?? null,
    // Shops without their own colours keep '' and get the site's default look.
    ...shop.colours,
    address: shop.address,
    postNumber: shop.postNumber,
    city: shop.city,
    phone: shop.phone,
    // Every demo seller has said who they are: a business (the shop's name with AB) or a private person.
    sellerType: shop.personalNumber ? 'private' : 'business',
    legalName: shop.personalNumber ? seller.name : `${shop.name} AB`,
    organisationNumber: shop.personalNumber ? '' : organisationNumber(shop.organisationDigits),
    selfCertifiedAt: now,
    plan: shop.plan,
    hasSwish: shop.swishNumber !== undefined,
    swishNumber: shop.swishNumber ?? '',
    hasPaypal: shop.hasPaypal,
    createdAt: now,
    updatedAt: now,
  };
}

interface PlacedProduct {
  id: string;
  sellerId: string;
  createdAt: Date;
}

/**
 * Inserts the products, newest first in turn from each shop, so the newest page of the
 * catalogue shows several sellers rather than one shop's whole range.
 */
async function insertProducts(tx: Tx, userIds: Map<string, string>, now: Date): Promise<Map<string, PlacedProduct>> {
  const interleaved = interleave(SELLERS.map((seller) => seller.products.map((product) => ({ seller, product }))));
  const rows = interleaved.map(({ seller, product }, position) => {
    const createdAt = new Date(now.getTime() - (position + 1) * PRODUCT_SPACING_MS);
    return {
      sellerId: idOf(userIds, seller.email),
      name: product.name,
      priceOre: product.priceOre,
      image: uploadPath(productImageFile(product.name)),
      category: product.category,
      brand: product.brand,
      countInStock: product.countInStock,
      description: product.description,
      shippingPriceOre: product.shippingPriceOre,
      shippingInfo: product.shippingInfo,
      vatRate: demoVatRate(product.category),
      createdAt,
      updatedAt: createdAt,
    };
  });
  const inserted = await tx
    .insert(products)
    .values(rows)
    .returning({ id: products.id, name: products.name, sellerId: products.sellerId, createdAt: products.createdAt });
  return new Map(inserted.map(({ name, ...placed }) => [name, placed]));
}

/** [[a1, a2], [b1], [c1, c2]] → [a1, b1, c1, a2, c2]. */
function interleave<T>(lists: readonly (readonly T[])[]): T[] {
  const longest = Math.max(0, ...lists.map((list) => list.length));
  const out: T[] = [];
  for (let i = 0; i < longest; i++) {
    for (const list of lists) {
      const item = list[i];
      if (item !== undefined) out.push(item);
    }
  }
  return out;
}

async function insertReviews(
  tx: Tx,
  userIds: Map<string, string>,
  placed: Map<string, PlacedProduct>,
  now: Date,
): Promise<void> {
  const names = new Map([...CUSTOMERS, ...SELLERS].map((person) => [person.email, person.name]));
  const perProduct = new Map<string, number>();
  const rows = REVIEWS.map((review) => {
    const product = placed.get(review.product);
    if (!product) throw new Error(`Demo review of an unknown product ${review.product}`);
    const userId = idOf(userIds, review.reviewer);
    if (userId === product.sellerId) throw new Error(`${review.reviewer} must not review their own product`);
    // Reviews arrive after the product was listed: the k-th one k days later, and never in the future.
    const k = (perProduct.get(review.product) ?? 0) + 1;
    perProduct.set(review.product, k);
    const createdAt = new Date(Math.min(product.createdAt.getTime() + k * DAY_MS, now.getTime() - k * HOUR_MS));
    return {
      productId: product.id,
      sellerId: product.sellerId,
      userId,
      name: names.get(review.reviewer) ?? review.reviewer,
      rating: review.rating,
      comment: review.comment,
      // The demo has no order history; its reviews stand for purchases made before it starts,
      // so they count in the sellers' ratings (which count verified purchases only).
      verified: true,
      createdAt,
    };
  });
  await tx.insert(reviews).values(rows);
}

/** The demo marketplace's own Swish number, so a seller who owes sees a payment request's QR code. */
export const DEMO_MARKETPLACE_SWISH_NUMBER = '1239876543';

async function insertSiteSettings(tx: Tx): Promise<void> {
  // Texts an admin already saved win over the demo texts.
  await tx
    .insert(siteSettings)
    .values({ id: 1, ...SITE_TEXTS, swishNumber: DEMO_MARKETPLACE_SWISH_NUMBER })
    .onConflictDoNothing({ target: siteSettings.id });
}
