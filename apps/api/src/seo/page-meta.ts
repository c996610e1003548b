/**
 * The title, description, canonical URL and schema.org data of each described page, from what
 * the server read. Pure: the origins come from the request (site/origin.ts), the rows from
 * page-reads.ts.
 */
import type { PublicSeller } from '@torget/shared/api-types.generated';
import { PRODUCT_PAGE_IMAGE_SIZES, srcSetOf } from '@torget/shared/rules/images';
import { oreToSek } from '@torget/shared/rules/money';
import type { PageMeta } from './head-tags';
import { shortText } from './head-tags';
import type { ProductMetaRow } from './page-reads';

export const MARKETPLACE_NAME = 'Torget';
export const MARKETPLACE_DESCRIPTION =
  'Torget is a Swedish marketplace where many sellers offer their products, priced in SEK.';

/** Where the page is served and which origins its links take. */
export interface MetaContext {
  /** The marketplace's canonical origin, e.g. https://torget.se. */
  mainOrigin: string;
  /** The origin of a seller's own domain, e.g. https://shop-anna.se. */
  shopOrigin(domain: string): string;
  /** The shop whose own domain the request came in on, if any. */
  shop: PublicSeller | null;
}

const SCHEMA = 'https://schema.org';

/** A picture's absolute URL: uploads and demo images are paths on the marketplace. */
export function absoluteImage(image: string, mainOrigin: string): string | undefined {
  if (!image) return undefined;
  if (/^https?:\/\//i.test(image)) return image;
  return `${mainOrigin}${image.startsWith('/') ? '' : '/'}${image}`;
}

/** The origin a shop's pages are canonical on: its own domain when it has one. */
function shopPagesOrigin(domain: string | null | undefined, ctx: MetaContext): string {
  return domain ? ctx.shopOrigin(domain) : ctx.mainOrigin;
}

/** The site's name in titles: the shop's on its own domain, else the marketplace's. */
function siteName(ctx: MetaContext): string {
  return ctx.shop ? ctx.shop.seller.name || ctx.shop.name : MARKETPLACE_NAME;
}

function breadcrumbs(items: readonly { name: string; url: string }[]): object {
  return {
    '@context': SCHEMA,
    '@type': 'BreadcrumbList',
    itemListElement: items.map((item, index) => ({
      '@type': 'ListItem',
      position: index + 1,
      name: item.name,
      item: item.url,
    })),
  };
}

const categoryPath = (category: string) => `/search/category/${encodeURIComponent(category)}`;

export function homeMeta(ctx: MetaContext): PageMeta {
  const url = `${ctx.mainOrigin}/`;
  return {
    title: MARKETPLACE_NAME,
    description: MARKETPLACE_DESCRIPTION,
    canonical: url,
    ogType: 'website',
    siteName: MARKETPLACE_NAME,
    jsonLd: [{ '@context': SCHEMA, '@type': 'WebSite', name: MARKETPLACE_NAME, url }],
  };
}

export function categoriesMeta(ctx: MetaContext): PageMeta {
  const url = `${ctx.mainOrigin}/categories`;
  return {
    title: `Categories | ${MARKETPLACE_NAME}`,
    description: `Every category of products on ${MARKETPLACE_NAME}.`,
    canonical: url,
    ogType: 'website',
    siteName: siteName(ctx),
    jsonLd: [
      breadcrumbs([
        { name: MARKETPLACE_NAME, url: `${ctx.mainOrigin}/` },
        { name: 'Categories', url },
      ]),
    ],
  };
}

export function categoryMeta(category: string, ctx: MetaContext): PageMeta {
  const url = `${ctx.mainOrigin}${categoryPath(category)}`;
  return {
    title: `${category} | ${MARKETPLACE_NAME}`,
    description: shortText(`Products in the category ${category} on ${MARKETPLACE_NAME}, priced in SEK.`),
    canonical: url,
    ogType: 'website',
    siteName: siteName(ctx),
    jsonLd: [
      breadcrumbs([
        { name: MARKETPLACE_NAME, url: `${ctx.mainOrigin}/` },
        { name: 'Categories', url: `${ctx.mainOrigin}/categories` },
        { name: category, url },
      ]),
    ],
  };
}

/** The product page's main image as the page draws it: one of the stored copies (srcset). */
function preloadOf(image: string): Pick<PageMeta, 'preloadImage'> {
  const srcset = srcSetOf(image);
  return srcset ? { preloadImage: { href: image, srcset, sizes: PRODUCT_PAGE_IMAGE_SIZES } } : {};
}

export function productMeta(product: ProductMetaRow, ctx: MetaContext): PageMeta {
  const shopName = product.shopName || product.sellerUserName;
  const origin = shopPagesOrigin(product.shopDomain, ctx);
  const url = `${origin}/product/${product.id}`;
  const image = absoluteImage(product.image, ctx.mainOrigin);
  const price = oreToSek(product.priceOre);
  const onOwnDomain = origin !== ctx.mainOrigin;
  const description = shortText(product.description || `${product.name}: ${price} SEK from ${shopName}.`);
  const data: Record<string, unknown> = {
    '@context': SCHEMA,
    '@type': 'Product',
    name: product.name,
    description: shortText(product.description, 5000) || product.name,
    sku: product.id,
    url,
    ...(image ? { image: [image] } : {}),
    ...(product.category ? { category: product.category } : {}),
    ...(product.brand ? { brand: { '@type': 'Brand', name: product.brand } } : {}),
    offers: {
      '@type': 'Offer',
      url,
      price: price.toFixed(2),
      priceCurrency: 'SEK',
      availability: `${SCHEMA}/${product.countInStock > 0 && product.sellerActive ? 'InStock' : 'OutOfStock'}`,
      itemCondition: `${SCHEMA}/NewCondition`,
      seller: { '@type': 'Organization', name: shopName },
    },
  };
  if (product.numReviews > 0) data.aggregateRating = aggregateRating(product.rating, product.numReviews);
  const trail = onOwnDomain
    ? [{ name: shopName, url: `${origin}/` }]
    : [
        { name: MARKETPLACE_NAME, url: `${ctx.mainOrigin}/` },
        ...(product.category
          ? [{ name: product.category, url: `${ctx.mainOrigin}${categoryPath(product.category)}` }]
          : []),
      ];
  return {
    title: `${product.name} | ${onOwnDomain ? shopName : MARKETPLACE_NAME}`,
    description,
    canonical: url,
    ...(image ? { image } : {}),
    ...preloadOf(product.image),
    ogType: 'product',
    siteName: onOwnDomain ? shopName : MARKETPLACE_NAME,
    jsonLd: [data, breadcrumbs([...trail, { name: product.name, url }])],
  };
}

/** schema.org AggregateRating of a rating from 1 to 5 over `count` reviews. */
function aggregateRating(rating: number, count: number): Record<string, unknown> {
  return {
    '@type': 'AggregateRating',
    ratingValue: Math.round(rating * 10) / 10,
    reviewCount: count,
    bestRating: 5,
    worstRating: 1,
  };
}

export function shopMeta(shop: PublicSeller, ctx: MetaContext): PageMeta {
  const profile = shop.seller;
  const name = profile.name || shop.name;
  const origin = shopPagesOrigin(profile.domain, ctx);
  // A shop on its own domain has its storefront at the domain's root.
  const url = profile.domain ? `${origin}/` : `${origin}/seller/${shop._id}`;
  const image = absoluteImage(profile.has_logo ? profile.logo : '', ctx.mainOrigin);
  const data: Record<string, unknown> = {
    '@context': SCHEMA,
    '@type': 'Store',
    '@id': url,
    name,
    url,
    ...(profile.description ? { description: shortText(profile.description, 5000) } : {}),
    ...(image ? { image, logo: image } : {}),
    ...(profile.phone ? { telephone: profile.phone } : {}),
    ...(profile.email ? { email: profile.email } : {}),
    currenciesAccepted: 'SEK',
  };
  if (profile.address || profile.city) {
    data.address = {
      '@type': 'PostalAddress',
      streetAddress: profile.address,
      postalCode: profile.post_number,
      addressLocality: profile.city,
      addressCountry: 'SE',
    };
  }
  if (profile.numReviews > 0) data.aggregateRating = aggregateRating(profile.rating, profile.numReviews);
  const trail = profile.domain
    ? [{ name, url }]
    : [
        { name: MARKETPLACE_NAME, url: `${ctx.mainOrigin}/` },
        { name, url },
      ];
  return {
    title: profile.domain ? name : `${name} | ${MARKETPLACE_NAME}`,
    description: shortText(profile.subtitle || profile.description || `${name} on ${MARKETPLACE_NAME}.`),
    canonical: url,
    ...(image ? { image } : {}),
    ogType: 'website',
    siteName: profile.domain ? name : MARKETPLACE_NAME,
    jsonLd: [data, breadcrumbs(trail)],
  };
}
