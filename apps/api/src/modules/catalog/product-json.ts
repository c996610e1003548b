/** Shapes database rows into the product JSON of spec section 3 (SEK numbers, `_id`). */
import type { ProductSummary, Review } from '@torget/shared/api-types';
import { oreToSek } from '@torget/shared/rules/money';
import { getTableColumns } from 'drizzle-orm';
import { products, type reviews, sellers, users } from '#api/db/schema.ts';

/** The columns a product list or product page selects: the product and its seller's brief. */
export const productWithSellerColumns = {
  ...getTableColumns(products),
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
