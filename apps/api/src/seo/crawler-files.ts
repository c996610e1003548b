/** The texts of robots.txt and the sitemaps (sitemaps.org protocol 0.9). Pure. */

const SITEMAP_NS = 'http://www.sitemaps.org/schemas/sitemap/0.9';
const XML_ESCAPES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&apos;' };

/** Text made safe for XML element content (the protocol asks for entity-escaped URLs). */
export function escapeXml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => XML_ESCAPES[c] ?? c);
}

/** A sitemap index: the addresses of its sitemaps. */
export function sitemapIndexXml(sitemaps: readonly string[]): string {
  const entries = sitemaps.map((loc) => `<sitemap><loc>${escapeXml(loc)}</loc></sitemap>`).join('\n');
  return `<?xml version="1.0" encoding="UTF-8"?>\n<sitemapindex xmlns="${SITEMAP_NS}">\n${entries}\n</sitemapindex>\n`;
}

/** A sitemap: the page addresses. */
export function urlSetXml(urls: readonly string[]): string {
  const entries = urls.map((loc) => `<url><loc>${escapeXml(loc)}</loc></url>`).join('\n');
  return `<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="${SITEMAP_NS}">\n${entries}\n</urlset>\n`;
}

/**
 * Screens with nothing for a search engine: the cart and checkout steps, a shopper's profile and
 * orders, admin and seller screens, password links, and the API. Prefixes per RFC 9309; the one
 * wildcard (edit screens under /product/) is one every major crawler reads.
 */
export const DISALLOWED_PATHS: readonly string[] = [
  '/api/',
  '/cart',
  '/shipping',
  '/payment',
  '/placeorder',
  '/map',
  '/order/',
  '/orderhistory',
  '/profile',
  '/reset_password/',
  '/become_seller/',
  '/seller_application',
  '/admin_menu',
  '/admin_settings',
  '/admin_payments',
  '/admin_payouts',
  '/userlist',
  '/user/',
  '/productlist',
  '/orderlist',
  '/product/*/edit',
  '/my_shop_menu',
  '/seller_profile',
];

/** robots.txt for a site whose sitemap index is at `sitemapUrl`. */
export function robotsTxt(sitemapUrl: string): string {
  const rules = DISALLOWED_PATHS.map((path) => `Disallow: ${path}`).join('\n');
  return `User-agent: *\n${rules}\n\nSitemap: ${sitemapUrl}\n`;
}

/** robots.txt of a host that is no site (a domain no shop owns): nothing to crawl. */
export const ROBOTS_TXT_NO_SITE = 'User-agent: *\nDisallow: /\n';
