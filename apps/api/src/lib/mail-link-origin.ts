/**
 * The origin (scheme://host[:port]) that links in outgoing mail point at.
 *
 * People trust a link in a mail from us, so its host and scheme are never taken from the
 * request unchecked: a visitor could send `Host: evil.example` or `X-Forwarded-Host`, ask for a
 * password reset for someone else's e-mail, and the real reset mail would carry the token to
 * their site. The link keeps the request's host only when it is one of the marketplace's own
 * hosts, and its scheme only when it is http or https; otherwise it points at the first main
 * host over https.
 */

/**
 * What the link is made of. Fastify types `protocol` as 'http' | 'https', but behind a trusted
 * proxy it is whatever X-Forwarded-Proto said, so it is taken here as any string.
 */
interface OriginSource {
  protocol: string;
  host: string;
  hostname: string;
}

export function mailLinkOrigin(request: OriginSource, mainHosts: readonly string[]): string {
  const scheme = request.protocol === 'http' || request.protocol === 'https' ? request.protocol : 'https';
  const hostname = request.hostname.toLowerCase();
  if (mainHosts.includes(hostname)) {
    // The port, if any, is digits only: nothing else of the request reaches the link.
    const port = /:(\d{1,5})$/.exec(request.host)?.[1];
    return `${scheme}://${hostname}${port ? `:${port}` : ''}`;
  }
  return `https://${mainHosts[0] ?? 'localhost'}`;
}
