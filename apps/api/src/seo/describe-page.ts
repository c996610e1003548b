/**
 * What the server writes into a page's <head>, and its status: 404 for a path no SPA route
 * answers, an unknown or malformed product id, or an unknown seller; tags for the described
 * pages (page-routes.ts); 302 for another seller's product on a seller's domain. At most one
 * statement: the product, or a shop that is not the host's.
 */
import type { Site } from '@torget/shared/rules/hosts';
import type { Db } from '#api/db/client.ts';
import { type OriginSource, requestPort, requestScheme } from '#api/site/origin.ts';
import { productBelongsOnMainHost } from '#api/site/site-page.ts';
import { headTags, type PageMeta } from './head-tags';
import { categoriesMeta, categoryMeta, homeMeta, type MetaContext, productMeta, shopMeta } from './page-meta';
import { findProductMeta, findShopMeta } from './page-reads';
import { describedPage, isKnownPage } from './page-routes';

export type PageDescription =
  | {
      status: 200 | 404;
      /** The tags replacing index.html's default title and description; null keeps them. */
      head: string | null;
      /**
       * True when describing this path reads no row: the status and tags follow from the path,
       * the site and the request's origin alone, so a page of the marketplace's own host may be
       * kept and sent again (web-app.ts).
       */
      readNothing: boolean;
    }
  /** The page belongs on the marketplace's main host: another seller's product on a seller's domain. */
  | { status: 302 };

/**
 * The origins of a page's links: the marketplace's public origin (`publicUrl`, configured, never
 * the request's), or a shop's domain: on that shop's own domain with the request's scheme and
 * port, elsewhere with the public origin's (so a main host's Host header adds no port).
 */
export function metaContext(request: OriginSource, publicUrl: string, site: Site): MetaContext {
  const onShop = site.kind === 'shop';
  const { protocol, port } = new URL(publicUrl);
  const scheme = onShop ? `${requestScheme(request) ?? 'https'}:` : protocol;
  const shopPort = onShop ? requestPort(request) : port && `:${port}`;
  return {
    mainOrigin: publicUrl,
    shopOrigin: (domain) => `${scheme}//${domain}${shopPort}`,
    shop: site.kind === 'shop' ? site.seller : null,
  };
}

async function pageMeta(
  db: Db,
  pathname: string,
  site: Site,
  ctx: MetaContext,
): Promise<PageMeta | null | 'not found' | 'main host'> {
  const page = describedPage(pathname);
  if (!page) return null;
  switch (page.kind) {
    case 'home':
      return ctx.shop ? shopMeta(ctx.shop, ctx) : homeMeta(ctx);
    case 'categories':
      return categoriesMeta(ctx);
    case 'category':
      return categoryMeta(page.category, ctx);
    case 'product': {
      const product = await findProductMeta(db, page.id);
      // A draft, a hidden or a removed product is nobody's business but its seller's: no tags,
      // and a 404 for crawlers.
      if (!product || product.isDraft || product.hidden || product.removed) return 'not found';
      // The row read for the tags also says whose product it is: no second statement.
      return productBelongsOnMainHost(site, product.sellerId) ? 'main host' : productMeta(product, ctx);
    }
    case 'seller': {
      // The host's own shop was read with the host: no second read.
      const shop = ctx.shop?._id === page.id ? ctx.shop : await findShopMeta(db, page.id);
      return shop ? shopMeta(shop, ctx) : 'not found';
    }
  }
}

/** Whether describing `pathname` may read a row: a product's page or a shop's. */
function readsRows(pathname: string): boolean {
  const kind = describedPage(pathname)?.kind;
  return kind === 'product' || kind === 'seller';
}

export async function describePage(db: Db, pathname: string, site: Site, ctx: MetaContext): Promise<PageDescription> {
  if (!isKnownPage(pathname)) return { status: 404, head: null, readNothing: true };
  const meta = await pageMeta(db, pathname, site, ctx);
  const readNothing = !readsRows(pathname);
  if (meta === 'not found') return { status: 404, head: null, readNothing };
  if (meta === 'main host') return { status: 302 };
  return { status: 200, head: meta ? headTags(meta) : null, readNothing };
}
