/**
 * Serves the built single-page app: hashed assets with long cache lifetimes, and index.html
 * for every other path (history fallback), with the site resolved for the request's host
 * written into it (site/resolve-site.ts), so the browser knows at once whether it runs on the
 * marketplace or on a seller's own domain, and which seller's. A described page (a product, a
 * shop, …) also gets its title, canonical URL, link-preview tags and JSON-LD, and a path no page
 * answers gets HTTP 404 (both from the PageDescriber the app passes in: seo/describe-page.ts).
 */
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import fastifyStatic from '@fastify/static';
import { canonicalMainHost, normaliseHost, type Site } from '@torget/shared/rules/hosts';
import { DEFAULT_LANGUAGE, type Language } from '@torget/shared/rules/languages';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { setKeepingAtMost } from '#api/lib/bounded-map.ts';
import { pageLanguage } from '#api/lib/request-language.ts';
import { type CompressedCopies, sendWithCompressedCopies } from '#api/lib/response-compression.ts';
import { canonicalOrigin } from './origin';
import { routeChunks } from './route-chunks';
import { mainHostPath, siteScript } from './site-page';

export interface WebApp {
  /** A page: index.html with the request's site written in, or the redirect of a foreign storefront. */
  sendPage(request: FastifyRequest, reply: FastifyReply): Promise<FastifyReply>;
}

export interface SiteSource {
  /** The marketplace's own hosts, the canonical one first. */
  mainHosts: readonly string[];
  /** What a host is (site/resolve-site.ts). */
  resolve(host: string): Promise<Site>;
}

/**
 * The status of a page and the <head> tags replacing index.html's default title and description;
 * or 302 when the page belongs on the marketplace's main host (another seller's product opened
 * on a seller's domain), at the same path and query.
 */
export type PageDescriber = (
  request: FastifyRequest,
  site: Site,
  pathname: string,
) => Promise<{ status: 200 | 404; head: string | null; readNothing?: boolean } | { status: 302 }>;

/**
 * How many pages of the marketplace's own host are kept as sent (the home page, the category
 * list, each category's page, a 404 …, per language and origin). Enough for every category of a
 * real catalogue; a flood of made-up paths only pushes out the oldest.
 */
export const KEPT_PAGES = 500;

/** A page kept as sent, with its compressed copies once made (response-compression.ts). */
interface KeptPage {
  status: 200 | 404;
  copies: CompressedCopies & { body: string };
}

