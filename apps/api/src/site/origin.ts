/**
 * Origins (scheme://host[:port]) built from a request without trusting it: the scheme only when
 * it is http or https, the port only when it is digits, and the host only when it is one of the
 * marketplace's own (otherwise the canonical main host).
 */
import { canonicalMainHost, isMainHost, normaliseHost } from '@torget/shared/rules/hosts';

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

/** True when the request came in on one of the marketplace's own hosts. */
export function onMainHost(request: OriginSource, mainHosts: readonly string[]): boolean {
  return isMainHost(request.host, mainHosts);
}

/**
 * The marketplace's canonical origin as seen from a request on another host (a seller's domain):
 * the request's scheme and port, so a storefront redirect stays on the same server in
 * development (http://shop-anna.test:3000 → http://localhost:3000), with the canonical host.
 */
export function canonicalOrigin(request: OriginSource, mainHosts: readonly string[]): string {
  return `${requestScheme(request) ?? 'https'}://${canonicalMainHost(mainHosts)}${requestPort(request)}`;
}

/** The request's own origin, normalised; only for requests on a main host. */
export function mainHostOrigin(request: OriginSource): string {
  return `${requestScheme(request) ?? 'https'}://${normaliseHost(request.host)}${requestPort(request)}`;
}
