/**
 * GET /robots.txt, /sitemap.xml and /sitemaps/{kind}-{n}.xml, per host: on the marketplace a
 * sitemap index over product and shop sitemaps; on a seller's domain one sitemap of that shop's
 * own pages, with its own host; on a domain no shop owns, nothing to crawl.
 */
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { Db } from '#api/db/client.ts';
import { requestPort, requestScheme } from '#api/site/origin.ts';
import { resolveSite } from '#api/site/resolve-site.ts';
import { ROBOTS_TXT_NO_SITE, robotsTxt, sitemapIndexXml, urlSetXml } from './crawler-files';
import {
  type PageStart,
  pageIds,
  pageStarts,
  SITEMAP_MAX_URLS,
  type SitemapKind,
  shopProductIds,
} from './sitemaps.service';

export interface SeoRoutesOptions {
  db: Db;
  mainHosts: readonly string[];
  /** The marketplace's public origin (config.publicUrl): its sitemaps' and pages' addresses. */
  publicUrl: string;
  /** URLs per sitemap (the protocol's 50 000 unless a test asks for fewer). */
  pageSize?: number;
}

/** How long the pages' first keys are kept: a sitemap may be this far behind the catalogue. */
const STARTS_TTL_MS = 10 * 60_000;
const SITEMAP_PATH = /^(products|shops)-([1-9]\d{0,6})\.xml$/;

export async function seoRoutes(app: FastifyInstance, options: SeoRoutesOptions): Promise<void> {
  const { db, mainHosts, publicUrl } = options;
  const pageSize = Math.min(options.pageSize ?? SITEMAP_MAX_URLS, SITEMAP_MAX_URLS);

  // Not the shared read cache: every write empties that, and a crawler's walk over 20 sitemaps
  // would then pass over the index 20 times. Crawlers may see a sitemap minutes old.
  const starts = new Map<SitemapKind, { value: Promise<PageStart[]>; expires: number }>();
  function startsOf(kind: SitemapKind): Promise<PageStart[]> {
    const kept = starts.get(kind);
    if (kept && kept.expires > Date.now()) return kept.value;
    const value = pageStarts(db, kind, pageSize);
    starts.set(kind, { value, expires: Date.now() + STARTS_TTL_MS });
    // A failed read is not kept.
    value.catch(() => starts.delete(kind));
    return value;
  }

  const ownOrigin = (request: FastifyRequest, host: string) =>
    `${requestScheme(request) ?? 'https'}://${host}${requestPort(request)}`;
  const send = (reply: FastifyReply, type: string, body: string) =>
    reply.header('Cache-Control', 'public, max-age=3600').header('Vary', 'Host').type(type).send(body);
  const notFound = (request: FastifyRequest, reply: FastifyReply) =>
    reply.status(404).send({ message: `Not found: ${request.method} ${request.url.split('?')[0]}` });

  app.get('/robots.txt', async (request, reply) => {
    const site = await resolveSite(db, mainHosts, request.host);
    if (site.kind === 'unknown') return send(reply, 'text/plain; charset=utf-8', ROBOTS_TXT_NO_SITE);
    const origin = site.kind === 'shop' ? ownOrigin(request, site.seller.seller.domain) : publicUrl;
    return send(reply, 'text/plain; charset=utf-8', robotsTxt(`${origin}/sitemap.xml`));
  });

  app.get('/sitemap.xml', async (request, reply) => {
    const site = await resolveSite(db, mainHosts, request.host);
    if (site.kind === 'unknown') return notFound(request, reply);
    if (site.kind === 'shop') {
      const origin = ownOrigin(request, site.seller.seller.domain);
      const ids = await shopProductIds(db, site.seller._id);
      return send(
        reply,
        'application/xml; charset=utf-8',
        urlSetXml([`${origin}/`, ...ids.map((id) => `${origin}/product/${id}`)]),
      );
    }
    const origin = publicUrl;
    const [products, shops] = await Promise.all([startsOf('products'), startsOf('shops')]);
    const sitemaps = [
      ...products.map((_, i) => `${origin}/sitemaps/products-${i + 1}.xml`),
      ...shops.map((_, i) => `${origin}/sitemaps/shops-${i + 1}.xml`),
    ];
    return send(reply, 'application/xml; charset=utf-8', sitemapIndexXml(sitemaps));
  });

  app.get<{ Params: { file: string } }>('/sitemaps/:file', async (request, reply) => {
    const match = SITEMAP_PATH.exec(request.params.file);
    // Only the marketplace has these; a shop's domain has its one sitemap.
    if (!match || (await resolveSite(db, mainHosts, request.host)).kind !== 'marketplace') {
      return notFound(request, reply);
    }
    const kind = match[1] as SitemapKind;
    const index = Number(match[2]) - 1;
    const pages = await startsOf(kind);
    const start = pages[index];
    if (!start) return notFound(request, reply);
    const ids = await pageIds(db, kind, start, pages[index + 1], pageSize);
    const origin = publicUrl;
    const path = kind === 'products' ? '/product/' : '/seller/';
    return send(reply, 'application/xml; charset=utf-8', urlSetXml(ids.map((id) => `${origin}${path}${id}`)));
  });
}
