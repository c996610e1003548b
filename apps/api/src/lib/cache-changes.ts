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
 * - product created or deleted: its page, its seller's lists, its category's lists, the
 *   catalogue lists and the category list (`productChangeTags`);
 * - product edited: the same, but its seller's, categories' (before and after) and the
 *   catalogue's lists narrowed to the product as it was and as it is (`productEditTags`): a list
 *   whose filters neither could pass keeps its answer (a shop's steady edits emptied
 *   every search of their category);
 * - stock moved (an order placed, expired or cancelled): the pages of its products and the lists
 *   that show them (`stockChangeTags`); other lists stay;
 * - review: the product's page and the lists showing it, the rating-dependent lists that could
 *   hold it; a verified review also changes the seller's rating, shown wherever the seller is
 *   (`seller-shown`) and in the top sellers (`reviewChangeTags`);
 * - product deleted: as edited, plus the seller's rating when it had reviews;
 * - everything else that writes (seller and user changes, admin settings) drops everything (`*`).
 *
 * Whose write it is, and that there was one, is declared, never read from a statement's text:
 * - a request other than GET or HEAD is a writer. Its handle (`dbFor(request)`) is a writer's,
 *   whose every statement counts as a write, and a POST, PUT, PATCH or DELETE that answers
 *   below 400 counts as one even when it ran no statement (it may have written through another
 *   handle). It drops
 *   what it declared with `declareChanges`, or everything when it declared nothing: a mutating
 *   route that changes no cached answer (a sign-in, an upload) declares `[]`;
 * - a GET or HEAD reads through a reader's handle, whose statements are reads. It writes only
 *   in a transaction that is not read-only or through a prepared statement declared to write
 *   (db/transaction.ts, db/prepared-once.ts): then it drops what it declared, or everything (an
 *   order read past its time expires it);
 * - background work that knows what it changes runs through `app.backgroundChanges` with a
 *   writer's handle of its own (the expiry, draft and refund sweeps): it drops only the tags it
 *   names for what it did, and everything when it failed after running a statement;
 * - the shared `database.db` (the seed, a test writing to the database, code not given a
 *   handle) is nobody's: every statement through it drops everything. The app reads through
 *   `database.reader`, whose writes (a transaction that is not read-only) drop everything too.
 *
 * The request's writes are told by the handle it wrote through, not by an async-local store: an
 * AsyncLocalStorage in use makes Node call a hook for every promise of every request, a sixth of
 * a catalogue read's time in the API (docs/decisions/055-cache-invalidated-by-what-changed.md).
 */
import type { FastifyBaseLogger, FastifyInstance, FastifyRequest } from 'fastify';
import type { Database, Db } from '#api/db/client.ts';
import type { ChangeBus } from './change-bus';
import { ALL_TAGS, narrowedTag, type ReadCache } from './read-cache';

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
  // A uuid in any case names the same seller (the database compares uuids so); writes name it in
  // lower case, as the database writes it.
  if (query.seller) return cacheTags.seller(query.seller.toLowerCase());
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

/**
 * A product as a list's filters see it (modules/catalog/list-reach.ts): the details of the
 * narrowed tags of an edit, JSON as the change bus carries them.
 */
export interface ProductSnapshot extends ProductFacts {
  name: string;
  priceOre: number;
  rating: number;
  /** On sale in the catalogue: not a draft, and its seller an active seller. */
  listed: boolean;
  /**
   * What a search finds besides the name (products.find_text: the name's other spellings, the
   * category's, brand's and description's words); absent when not read, and then any search may
   * find the product.
   */
  findText?: string;
}

/**
 * What an edit touches, given the product as it was and as it is: its page and the lists showing
 * it, the category list, and (narrowed to the two) its sellers', categories' and the catalogue's
 * lists. A list that could hold neither is unchanged: nothing it counts or shows was written.
 */
export function productEditTags(before: ProductSnapshot, after: ProductSnapshot): string[] {
  const exact = new Set<string>([cacheTags.categories]);
  const lists = new Set<string>([cacheTags.catalogue]);
  for (const p of [before, after]) {
    exact.add(cacheTags.product(p.id));
    exact.add(cacheTags.listed(p.id));
    lists.add(cacheTags.seller(p.sellerId));
    lists.add(cacheTags.category(p.category));
  }
  return [...exact, ...[...lists].map((tag) => narrowedTag(tag, [before, after]))];
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
  /** A write was told by the scope's handle (any statement of a writer's handle). */
  wrote: boolean;
  /** What the route said it changes; null: not said, so everything. */
  tags: string[] | null;
  /** The request's (or the job's) handle on the database: its writes set `wrote`. */
  db: Db;
}

/** Makes a change scope with its own database handle; decorated on the app by registerCacheInvalidation. */
type NewChangeScope = (writer: boolean) => ChangeScope;

/**
 * Runs background work with a database handle of its own (`work` is given it, and must write
 * through it); when it wrote, drops (here and on the other instances) the tags `tagsOf` names
 * for its result.
 */
