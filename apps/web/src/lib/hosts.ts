/**
 * Which host the page runs on. The marketplace itself answers on its main hosts (localhost and
 * 127.0.0.1 always, plus those the server lists in `<meta name="torget-main-hosts">`); any other
 * host is a seller's own domain.
 */

const ALWAYS_MAIN = ['localhost', '127.0.0.1'];

/** The main hosts, lower-case. */
export function mainHosts(): string[] {
  const content = document.querySelector('meta[name="torget-main-hosts"]')?.getAttribute('content') ?? '';
  const listed = content
    .split(',')
    .map((host) => host.trim().toLowerCase())
    .filter((host) => host !== '');
  return [...new Set([...ALWAYS_MAIN, ...listed])];
}

/**
 * The marketplace's canonical host: the first host the server lists (it lists the configured
 * main hosts first), or localhost when the page carries no list (the dev server).
 */
export function canonicalMainHost(): string {
  const content = document.querySelector('meta[name="torget-main-hosts"]')?.getAttribute('content') ?? '';
  const first = content.split(',')[0]?.trim().toLowerCase();
  return first || 'localhost';
}

export function currentHostname(): string {
  return window.location.hostname.toLowerCase();
}

/** True on the marketplace itself, false on a seller's own domain. */
export function isMainHost(hostname: string = currentHostname()): boolean {
  return mainHosts().includes(hostname.toLowerCase());
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
