/**
 * The catalogue's answers: sellers' briefs, reviews, products, product lists,
 * suggestions, facets and top sellers; the answers of writing products and reviews, a removal's
 * statement, and the CSV import's report (rules/product-csv.ts).
 */
import { z } from 'zod';
import { productRemovalSchema } from './reports';

export const sellerBriefSchema = z
  .strictObject({
    name: z.string(),
    logo: z.string(),
    has_logo: z.boolean(),
    rating: z.number(),
    numReviews: z.number().int(),
  })
  .meta({ id: 'SellerBrief', description: "The public part of a seller's shop that catalogue answers embed." });

export const productSellerRefSchema = z
  .strictObject({
    _id: z.string(),
    name: z.string(),
    seller: sellerBriefSchema,
  })
  .meta({
    id: 'ProductSellerRef',
    description: "A product's `seller`: the user reference with the nested seller object.",
  });

export const reviewSchema = z
  .strictObject({
    _id: z.string(),
    name: z.string(),
    rating: z.number(),
    comment: z.string(),
    createdAt: z.string(),
    verified: z.boolean().describe('The reviewer had a paid or delivered order of the product when reviewing.'),
  })
  .meta({ id: 'Review', description: 'A review of a product.' });

export const productSaleSchema = z
  .strictObject({
    salePrice: z
      .number()
      .nullable()
      .describe('The sale price set and not yet ended (scheduled or running); null without one.'),
    saleStartsAt: z.string().nullable(),
    saleEndsAt: z.string().nullable(),
    onSale: z.boolean().describe('True while the sale is in force: a buyer pays `salePrice`.'),
    lowestPrice30d: z
      .number()
      .nullable()
      .describe(
        'While the sale is in force: the lowest price in force in the 30 days before it started (prisinformationslagen 7 a §), from the price history; null otherwise.',
      ),
  })
  .meta({
    id: 'ProductSale',
    description:
      "Added beyond the spec: a product's sale. `price` stays the ordinary price the seller sets; the sale's keys are written at read time.",
  });

export const productSummarySchema = productSaleSchema
  .extend({
    _id: z.string(),
    name: z.string(),
    price: z.number(),
    image: z.string(),
    category: z.string(),
    brand: z.string(),
    countInStock: z.number().int(),
    description: z.string(),
    rating: z
      .number()
      .describe(
        'The mean of the verified-purchase reviews when the product has one, otherwise of all its reviews (0 without reviews); `numReviews` counts every review.',
      ),
    numReviews: z.number().int(),
    verifiedRating: z
      .number()
      .describe("Added to the spec's product: the mean (0 without one) and number of the verified-purchase reviews."),
    numVerifiedReviews: z.number().int(),
    shipping_price: z.number(),
    shipping_info: z.string(),
    seller: productSellerRefSchema,
    createdAt: z.string(),
    updatedAt: z.string(),
    version: z
      .number()
      .int()
      .describe("Grows with every change of the edit form's fields or the stock; sent back by an edit."),
    images: z
      .array(z.string())
      .describe('Added beyond the spec: up to 8 image paths, the first always equal to `image`.'),
    number: z.number().int().describe('Added beyond the spec: the short product number sellers see (`#1001`).'),
    isDraft: z.boolean().describe('Added beyond the spec: a draft is shown to nobody but its seller and admins.'),
    vatRate: z.number().describe('Added beyond the spec: the moms rate in percent the price includes (25, 12 or 6).'),
    hidden: z
      .boolean()
      .describe('Added beyond the spec: taken off sale by its seller (shown to nobody but its seller and admins).'),
    removed: z
      .boolean()
      .describe("Added beyond the spec: removed by an admin's moderation decision; the seller cannot undo it."),
  })
  .meta({ id: 'ProductSummary', description: 'A product as the lists show it, with its sale.' });

export const productOptionSchema = z
  .strictObject({
    name: z.string(),
    values: z.array(z.string()),
  })
  .meta({
    id: 'ProductOption',
    description: "An option of a product with variants: its name (Storlek, Färg) and values in the seller's order.",
  });

