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
