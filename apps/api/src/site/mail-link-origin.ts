/**
 * The origin (scheme://host[:port]) that links in outgoing mail point at.
 *
 * People trust a link in a mail from us, so no part of it is taken from the request: a visitor
 * could send `Host: evil.example`, `Host: localhost:31337` or `X-Forwarded-Host`, ask for a
 * password reset for someone else's e-mail, and the real reset mail would carry the token to
 * their server. The host is the marketplace's public origin (PUBLIC_URL, on its main hosts), or
 * for an order placed on a seller's own domain that shop's domain as stored now.
 *
 * The scheme is https, whatever PUBLIC_URL says, unless the marketplace itself is served over
 * http on a local host (development, the e2e suite: localhost, 127.0.0.1, *.localhost, *.test)
 * and the link's host is local too; only then does the link keep http and PUBLIC_URL's port. A
 * mail read on a phone must never send its reader over plain http to a public name.
 */

/** Names that never leave the machine (RFC 6761's reserved `localhost` and `test`, loopback). */
export function isLocalHost(hostname: string): boolean {
  const name = hostname.toLowerCase().replace(/\.$/, '');
  return (
    name === 'localhost' ||
    name.endsWith('.localhost') ||
    name.endsWith('.test') ||
    name === '[::1]' ||
    /^127(\.\d{1,3}){3}$/.test(name)
  );
}

/** The origin of `host` (a host name without a port) as a mail links to it. */
function linkOriginFor(config: { publicUrl: string }, host: string): string {
  const marketplace = new URL(config.publicUrl);
  const local = marketplace.protocol === 'http:' && isLocalHost(marketplace.hostname) && isLocalHost(host);
  if (local) return `http://${host}${marketplace.port ? `:${marketplace.port}` : ''}`;
  // A port given for https is kept; an http port means nothing to https.
  const port = marketplace.protocol === 'https:' && marketplace.port ? `:${marketplace.port}` : '';
  return `https://${host}${port}`;
}

/**
 * The marketplace's links: accounts (password reset, seller approval, payout mails) belong to the
 * marketplace, whichever site the request came from: a reset link carries a secret, and the
 * password is the marketplace's, not the shop's.
 */
export function mailLinkOrigin(config: { publicUrl: string }): string {
  return linkOriginFor(config, new URL(config.publicUrl).hostname);
}

/**
 * The origin of an order's mail links: the shop's own domain when the order was placed there
 * (the buyer signed in on that site, and their session is that site's), else the marketplace's.
 * The domain is the one stored on the shop now, never a request's host, so a shop that gave its
 * domain up sends its buyers to the marketplace.
 */
export function orderLinkOrigin(config: { publicUrl: string }, shopDomain: string | null): string {
  return shopDomain ? linkOriginFor(config, shopDomain) : mailLinkOrigin(config);
}