export const productVariantSchema = z
  .strictObject({
    _id: z.string(),
    values: z.array(z.string()),
    countInStock: z.number().int(),
    price: z.number().nullable(),
    sku: z.string().nullable(),
    image: z.string().nullable(),
  })
  .meta({
    id: 'ProductVariant',
    description:
      "A variant: its values (one per option, in the options' order), its own stock, price in SEK (null: the product's), SKU and image (null: the product's).",
  });

export const productDetailsSchema = productSummarySchema
  .extend({
    reviews: z.array(reviewSchema),
    options: z
      .array(productOptionSchema)
      .describe("Added beyond the spec: the product's options (rules/variants.ts); [] for a product without variants."),
    variants: z
      .array(productVariantSchema)
      .describe('Added beyond the spec: one per combination sold; [] for a product without variants.'),
  })
  .meta({ id: 'ProductDetails', description: 'A product with its reviews, options and variants.' });

export const productListResponseSchema = z
  .strictObject({
    products: z.array(productSummarySchema),
    page: z.number().int(),
    pages: z.number().int(),
    count: z.number().int(),
    suggestion: z
      .string()
      .optional()
      .describe(
        'Added beyond the spec: when a name search finds nothing, the closest query that finds something ("Did you mean …?"); absent otherwise.',
      ),
    countIsCapped: z
      .boolean()
      .optional()
      .describe(
        'Added beyond the spec: true when a free-text or combined search has more matches than COUNT_CAP; `count` is then the cap and `pages` is counted from it. Absent when the count is exact.',
      ),
    planProducts: z
      .strictObject({ count: z.number().int(), max: z.number().int().nullable() })
      .optional()
      .describe(
        "Added beyond the spec: in the managing list of one shop, that seller's products counting against the plan (drafts do not) and the plan's limit, null for none.",
      ),
    didYouMean: z
      .strictObject({
        categories: z.array(z.string()),
        spellings: z.array(z.string()),
      })
      .optional()
      .describe(
        'Added beyond the spec: when a name search finds nothing, the categories whose names are closest to the query (at most three, closest first) and the closest queries that find something (`suggestion` is the first); absent otherwise.',
      ),
  })
  .meta({
    id: 'ProductListResponse',
    description: 'GET /api/products. `count` is the number of matching products over all pages.',
  });

export const suggestedProductSchema = z
  .strictObject({
    _id: z.string(),
    name: z.string(),
    image: z.string(),
    price: z.number(),
  })
  .meta({ id: 'SuggestedProduct', description: 'GET /api/products/suggest: one suggested product (price in SEK).' });

export const suggestedShopSchema = z
  .strictObject({
    _id: z.string(),
    name: z.string(),
    logo: z.string(),
  })
  .meta({
    id: 'SuggestedShop',
    description: "GET /api/products/suggest: one suggested open shop; `_id` is the seller's user id (`/seller/{id}`).",
  });

export const suggestResponseSchema = z
  .strictObject({
    products: z.array(suggestedProductSchema),
    shops: z.array(suggestedShopSchema),
  })
  .meta({
    id: 'SuggestResponse',
    description: 'GET /api/products/suggest: at most 6 products and 2 shops, best first.',
  });

export const facetValueSchema = z
  .strictObject({
    value: z.string(),
    count: z.number().int(),
  })
  .meta({ id: 'FacetValue', description: 'An option value of the shown products and how many of them have it.' });

export const productFacetsSchema = z
  .strictObject({
    categories: z.array(z.strictObject({ name: z.string(), count: z.number().int() })),
    prices: z
      .array(z.strictObject({ min: z.number(), max: z.number().nullable(), count: z.number().int() }))
      .describe('One per price preset of the spec; `max` null is open-ended ("Any").'),
    ratings: z
      .array(z.strictObject({ rating: z.number(), count: z.number().int() }))
      .describe('One per rating preset of the spec: products rated at least `rating`.'),
    capped: z.boolean(),
    optionValues: z
      .strictObject({ sizes: z.array(facetValueSchema), colours: z.array(facetValueSchema) })
      .optional()
      .describe(
        'Added beyond the spec: the sizes and colours (option values, rules/variants.ts) of the products the search shows, each with how many of them have it; sizes in their usual order.',
      ),
  })
  .meta({
    id: 'ProductFacets',
    description:
      'GET /api/products/facets: how many listed products each sidebar entry would give with the other filters kept. A count above COUNT_CAP is answered as the cap, and `capped` is then true.',
  });

