import { useSearchParams } from 'react-router';

/**
 * Where to go after signing in, from a `redirect` query value (spec section 2): '/' when absent;
 * 'shipping' means '/shipping'. Only paths on this site: anything that would leave it (another
 * origin, a scheme, '//host') gives '/'.
 */
export function safeRedirectPath(value: string | null): string {
  const raw = value?.trim() ?? '';
  if (raw === '' || raw.startsWith('//') || raw.includes('\\') || /^[a-z][a-z\d+.-]*:/i.test(raw)) return '/';
  const url = new URL(raw.startsWith('/') ? raw : `/${raw}`, window.location.origin);
  if (url.origin !== window.location.origin) return '/';
  // '/.//host' normalises to '//host', which a browser would read as another origin.
  return `${url.pathname.replace(/^\/+/, '/')}${url.search}${url.hash}`;
}

/** The query text for a `redirect` parameter; slashes stay readable (`?redirect=/profile`). */
export function redirectQuery(path: string): string {
  return encodeURIComponent(path).replace(/%2F/gi, '/');
}

/** The page's safe `redirect` target. */
export function useRedirectTarget(): string {
  const [searchParams] = useSearchParams();
  return safeRedirectPath(searchParams.get('redirect'));
}
