/**
 * The JSON shapes the API answers with. Field names follow the specification (section 3),
 * including its `_id` and mixed camelCase/snake_case names. Amounts are SEK numbers.
 */

/** The public part of a seller's shop that catalogue answers embed. */
export interface SellerBrief {
  name: string;
  logo: string;
  has_logo: boolean;
  rating: number;
  numReviews: number;
}

/** A product's `seller`: the user reference with the nested seller object. */
export interface ProductSellerRef {
  _id: string;
  name: string;
  seller: SellerBrief;
}

export interface Review {
  _id: string;
  name: string;
  rating: number;
  comment: string;
  createdAt: string;
}

export interface ProductSummary {
  _id: string;
  name: string;
  price: number;
  image: string;
  category: string;
  brand: string;
  countInStock: number;
  description: string;
  rating: number;
  numReviews: number;
  shipping_price: number;
  shipping_info: string;
  seller: ProductSellerRef;
  createdAt: string;
  updatedAt: string;
}

export interface ProductDetails extends ProductSummary {
  reviews: Review[];
}

/** GET /api/products. `count` is the number of matching products over all pages. */
export interface ProductListResponse {
  products: ProductSummary[];
  page: number;
  pages: number;
  count: number;
}

/** GET /api/users/top-sellers: one entry a seller. */
export interface TopSeller {
  _id: string;
  name: string;
  seller: SellerBrief;
}

/** Every error answer. */
export interface ApiError {
  message: string;
}