export type BackgroundChanges = <T>(
  work: (db: Db) => Promise<T>,
  tagsOf: (result: T) => readonly string[],
) => Promise<T>;

declare module 'fastify' {
  interface FastifyInstance {
    /** Background writes that say what they change (lib/cache-changes.ts). */
    backgroundChanges: BackgroundChanges;
    /** Absent in an app built without registerCacheInvalidation (a test's bare Fastify). */
    newChangeScope?: NewChangeScope;
  }
  interface FastifyRequest {
    /** The request's writes and what it said they change, made when first asked for (dbFor, declareChanges). */
    changeScope: ChangeScope | null;
  }
}

/**
 * Reads: a GET or HEAD. Any other request is a writer: its statements go before queued reads,
 * and it is taken to have written (lib/cache-changes.ts header).
 */
const isRead = (method: string) => method === 'GET' || method === 'HEAD';

/** The methods whose successful answer counts as a write (OPTIONS answers a browser's preflight). */
const MUTATING = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

function scopeOf(request: FastifyRequest): ChangeScope {
  const scope = request.changeScope ?? newScopeOf(request);
  if (!scope) throw new Error('The app has no change scopes: registerCacheInvalidation was not called.');
  return scope;
}

function newScopeOf(request: FastifyRequest): ChangeScope | null {
  const newChangeScope = request.server.newChangeScope;
  if (!newChangeScope) return null;
  const scope = newChangeScope(!isRead(request.method));
  request.changeScope = scope;
  return scope;
}

/**
 * The request's handle on the database (db/client.ts, Database.handle): what it writes through
 * it drops what the request declares (`declareChanges`), or everything when it declares nothing.
 * For a request other than GET or HEAD it is a writer's handle: it takes connections before
 * queued reads, and its statements are writes. A route that may write uses it; reads may use
 * the shared `database.reader`.
 */
export function dbFor(request: FastifyRequest): Db {
  return scopeOf(request).db;
}

/**
 * The handle a request other than GET or HEAD reads through so that its reads, too, take
 * connections before queued reads (the auth guard's); null for a read, or in an app without
 * change scopes.
 */
export function writerDbOf(request: FastifyRequest): Db | null {
  if (isRead(request.method)) return null;
  return (request.changeScope ?? newScopeOf(request))?.db ?? null;
}

/**
 * Says what this request's writes touch (lib/cache-changes.ts header); may be called more than
 * once. `[]`: its writes change no cached answer.
 */
export function declareChanges(request: FastifyRequest, tags: readonly string[]): void {
  const scope = scopeOf(request);
  scope.tags = [...(scope.tags ?? []), ...tags];
}

export interface CacheChanges {
  /** Drops `tags` from this instance's cache now and tells the other instances. */
  changed(tags: readonly string[]): void;
  bus: ChangeBus;
}

/**
 * Wires the cache to the writes: a request's writes (a writer request's success, or a write told
 * by its handle) drop its declared tags (or everything) before the answer leaves, so the
 * client's next read sees its write, and are published to the other instances; any write
 * through the shared handles drops everything.
 */
export async function registerCacheInvalidation(
  app: FastifyInstance,
  options: { cache: ReadCache; database: Database; bus: ChangeBus; log: FastifyBaseLogger },
): Promise<CacheChanges> {
  const { cache, database, bus, log } = options;
  const changed = (tags: readonly string[]) => {
    if (tags.length === 0) return;
    cache.invalidate(tags);
    bus.publish(tags).catch((err: unknown) => log.warn({ err }, 'telling other instances of a change failed'));
  };

  // Writes through the shared handle drop everything at once, and are published once per tick.
  let publishPending = false;
  database.onWrite(() => {
    cache.invalidate([ALL_TAGS]);
    if (publishPending) return;
    publishPending = true;
    setImmediate(() => {
      publishPending = false;
      bus.publish([ALL_TAGS]).catch((err: unknown) => log.warn({ err }, 'telling other instances of a change failed'));
    });
  });

  const newChangeScope: NewChangeScope = (writer) => {
    const scope: ChangeScope = {
      wrote: false,
      tags: null,
      db: database.handle({ writer, onWrite: () => (scope.wrote = true) }),
    };
    return scope;
  };
  app.decorate('newChangeScope', newChangeScope);
  app.decorateRequest('changeScope', null);
  app.addHook('onSend', (request, reply, payload, done) => {
    const scope = request.changeScope;
    // A writer request that succeeded wrote, whichever handle it went through; one that failed
    // wrote only what its handle told.
    const writerDone = MUTATING.has(request.method) && reply.statusCode < 400;
    if (scope?.wrote || writerDone) {
      if (scope) scope.wrote = false;
      changed(scope?.tags ?? [ALL_TAGS]);
    }
    done(null, payload);
  });

  const backgroundChanges: BackgroundChanges = async (work, tagsOf) => {
    const scope = newChangeScope(true);
    let result: Awaited<ReturnType<typeof work>>;
    try {
      result = await work(scope.db);
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
