/**
 * Which cache entries a write drops, here and on every other instance.
 *
 * The tags (what a cached answer depends on):
 * - `product:<id>`   a product page;
 * - `seller:<id>`    lists filtered by that seller (storefronts);
 * - `category:<c>`   lists filtered by that category (and no seller);
 * - `catalogue`      lists with neither filter (home, search);
 * - `categories`     the category list; `top-sellers` the top sellers;
 * - `listed:<id>`    lists that show the product (read from the list itself);
 * - `seller-shown:<id>` lists and product pages that show the seller's brief, with its rating
 *                    (read from the answer);
 * - `ratings:<list tag>` lists whose members or order depend on products' ratings (a rating
 *                    filter, the top-rated order, the facets' rating counts), beside their list tag.
 *
 * What each write touches (the route declares it with `declareChanges`):
 * - product created, edited or deleted: its page, its seller's lists, its categories' lists
 *   (before and after), the catalogue lists and the category list (`productChangeTags`);
 * - stock moved (an order placed, expired or cancelled): the pages of its products and the lists
 *   that show them (`stockChangeTags`); other lists stay;
 * - review: the product's page and the lists showing it, the rating-dependent lists that could
 *   hold it; a verified review also changes the seller's rating, shown wherever the seller is
 *   (`seller-shown`) and in the top sellers (`reviewChangeTags`);
 * - product deleted: as edited, plus the seller's rating when it had reviews;
 * - everything else that writes (seller and user changes, admin settings) drops everything (`*`).
 *
 * Safe by default: a request that wrote without declaring, and any write outside a request (the
 * seed, a test writing to the database), drops everything. Background work that knows what it
 * changes runs through `app.backgroundChanges` (the expiry and draft sweeps): it drops only the
 * tags it names for what it did, and nothing when it wrote nothing.
 */
import { AsyncLocalStorage } from 'node:async_hooks';
import type { FastifyBaseLogger, FastifyInstance, FastifyRequest } from 'fastify';
import type { Database } from '#api/db/client.ts';
import type { ChangeBus } from './change-bus';
import { ALL_TAGS, type ReadCache } from './read-cache';

export const cacheTags = {
  product: (id: string) => `product:${id}`,
  seller: (id: string) => `seller:${id}`,
  category: (name: string) => `category:${name}`,
  catalogue: 'catalogue',
  categories: 'categories',
  topSellers: 'top-sellers',
  listed: (productId: string) => `listed:${productId}`,
  sellerShown: (sellerId: string) => `seller-shown:${sellerId}`,
  ratings: (listTag: string) => `ratings:${listTag}`,
} as const;

interface ListScope {
  seller?: string | undefined;
  category?: string | undefined;
}

/** The one tag a product list (and its count) carries: its narrowest filter that a write names. */
export function listTag(query: ListScope): string {
  if (query.seller) return cacheTags.seller(query.seller);
  if (query.category) return cacheTags.category(query.category);
  return cacheTags.catalogue;
}

/**
 * A list's tags: its list tag, and its `ratings:` tag when ratings decide what it holds
 * (`rating` filter) or, with `ordered`, in which order (top rated first).
 */
export function listTags(query: ListScope & { rating?: number; order?: string }, ordered: boolean): string[] {
  const tag = listTag(query);
  const byRating = (query.rating ?? 0) > 0 || (ordered && query.order === 'toprated');
  return byRating ? [tag, cacheTags.ratings(tag)] : [tag];
}

/** The tags read from answers that show products: each product, and each seller's brief. */
export function shownTags(shown: readonly { _id: string; seller: { _id: string } }[]): string[] {
  const tags = new Set<string>();
  for (const product of shown) {
    tags.add(cacheTags.listed(product._id));
    tags.add(cacheTags.sellerShown(product.seller._id));
  }
  return [...tags];
}

export interface ProductFacts {
  id: string;
  sellerId: string;
  category: string;
}

/** The tags a change to these products touches (give the product as it was and as it is). */
export function productChangeTags(products: readonly ProductFacts[]): string[] {
  const tags = new Set<string>([cacheTags.catalogue, cacheTags.categories]);
  for (const p of products) {
    tags.add(cacheTags.product(p.id));
    tags.add(cacheTags.seller(p.sellerId));
    tags.add(cacheTags.category(p.category));
  }
  return [...tags];
}

/** What a change of these products' stock touches: their pages and the lists showing them. */
export function stockChangeTags(productIds: readonly string[]): string[] {
  return productIds.flatMap((id) => [cacheTags.product(id), cacheTags.listed(id)]);
}