export async function registerWebApp(
  app: FastifyInstance,
  webDist: string | undefined,
  sites: SiteSource,
  describe?: PageDescriber,
): Promise<WebApp | null> {
  if (!webDist || !existsSync(join(webDist, 'index.html'))) return null;
  const indexHtml = readFileSync(join(webDist, 'index.html'), 'utf8');
  // The site goes at the end of <head>: read by the app's module script, which runs after parsing.
  const headEnd = indexHtml.includes('</head>') ? indexHtml.indexOf('</head>') : 0;
  const beforeSite = indexHtml.slice(0, headEnd);
  const afterSite = indexHtml.slice(headEnd);
  // A described page's own title and description replace the defaults.
  const beforeTags = withoutDefaultHead(beforeSite);
  const mainHost = canonicalMainHost(sites.mainHosts);
  const chunks = routeChunks(webDist);

  await app.register(fastifyStatic, {
    root: webDist,
    prefix: '/',
    wildcard: false,
    index: false,
    decorateReply: false,
    // The build writes .br and .gz copies of scripts and styles (apps/web/vite.config.ts).
    preCompressed: true,
    // Cache-Control comes from setHeaders alone (send's own header would replace it).
    cacheControl: false,
    setHeaders(reply, path) {
      // Vite puts content-hashed files under assets/: they never change under the same name.
      const immutable = path.includes(`${join(webDist, 'assets')}`);
      reply.header('Cache-Control', immutable ? 'public, max-age=31536000, immutable' : 'public, max-age=3600');
      // A shared cache must keep the Brotli, gzip and plain copies apart.
      reply.header('Vary', 'Accept-Encoding');
    },
  });

  /**
   * Pages of the marketplace's own host that no row went into, as sent, by language, scheme,
   * host and path: everything they are made of. Such a page is the same until the app is built
   * and started again, and the home page is what most visits open first (and, on PGlite, it
   * shares the API's thread with the database's answers). Oldest out first beyond KEPT_PAGES.
   */
  const keptPages = new Map<string, KeptPage>();
  const keep = (key: string, page: KeptPage) => setKeepingAtMost(keptPages, key, page, KEPT_PAGES);
  const sendKept = (reply: FastifyReply, page: KeptPage) =>
    sendWithCompressedCopies(reply.status(page.status).type('text/html; charset=utf-8'), page.copies);

  return {
    async sendPage(request, reply) {
      // The page differs by host (the site in it, the redirect): a cache keeps hosts apart, and
      // asks again every time, so a shop's new name or domain shows on the next load.
      // The page also differs by its language (`<html lang>`, the catalogue preloaded): the
      // cookie of a choice made, else the browser's Accept-Language.
      reply.header('Cache-Control', 'no-cache').header('Vary', 'Host, Cookie, Accept-Language');
      const language = pageLanguage(request);
      const pathname = request.url.split('?')[0] ?? '/';
      // request.host keeps its port, and the scheme is the request's protocol as the links take it.
      const key = `${language} ${request.protocol} ${request.host} ${pathname}`;
      let site: Site;
      try {
        site = await sites.resolve(request.host);
      } catch (error) {
        // Only a seller's domain needs the database; without it the page still loads and asks
        // /api/users/domain_seller/{host} itself, as it does on the development server.
        request.log.error({ err: error }, 'The site of a host could not be resolved.');
        return reply
          .type('text/html; charset=utf-8')
          .send(withLanguage(`${beforeSite}${chunks.languageTags(language)}${afterSite}`, language));
      }
      const kept = site.kind === 'marketplace' ? keptPages.get(key) : undefined;
      if (kept) return sendKept(reply, kept);
      // An admin screen or another seller's storefront on a seller's domain: the marketplace's.
      const elsewhere = mainHostPath(request.url, site);
      if (elsewhere !== null) return reply.redirect(`${canonicalOrigin(request, sites.mainHosts)}${elsewhere}`, 302);
      const script =
        chunks.languageTags(language) +
        chunks.preloadTags(pathname, site.kind === 'shop') +
        siteScript({ site, host: normaliseHost(request.host), mainHost });
      let page: Awaited<ReturnType<PageDescriber>> = { status: 200, head: null };
      if (describe) {
        try {
          page = await describe(request, site, pathname);
        } catch (error) {
          // Without the tags the page still works: the SPA reads its data itself.
          request.log.error({ err: error }, 'The tags of a page could not be read.');
        }
      }
      if (page.status === 302) return reply.redirect(`${canonicalOrigin(request, sites.mainHosts)}${request.url}`, 302);
      // A 404 still carries the SPA, which shows its not-found page.
      const body =
        page.head === null ? `${beforeSite}${script}${afterSite}` : `${beforeTags}${page.head}${script}${afterSite}`;
      const sent: KeptPage = { status: page.status, copies: { body: withLanguage(body, language) } };
      // A page whose tags could not be read (the default above) is not kept.
      if (site.kind === 'marketplace' && page.readNothing) keep(key, sent);
      return sendKept(reply, sent);
    },
  };
}

/** index.html without its default <title> and meta description, which a described page replaces. */
export function withoutDefaultHead(html: string): string {
  return html.replace(/<title>[^<]*<\/title>\s*/i, '').replace(/<meta\s+name="description"[^>]*>\s*/i, '');
}

/**
 * The page with `<html lang>` naming the visitor's chosen UI language. The default leaves a page
 * without a lang as it is (index.html itself says `lang="en"`).
 */
export function withLanguage(html: string, language: Language): string {
  return html.replace(/<html\b[^>]*>/i, (tag) => {
    if (/\blang=/i.test(tag)) return tag.replace(/\blang="[^"]*"/i, `lang="${language}"`);
    return language === DEFAULT_LANGUAGE ? tag : tag.replace(/^<html/i, `<html lang="${language}"`);
  });
}