export const topSellerSchema = z
  .strictObject({
    _id: z.string(),
    name: z.string(),
    seller: sellerBriefSchema,
  })
  .meta({ id: 'TopSeller', description: 'GET /api/users/top-sellers: one entry a seller.' });

export const topSellerListSchema = z
  .array(topSellerSchema)
  .meta({ id: 'TopSellerList', description: 'GET /api/users/top-sellers: the top sellers, best first.' });

export const categoryListSchema = z.array(z.string()).meta({
  id: 'CategoryList',
  description: 'GET /api/products/categories: the category names of the listed products.',
});

export const productCreatedSchema = z
  .strictObject({
    message: z.string().describe('Always "Product Created".'),
    product: productDetailsSchema,
  })
  .meta({ id: 'ProductCreated', description: "POST /api/products: the new, empty draft in the seller's shop." });

export const productUpdatedSchema = z
  .strictObject({
    message: z.string().describe('Always "Product Updated".'),
    product: productDetailsSchema,
  })
  .meta({ id: 'ProductUpdated', description: 'PUT /api/products/{id}: the product as saved.' });

export const productDeletedSchema = z
  .strictObject({ message: z.string().describe('Always "Product Deleted".') })
  .meta({ id: 'ProductDeleted', description: 'DELETE /api/products/{id}: the product and its reviews are deleted.' });

export const reviewCreatedSchema = z
  .strictObject({
    message: z.string().describe('Always "Review Created".'),
    review: reviewSchema,
  })
  .meta({ id: 'ReviewCreated', description: "POST /api/products/{id}/reviews: the caller's new review." });

export const productRemovalAnswerSchema = z
  .strictObject({
    removal: productRemovalSchema.nullable().describe('Null for a product not removed by moderation.'),
  })
  .meta({
    id: 'ProductRemovalAnswer',
    description: "GET /api/products/{id}/removal, to the product's seller and admins.",
  });

export const productCsvChangeSchema = z
  .strictObject({
    row: z.number().int().describe('The line in the file (the header is line 1).'),
    productNumber: z.string().describe("The product's number, '' for a product the row creates."),
    name: z.string(),
    fields: z.array(z.string()).describe('The columns whose value changes (a created product: every column given).'),
    variant: z.string().optional().describe('A variant\'s row: the variant\'s name ("M, Blå").'),
    newVariant: z.boolean().optional().describe("A variant's row that creates the variant."),
  })
  .meta({ id: 'ProductCsvChange', description: 'A product (or variant) an import creates or changes.' });

export const productCsvRefusalSchema = z
  .strictObject({
    row: z.number().int().describe('The line in the file (the header is line 1).'),
    productNumber: z.string(),
    reason: z.string(),
  })
  .meta({ id: 'ProductCsvRefusal', description: 'One refused row of an import, and why.' });

export const productCsvReportSchema = z
  .strictObject({
    dryRun: z.boolean(),
    applied: z.boolean().describe('Whether the changes were written (never on a dry run, nor when a row is refused).'),
    rows: z.number().int(),
    created: z.array(productCsvChangeSchema),
    changed: z.array(productCsvChangeSchema),
    unchanged: z.number().int(),
    refused: z.array(productCsvRefusalSchema),
  })
  .meta({
    id: 'ProductCsvReport',
    description:
      'POST /api/products/import: the report of a dry run or of the file applied (200), or of a file with refused rows, nothing written (422).',
  });

export const productCsvFileProblemSchema = z
  .strictObject({
    message: z.string(),
    problems: z.array(z.string()).describe('What is wrong, with the line when known.'),
  })
  .meta({
    id: 'ProductCsvFileProblem',
    description: 'POST /api/products/import, answered 400: the file is too large or cannot be read.',
  });
