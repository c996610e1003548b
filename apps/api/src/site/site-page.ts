/**
 * What the resolved site changes about a page: the JSON written into index.html, and which
 * pages opened on a host that is not the marketplace belong on the marketplace's main host
 * instead (another seller's storefront or product, an admin screen). Pure, so it is tested
 * without a server.
 */
import { SITE_ELEMENT_ID, type Site, type SiteInfo } from '@torget/shared/rules/hosts';
import { isAdminPage } from '@torget/shared/rules/page-paths';

/** Characters that must not appear raw inside a <script> element, and their JSON escapes. */
const SCRIPT_UNSAFE: Record<string, string> = {
  '<': '\\u003c',
  '>': '\\u003e',
  '&': '\\u0026',
  '\u2028': '\\u2028',
  '\u2029': '\\u2029',
};

/** JSON that can stand inside a `<script>` element: nothing in it closes the element or opens a comment. */
export function scriptSafeJson(value: unknown): string {
  return JSON.stringify(value).replace(/[<>&\u2028\u2029]/g, (c) => SCRIPT_UNSAFE[c] ?? c);
}

/**
 * The site as a `<script type="application/json">` element. A shop's name or description is the
 * seller's to write: with every `<` escaped (JSON reads `\u003c` back as `<`), nothing in it can
 * close the element or open a comment; the type keeps the browser from running it (and the
 * Content-Security-Policy admits no inline script anyway).
 */
export function siteScript(info: SiteInfo): string {
  return `<script type="application/json" id="${SITE_ELEMENT_ID}">${scriptSafeJson(info)}</script>`;
}

const STOREFRONT_PATH = /^\/seller\/([^/]+)(?:\/pageNumber\/[^/]+)?\/?$/;

/**
 * Spec section 2, Home: a storefront opened by id on a host that is not that seller's own domain
 * (another seller's domain, or a domain no seller owns) belongs on the marketplace. Answers the
 * seller id to send to the marketplace's /seller/{id}, or null when the page stays.
 */
export function foreignStorefrontId(pathname: string, site: Site): string | null {
  if (site.kind === 'marketplace') return null;
  const segment = STOREFRONT_PATH.exec(pathname)?.[1];
  if (segment === undefined) return null;
  let id: string;
  try {
    id = decodeURIComponent(segment);
  } catch {
    // Malformed escapes: the page itself says the seller is not found.
    return null;
  }
  return site.kind === 'shop' && site.seller._id === id ? null : id;
}

/**
 * Where a page opened on `site` belongs on the marketplace's main host, judged by its path
 * alone: on a seller's domain, or a domain no shop owns, an admin screen goes to the same
 * path and query there, and another seller's storefront to the marketplace's /seller/{id}.
 * Answers the path (and query) to send the visitor to on the main host, or null when the page
 * stays. Another seller's product needs its row: see `productBelongsOnMainHost`.
 */
export function mainHostPath(url: string, site: Site): string | null {
  if (site.kind === 'marketplace') return null;
  const pathname = url.split('?')[0] ?? '/';
  if (isAdminPage(pathname)) return url;
  const foreignId = foreignStorefrontId(pathname, site);
  return foreignId === null ? null : `/seller/${encodeURIComponent(foreignId)}`;
}

/**
 * Whether a product of `sellerId` opened on `site` belongs on the marketplace's main host: a
 * seller's domain offers only that seller's products, and a domain no shop owns offers none.
 */
export function productBelongsOnMainHost(site: Site, sellerId: string): boolean {
  if (site.kind === 'marketplace') return false;
  return site.kind === 'unknown' || site.seller._id !== sellerId;
}
