/**
 * Origins (scheme://host[:port]) built from a request without trusting it: the scheme only when
 * it is http or https, the port only when it is digits, and the host never (the canonical main
 * host, or a shop's stored domain). Mail links and the marketplace's canonical URLs take none of
 * this: they use the configured public origin (config.publicUrl).
 */
import { canonicalMainHost } from '@torget/shared/rules/hosts';

/**
 * What an origin is made of. Fastify types `protocol` as 'http' | 'https', but behind a trusted
 * proxy it is whatever X-Forwarded-Proto said, so it is taken here as any string. `host` is the
 * Host (or trusted X-Forwarded-Host) header, port included.
 */
export interface OriginSource {
  protocol: string;
  host: string;
}

/** The request's scheme when it is http or https; null otherwise. */
export function requestScheme(request: OriginSource): 'http' | 'https' | null {
  return request.protocol === 'http' || request.protocol === 'https' ? request.protocol : null;
}

/** ':3000' when the request's host names a port (digits only), else ''. */
export function requestPort(request: OriginSource): string {
  const port = /:(\d{1,5})$/.exec(request.host)?.[1];
  return port ? `:${port}` : '';
}

/**
 * The marketplace's canonical origin as seen from a request on another host (a seller's domain):
 * the request's scheme and port, so a storefront redirect stays on the same server in
 * development (http://shop-anna.test:3000 → http://localhost:3000), with the canonical host.
 */
export function canonicalOrigin(request: OriginSource, mainHosts: readonly string[]): string {
  return `${requestScheme(request) ?? 'https'}://${canonicalMainHost(mainHosts)}${requestPort(request)}`;
}
