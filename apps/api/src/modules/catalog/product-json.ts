/** Shapes database rows into the product JSON of spec section 3 (SEK numbers, `_id`). */
import type { ProductSummary, Review } from '@torget/shared/api-types';
import { oreToSek } from '@torget/shared/rules/money';
import { getTableColumns } from 'drizzle-orm';
import { products, type reviews, sellers, users } from '#api/db/schema.ts';
import type { TextRow } from '#api/db/text-rows.ts';

/**
 * The product's columns an answer shows: all but the search text (a long column no answer holds,
 * which the API would receive and decode on every row) and the seller's status copy.
 */
const { searchText: _searchText, sellerActive: _sellerActive, ...shownProductColumns } = getTableColumns(products);

/** The columns a product list or product page selects: the product and its seller's brief. */
export const productWithSellerColumns = {
  ...shownProductColumns,
  sellerUserName: users.name,
  sellerShopName: sellers.name,
  sellerLogo: sellers.logo,
  sellerHasLogo: sellers.hasLogo,
  sellerRating: sellers.rating,
  sellerNumReviews: sellers.numReviews,
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

/** Where each of productWithSellerColumns stands in a row read as text (their select order). */
const column = Object.fromEntries(Object.keys(productWithSellerColumns).map((key, index) => [key, index])) as Record<
  keyof typeof productWithSellerColumns,
  number
>;

/** The column after a product's: a list's count, when its statement selects one. */
export const AFTER_PRODUCT_COLUMNS = Object.keys(productWithSellerColumns).length;

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

const UTC_TIME = /^(\d{4}-\d{2}-\d{2}) (\d{2}:\d{2}:\d{2})(?:\.(\d+))?\+00$/;

/**
 * A timestamptz as `Date.toISOString` writes it. PostgreSQL writes it in the session's time
 * zone: in UTC ("2026-11-25 16:17:31.005123+00") it is rewritten as text, to the millisecond
 * as a Date holds it; in any other zone it goes through a Date.
 */
export function isoTimeOf(text: string): string {
  const utc = UTC_TIME.exec(text);
  if (!utc) return new Date(text).toISOString();
  const millis = (utc[3] ?? '').slice(0, 3).padEnd(3, '0');
  return `${utc[1]}T${utc[2]}.${millis}Z`;
}

/**
 * One product of a row read as text (db/text-rows.ts), as JSON: the same text as
 * `JSON.stringify(toProductJson(row))` for the row read through Drizzle, without the objects in
 * between (product-json.test.ts compares the two on the same rows). `more` is written after the
 * product's own keys (`"reviews":[…]`).
 */
export function productJsonOfRow(row: TextRow, more?: string): string {
  const userName = row[column.sellerUserName] ?? '';
  const image = row[column.image] ?? '';
  const images = JSON.parse(row[column.images] ?? '[]') as unknown[];
  const imagesJson = images.length > 0 ? quoted(images) : image ? `[${quoted(image)}]` : '[]';
  return `{"_id":${quoted(row[column.id])},"name":${quoted(row[column.name])},"price":${quoted(
    oreToSek(Number(row[column.priceOre])),
  )},"image":${quoted(image)},"category":${quoted(row[column.category])},"brand":${quoted(
    row[column.brand],
  )},"countInStock":${intJson(row[column.countInStock])},"description":${quoted(
    row[column.description],
  )},"rating":${floatJson(row[column.rating])},"numReviews":${intJson(row[column.numReviews])},"shipping_price":${quoted(
    oreToSek(Number(row[column.shippingPriceOre])),
  )},"shipping_info":${quoted(row[column.shippingInfo])},"seller":{"_id":${quoted(
    row[column.sellerId],
  )},"name":${quoted(userName)},"seller":{"name":${quoted(row[column.sellerShopName] || userName)},"logo":${quoted(
    row[column.sellerLogo] ?? '',
  )},"has_logo":${row[column.sellerHasLogo] === 't'},"rating":${floatJson(
    row[column.sellerRating],
  )},"numReviews":${intJson(row[column.sellerNumReviews])}}},"createdAt":${quoted(
    isoTimeOf(row[column.createdAt] ?? ''),
  )},"updatedAt":${quoted(isoTimeOf(row[column.updatedAt] ?? ''))},"version":${intJson(
    row[column.version],
  )},"images":${imagesJson},"number":${intJson(row[column.number])},"isDraft":${row[column.isDraft] === 't'}${
    more ? `,${more}` : ''
  }}`;
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
    // Rows written before issue 16 (or by the spec's payload) may hold only `image`.
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
