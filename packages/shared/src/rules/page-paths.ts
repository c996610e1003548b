/**
 * Page paths the server and the web app both need to recognise (zod-free): the route pattern
 * syntax of the web router (`:param`, `:param?`) as a regular expression, and the admin screens,
 * which are never served on a seller's own domain (the spec hides the admin menu there, and the
 * screens themselves are sent to the marketplace's main host).
 */

/** A React Router pattern as a regular expression over a raw (still percent-encoded) path; one trailing slash allowed. */
export function routePatternToRegExp(pattern: string): RegExp {
  if (pattern === '/') return /^\/?$/;
  const body = pattern
    .split('/')
    .slice(1)
    .map((segment) => {
      if (segment.startsWith(':')) return segment.endsWith('?') ? '(?:/[^/]+)?' : '/[^/]+';
      return `/${segment.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}`;
    })
    .join('');
  return new RegExp(`^${body}/?$`);
}

/**
 * The admin-only screens of the router (the routes under its admin guard; the web's
 * router.test.ts keeps the two lists equal). Seller screens such as /productlist/seller are not
 * among them: a seller manages their shop on their own domain too.
 */
export const ADMIN_PAGE_PATTERNS: readonly string[] = [
  '/product/:id/edit',
  '/productlist',
  '/productlist/pageNumber/:pageNumber',
  '/orderlist',
  '/userlist',
  '/user/:id/edit',
  '/admin_menu',
  '/admin_settings',
  '/admin_payments',
  '/admin_payouts',
  '/admin_applications',
  '/admin_finances',
  '/orderlist/withdrawals',
  '/admin_reports',
];

const ADMIN_PAGES = ADMIN_PAGE_PATTERNS.map(routePatternToRegExp);

/** True when `pathname` (without query) is an admin screen. */
export function isAdminPage(pathname: string): boolean {
  return ADMIN_PAGES.some((page) => page.test(pathname));
}
