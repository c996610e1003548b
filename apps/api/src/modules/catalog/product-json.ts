/** Shapes database rows into the product JSON of spec section 3 (SEK numbers, `_id`). */
import type { ProductSummary, Review } from '@torget/shared/api-types';
import { oreToSek } from '@torget/shared/rules/money';
import { getTableColumns } from 'drizzle-orm';
import { products, type reviews, sellers, users } from '#api/db/schema.ts';
import type { TextRow } from '#api/db/text-rows.ts';

/**
 * The product's columns an answer read through Drizzle shows: all but the search text and the
 * product's kept JSON (long columns no such answer holds, which the API would receive and decode
 * on every row) and the seller's status copy.
 */
const {
  searchText: _searchText,
  shownHead: _shownHead,
  shownTail: _shownTail,
  sellerActive: _sellerActive,
  ...shownProductColumns
} = getTableColumns(products);

/** The seller's brief, as a product's answer shows it: joined on each read (it changes apart from the product). */
const sellerBriefColumns = {
  sellerUserName: users.name,
  sellerShopName: sellers.name,
  sellerLogo: sellers.logo,
  sellerHasLogo: sellers.hasLogo,
  sellerRating: sellers.rating,
  sellerNumReviews: sellers.numReviews,
};

/** The columns a product read through Drizzle selects: the product and its seller's brief. */
export const productWithSellerColumns = { ...shownProductColumns, ...sellerBriefColumns };

/**
 * The columns a product list or product page read as text selects: who may see the product, the
 * product's JSON as the database keeps it (migration 0025), and its seller's brief.
 */
export const productTextColumns = {
  id: products.id,
  sellerId: products.sellerId,
  isDraft: products.isDraft,
  shownHead: products.shownHead,
  shownTail: products.shownTail,
  ...sellerBriefColumns,
};

export interface ProductWithSellerRow {
  id: string;
  sellerId: string;
  name: string;
  priceOre: number;
  image: string;
  category: string;
  brand: string;
  countInStock: number;
  description: string;
  rating: number;
  numReviews: number;
  verifiedRating: number;
  numVerifiedReviews: number;
  shippingPriceOre: number;
  shippingInfo: string;
  createdAt: Date;
  updatedAt: Date;
  version: number;
  number: number;
  isDraft: boolean;
  images: string[];
  sellerUserName: string;
  sellerShopName: string | null;
  sellerLogo: string | null;
  sellerHasLogo: boolean | null;
  sellerRating: number | null;
  sellerNumReviews: number | null;
}

/** Where each of productTextColumns stands in a row read as text (their select order). */
const column = Object.fromEntries(Object.keys(productTextColumns).map((key, index) => [key, index])) as Record<
  keyof typeof productTextColumns,
  number
>;

/** The column after a product's: a list's count, when its statement selects one. */
export const AFTER_PRODUCT_COLUMNS = Object.keys(productTextColumns).length;

/** The product's id and its seller's id in a row read as text. */
export function shownOfRow(row: TextRow): { _id: string; seller: { _id: string } } {
  return { _id: row[column.id] ?? '', seller: { _id: row[column.sellerId] ?? '' } };
}

/** What says who may see the product of a row read as text (canSeeProduct). */
export function productFactsOfRow(row: TextRow): { sellerId: string; isDraft: boolean } {
  return { sellerId: row[column.sellerId] ?? '', isDraft: row[column.isDraft] === 't' };
}

const quoted = JSON.stringify;

/** A float column (a rating) as JSON writes the number pg would have parsed from it. */
function floatJson(text: string | null | undefined): string {
  return JSON.stringify(text == null ? 0 : Number.parseFloat(text));
}

/** An integer column, as written (PostgreSQL writes plain digits). */
function intJson(text: string | null | undefined): string {
  return text ?? '0';
}

/**
 * One product of a row read as text (db/text-rows.ts), as JSON: the same text as
 * `JSON.stringify(toProductJson(row))` for the row read through Drizzle (product-json.test.ts
 * compares the two on the same rows). The product's own keys are the database's text
 * (products.shown_head and shown_tail, migration 0025); the seller's brief between them is
 * written here, as it is joined. `more` is written after the product's own keys (`"reviews":[…]`).
 */
export function productJsonOfRow(row: TextRow, more?: string): string {
  const userName = row[column.sellerUserName] ?? '';
  return `${row[column.shownHead]}${quoted(userName)},"seller":{"name":${quoted(
    row[column.sellerShopName] || userName,
  )},"logo":${quoted(row[column.sellerLogo] ?? '')},"has_logo":${row[column.sellerHasLogo] === 't'},"rating":${floatJson(
    row[column.sellerRating],
  )},"numReviews":${intJson(row[column.sellerNumReviews])}}}${row[column.shownTail]}${more ? `,${more}` : ''}}`;
}

export function toProductJson(row: ProductWithSellerRow): ProductSummary {
  return {
    _id: row.id,
    name: row.name,
    price: oreToSek(row.priceOre),
    image: row.image,
    category: row.category,
    brand: row.brand,
    countInStock: row.countInStock,
    description: row.description,
    rating: row.rating,
    numReviews: row.numReviews,
    verifiedRating: row.verifiedRating,
    numVerifiedReviews: row.numVerifiedReviews,
    shipping_price: oreToSek(row.shippingPriceOre),
    shipping_info: row.shippingInfo,
    seller: {
      _id: row.sellerId,
      name: row.sellerUserName,
      seller: {
        // A seller without a shop name yet is shown by their own name.
        name: row.sellerShopName || row.sellerUserName,
        logo: row.sellerLogo ?? '',
        has_logo: row.sellerHasLogo ?? false,
        rating: row.sellerRating ?? 0,
        numReviews: row.sellerNumReviews ?? 0,
      },
    },
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
    version: row.version,
    // Rows written before products had several images (or by the spec's payload) may hold only `image`.
    images: row.images.length > 0 ? row.images : row.image ? [row.image] : [],
    number: row.number,
    isDraft: row.isDraft,
  };
}

export function toReviewJson(row: typeof reviews.$inferSelect): Review {
  return {
    _id: row.id,
    name: row.name,
    rating: row.rating,
    comment: row.comment,
    createdAt: row.createdAt.toISOString(),
    verified: row.verified,
  };
}