/**
 * What a review of `product` touches: its page, the lists showing it, and the lists whose
 * members or order follow ratings and could hold it. A verified review also moves the seller's
 * rating (db/ratings.ts): everywhere the seller's brief shows, and the top sellers.
 */
export function reviewChangeTags(product: ProductFacts, sellerRatingChanged: boolean): string[] {
  const tags = [
    cacheTags.product(product.id),
    cacheTags.listed(product.id),
    ...[cacheTags.seller(product.sellerId), cacheTags.category(product.category), cacheTags.catalogue].map(
      cacheTags.ratings,
    ),
  ];
  if (sellerRatingChanged) tags.push(cacheTags.sellerShown(product.sellerId), cacheTags.topSellers);
  return tags;
}

interface ChangeScope {
  wrote: boolean;
  /** What the route said it changes; null: not said, so everything. */
  tags: string[] | null;
}

const scopes = new AsyncLocalStorage<ChangeScope>();
const scopeOf = new WeakMap<FastifyRequest, ChangeScope>();

/** Says what this request's writes touch (lib/cache-changes.ts header); may be called more than once. */
export function declareChanges(request: FastifyRequest, tags: readonly string[]): void {
  const scope = scopeOf.get(request);
  if (!scope) return;
  scope.tags = [...(scope.tags ?? []), ...tags];
}

/**
 * Runs background work in a change scope of its own; when it wrote, drops (here and on the
 * other instances) the tags `tagsOf` names for its result.
 */
export type BackgroundChanges = <T>(work: () => Promise<T>, tagsOf: (result: T) => readonly string[]) => Promise<T>;

declare module 'fastify' {
  interface FastifyInstance {
    /** Background writes that say what they change (lib/cache-changes.ts). */
    backgroundChanges: BackgroundChanges;
  }
}

export interface CacheChanges {
  /** Drops `tags` from this instance's cache now and tells the other instances. */
  changed(tags: readonly string[]): void;
  bus: ChangeBus;
}

/**
 * Wires the cache to the writes: every request runs in a change scope (entered again after the
 * body is parsed, as body parsing runs in the socket's context); when it has written, its
 * declared tags (or everything) are dropped before the answer leaves, so the client's next read
 * sees its write, and published to the other instances.
 */
export async function registerCacheInvalidation(
  app: FastifyInstance,
  options: { cache: ReadCache; database: Database; bus: ChangeBus; log: FastifyBaseLogger },
): Promise<CacheChanges> {
  const { cache, database, bus, log } = options;
  const changed = (tags: readonly string[]) => {
    cache.invalidate(tags);
    bus.publish(tags).catch((err: unknown) => log.warn({ err }, 'telling other instances of a change failed'));
  };

  // Writes outside any request drop everything at once, and are published once per tick.
  let publishPending = false;
  database.onWrite(() => {
    const scope = scopes.getStore();
    if (scope) {
      scope.wrote = true;
      return;
    }
    cache.invalidate([ALL_TAGS]);
    if (publishPending) return;
    publishPending = true;
    setImmediate(() => {
      publishPending = false;
      bus.publish([ALL_TAGS]).catch((err: unknown) => log.warn({ err }, 'telling other instances of a change failed'));
    });
  });

  const enter = (request: FastifyRequest, done: () => void) => {
    let scope = scopeOf.get(request);
    if (!scope) {
      scope = { wrote: false, tags: null };
      scopeOf.set(request, scope);
    }
    scopes.run(scope, done);
  };
  app.addHook('onRequest', (request, _reply, done) => enter(request, done));
  app.addHook('preValidation', (request, _reply, done) => enter(request, done));
  app.addHook('onSend', async (request) => {
    const scope = scopeOf.get(request);
    if (scope?.wrote) {
      scope.wrote = false;
      changed(scope.tags ?? [ALL_TAGS]);
    }
  });

  const backgroundChanges: BackgroundChanges = async (work, tagsOf) => {
    const scope: ChangeScope = { wrote: false, tags: null };
    let result: Awaited<ReturnType<typeof work>>;
    try {
      // Awaited inside the scope: a lazy query builder starts only when awaited.
      result = await scopes.run(scope, async () => await work());
    } catch (error) {
      // Failed after writing some of it (a sweep's first batch, say): what it changed is not
      // known, so everything goes, as for an undeclared write.
      if (scope.wrote) changed([ALL_TAGS]);
      throw error;
    }
    if (scope.wrote) changed(tagsOf(result));
    return result;
  };
  app.decorate('backgroundChanges', backgroundChanges);

  await bus.start((tags) => cache.invalidate(tags));
  app.addHook('onClose', () => bus.stop());
  return { changed, bus };
}
