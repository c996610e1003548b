/**
 * The origin (scheme://host[:port]) that links in outgoing mail point at: the marketplace's
 * public origin as configured (PUBLIC_URL, env.ts), whatever host, port or scheme the request
 * came in with.
 *
 * People trust a link in a mail from us, so no part of it is taken from the request: a visitor
 * could send `Host: evil.example`, `Host: localhost:31337` or `X-Forwarded-Host`, ask for a
 * password reset for someone else's e-mail, and the real reset mail would carry the token to
 * their server. A request on a seller's domain gets the marketplace's links too: a reset link
 * carries a secret, and the password is the marketplace's, not the shop's.
 */
export function mailLinkOrigin(config: { publicUrl: string }): string {
  return config.publicUrl;
}

/**
 * The origin of an order's mail links: the shop's own domain when the order was placed there
 * (the buyer signed in on that site, and their session is that site's), with the scheme and port
 * of the marketplace's public origin (https in production); else the marketplace's. The domain
 * is the one stored on the shop now, never a request's host, so a shop that gave its domain up
 * sends its buyers to the marketplace.
 */
export function orderLinkOrigin(config: { publicUrl: string }, shopDomain: string | null): string {
  if (!shopDomain) return mailLinkOrigin(config);
  const origin = new URL(config.publicUrl);
  return `${origin.protocol}//${shopDomain}${origin.port ? `:${origin.port}` : ''}`;
}
