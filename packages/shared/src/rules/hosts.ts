/**
 * Which site a host name is (zod-free, so pages import it without zod). The marketplace answers
 * on its main hosts: those configured (MAIN_HOSTS), plus localhost and 127.0.0.1 always; every
 * other host is a seller's own domain, or no shop at all.
 */
import type { PublicSeller } from '../api-types.generated';

/** Hosts that are always the marketplace's own, whatever is configured. */
export const ALWAYS_MAIN_HOSTS: readonly string[] = ['localhost', '127.0.0.1'];

/**
 * A host name such as shop.example.se: lower-case labels of letters, digits and hyphens, the
 * last one starting with a letter (so an IP address is never a seller's domain).
 */
export const DOMAIN_PATTERN = /^(?=.{1,253}$)([a-z0-9]([a-z0-9-]{0,61}[a-z0-9])?\.)+[a-z]([a-z0-9-]{0,61}[a-z0-9])?$/;

/**
 * A host as a request or a setting gives it, in the form domains are stored in: trimmed,
 * lower-case, without a port and without the trailing dot of a fully qualified name.
 * `Shop.Example.SE.:8080` → `shop.example.se`; an IPv6 literal keeps its brackets.
 */
export function normaliseHost(host: string): string {
  let name = host.trim().toLowerCase();
  if (name.startsWith('[')) {
    // [::1]:3000 → [::1]: the port follows the closing bracket.
    const end = name.indexOf(']');
    return end === -1 ? name : name.slice(0, end + 1);
  }
  // Only a single colon can start a port; a bare IPv6 address has several.
  const colon = name.indexOf(':');
  if (colon !== -1 && colon === name.lastIndexOf(':')) name = name.slice(0, colon);
  return name.endsWith('.') ? name.slice(0, -1) : name;
}

/** The main hosts: the configured ones first (the first is the canonical host), then the always-main ones. */
export function listMainHosts(configured: readonly string[]): string[] {
  const hosts = configured.map(normaliseHost).filter((host) => host !== '');
  return [...new Set([...hosts, ...ALWAYS_MAIN_HOSTS])];
}

/** True when `host` (any case, with or without a port) is one of the marketplace's own. */
export function isMainHost(host: string, mainHosts: readonly string[]): boolean {
  const name = normaliseHost(host);
  return mainHosts.some((main) => normaliseHost(main) === name);
}

/**
 * The marketplace's canonical host: the first main host (the configured ones come first), where
 * a storefront opened on a foreign domain and every mail link point.
 */
export function canonicalMainHost(mainHosts: readonly string[]): string {
  return mainHosts[0] ? normaliseHost(mainHosts[0]) : 'localhost';
}

/** What a host is: the marketplace, a seller's shop (with what its storefront shows), or neither. */
export type Site = { kind: 'marketplace' } | { kind: 'shop'; seller: PublicSeller } | { kind: 'unknown' };

/**
 * What the server writes into index.html (`<script type="application/json" id="torget-site">`):
 * the site, the host it was resolved for, and the canonical main host.
 */
export interface SiteInfo {
  site: Site;
  host: string;
  mainHost: string;
}

/** The id of the element index.html carries the site in. */
export const SITE_ELEMENT_ID = 'torget-site';
