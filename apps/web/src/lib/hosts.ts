/**
 * Which site the page runs on. The server resolves it from the request's host and writes it into
 * index.html (`<script type="application/json" id="torget-site">`, apps/api/src/site): the
 * marketplace, a seller's shop (with that seller's public profile), or a domain no shop owns.
 * Where no site was written (the Vite dev server), the shared host rule decides: localhost and
 * 127.0.0.1 are the marketplace, and any other host asks /api/users/domain_seller/{host}.
 */
import type { PublicSeller } from '@torget/shared/api-types.generated';
import {
  ALWAYS_MAIN_HOSTS,
  isMainHost as isMainHostName,
  normaliseHost,
  SITE_ELEMENT_ID,
  type Site,
  type SiteInfo,
} from '@torget/shared/rules/hosts';

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

function isSite(value: unknown): value is Site {
  if (!isRecord(value)) return false;
  if (value.kind === 'marketplace' || value.kind === 'unknown') return true;
  if (value.kind !== 'shop' || !isRecord(value.seller)) return false;
  // The storefront reads the profile as GET /api/users/{id} answers it; its id and shop must be there.
  return typeof value.seller._id === 'string' && value.seller._id !== '' && isRecord(value.seller.seller);
}

/**
 * The site the page's element holds, when it reads as one and was resolved for `hostname`; null
 * otherwise (no element, broken JSON, or a page a cache kept from another host: then the page
 * asks, as if nothing had been written).
 */
export function parseSiteInfo(text: string | null | undefined, hostname: string): SiteInfo | null {
  if (!text) return null;
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    return null;
  }
  if (!isRecord(value) || !isSite(value.site)) return null;
  if (typeof value.host !== 'string' || typeof value.mainHost !== 'string' || value.mainHost === '') return null;
  if (normaliseHost(value.host) !== normaliseHost(hostname)) return null;
  return { site: value.site, host: value.host, mainHost: value.mainHost };
}

/** Whether `hostname` is the marketplace: as the server resolved it, else by the shared rule. */
export function isMarketplace(info: SiteInfo | null, hostname: string): boolean {
  return info ? info.site.kind === 'marketplace' : isMainHostName(hostname, ALWAYS_MAIN_HOSTS);
}

export function currentHostname(): string {
  return normaliseHost(window.location.hostname);
}

// Read once: the element does not change while the page lives.
let pageSite: SiteInfo | null | undefined;

/** The site the server wrote into this page for its host, or null (none written: the dev server). */
export function siteInfo(): SiteInfo | null {
  if (pageSite === undefined) {
    pageSite = parseSiteInfo(document.getElementById(SITE_ELEMENT_ID)?.textContent, currentHostname());
  }
  return pageSite;
}

/** The public profile of the seller whose domain this page is on, when the server wrote it and it is `sellerId`'s. */
export function siteSeller(sellerId: string): PublicSeller | undefined {
  const site = siteInfo()?.site;
  return site?.kind === 'shop' && site.seller._id === sellerId ? site.seller : undefined;
}

/**
 * The marketplace's canonical host, where a storefront opened on a foreign domain goes: as the
 * server wrote it, or localhost when the page carries none (the dev server).
 */
export function canonicalMainHost(): string {
  return siteInfo()?.mainHost ?? 'localhost';
}

/** True on the marketplace itself, false on a seller's own domain (or a domain no shop owns). */
export function isMainHost(): boolean {
  return isMarketplace(siteInfo(), currentHostname());
}

/**
 * Whether seller status applies on this host (spec section 2, Layout): the user is a seller and
 * the site is the main one or the seller's own domain.
 */
export function sellerStatusShows(user: { is_seller: boolean; seller?: { domain?: string } } | null): boolean {
  if (!user?.is_seller) return false;
  const domain = user.seller?.domain?.trim().toLowerCase();
  return isMainHost() || (domain !== undefined && domain !== '' && domain === currentHostname());
}

/** Whether the admin menu applies: an admin on a main host. */
export function adminMenuShows(user: { is_admin: boolean } | null): boolean {
  return user?.is_admin === true && isMainHost();
}

/**
 * The seller whose own domain this page is on, as the server wrote it into the page; undefined on
 * the marketplace, on a domain no shop owns, and where no site was written (the dev server).
 * Read synchronously, so the shop's layout is the first thing painted.
 */
export function domainShop(): PublicSeller | undefined {
  const site = siteInfo()?.site;
  return site?.kind === 'shop' ? site.seller : undefined;
}

/** `path` (with its query) on the marketplace's canonical main host, keeping this page's scheme and port. */
export function mainHostUrl(path: string): string {
  const { protocol, port } = window.location;
  return `${protocol}//${canonicalMainHost()}${port ? `:${port}` : ''}${path}`;
}

/**
 * Whether a product of `sellerId` belongs on the marketplace rather than on this host:
 * a seller's domain offers only that seller's products, a domain no shop owns none. Only where
 * the server wrote the site; the marketplace keeps everything.
 */
export function productBelongsOnMainHost(sellerId: string): boolean {
  const site = siteInfo()?.site;
  if (!site || site.kind === 'marketplace') return false;
  return site.kind === 'unknown' || site.seller._id !== sellerId;
}
