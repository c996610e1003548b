/**
 * What a described page says about itself in <head>: title, description, canonical URL, Open
 * Graph and Twitter card tags, and JSON-LD. Pure, so the escaping is tested without a server.
 */
import { scriptSafeJson } from '#api/site/site-page.ts';

export interface PageMeta {
  title: string;
  description: string;
  /** Absolute URL of the page's one address (the seller's domain for its own shop's pages). */
  canonical: string;
  /** Absolute URL of the product's or shop's picture, when it has one. */
  image?: string;
  /**
   * The picture the page shows first (the product page's main image), preloaded from the HTML so
   * the browser need not wait for the app and its data to find it (the page's largest paint).
   */
  preloadImage?: { href: string; srcset: string; sizes: string };
  /** Open Graph type: a product page is 'product', every other page 'website'. */
  ogType: 'website' | 'product';
  /** The site's name in link previews (the shop's name on its own domain). */
  siteName: string;
  /** schema.org objects, each written as its own JSON-LD element. */
  jsonLd: readonly object[];
}

const HTML_ESCAPES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' };

/** Text made safe for an HTML attribute value (double-quoted) or element text. */
export function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => HTML_ESCAPES[c] ?? c);
}

const ENTITIES: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', '#39': "'", nbsp: ' ' };

/**
 * A description fit for a meta tag: plain text on one line, at most `max` characters. Product and
 * shop descriptions are rich text (sanitised HTML), so their tags go and their few entities are
 * read back; the result is escaped again where it is written.
 */
export function shortText(text: string, max = 160): string {
  const plain = text
    .replace(/<[^>]*>/g, ' ')
    .replace(/&(amp|lt|gt|quot|#39|nbsp);/g, (_, name: string) => ENTITIES[name] ?? '');
  const oneLine = plain.replace(/\s+/g, ' ').trim();
  return oneLine.length <= max ? oneLine : `${oneLine.slice(0, max - 1).trimEnd()}…`;
}

/** The tags of a page, to be written at the end of <head> in place of the default title and description. */
export function headTags(meta: PageMeta): string {
  const attr = escapeHtml;
  const tags = [
    `<title>${attr(meta.title)}</title>`,
    `<meta name="description" content="${attr(meta.description)}">`,
    `<link rel="canonical" href="${attr(meta.canonical)}">`,
    `<meta property="og:type" content="${meta.ogType}">`,
    `<meta property="og:site_name" content="${attr(meta.siteName)}">`,
    `<meta property="og:title" content="${attr(meta.title)}">`,
    `<meta property="og:description" content="${attr(meta.description)}">`,
    `<meta property="og:url" content="${attr(meta.canonical)}">`,
    `<meta property="og:locale" content="sv_SE">`,
    `<meta name="twitter:card" content="${meta.image ? 'summary_large_image' : 'summary'}">`,
    `<meta name="twitter:title" content="${attr(meta.title)}">`,
    `<meta name="twitter:description" content="${attr(meta.description)}">`,
  ];
  if (meta.image) {
    tags.push(
      `<meta property="og:image" content="${attr(meta.image)}">`,
      `<meta name="twitter:image" content="${attr(meta.image)}">`,
    );
  }
  if (meta.preloadImage) {
    const { href, srcset, sizes } = meta.preloadImage;
    tags.push(
      `<link rel="preload" as="image" href="${attr(href)}" imagesrcset="${attr(srcset)}" imagesizes="${attr(sizes)}" fetchpriority="high">`,
    );
  }
  for (const data of meta.jsonLd) {
    // JSON-LD is data, not script (the Content-Security-Policy runs no inline script); every '<'
    // is escaped so a hostile name cannot close the element.
    tags.push(`<script type="application/ld+json">${scriptSafeJson(data)}</script>`);
  }
  return tags.join('');
}
