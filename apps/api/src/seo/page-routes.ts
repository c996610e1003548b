/**
 * The SPA's routes as the server knows them (apps/web/src/app/router.tsx), so a path no page
 * answers gets HTTP 404 instead of a soft 404, and the pages search engines read are told
 * apart. Keep this list in step with the router: page-routes.test.ts reads the router's source
 * and fails when a route is missing here.
 */
import { ADMIN_PAGE_PATTERNS, routePatternToRegExp } from '@torget/shared/rules/page-paths';

/** Every route pattern of the router, in React Router's syntax (`:param`, `:param?`). */
export const SPA_ROUTE_PATTERNS: readonly string[] = [
  '/',
  '/seller/:id',
  '/seller/:id/pageNumber/:pageNumber',
  '/cart/:id?/:qty?',
  '/product/:id',
  '/signin',
  '/register',
  '/forgot_password',
  '/reset_password/:token',
  '/search/name/:name?',
  '/search/category/:category',
  '/search/category/:category/name/:name',
  '/search/category/:category/name/:name/min/:min/max/:max/rating/:rating/order/:order/pageNumber/:pageNumber',
  '/categories',
  '/seller_info_1',
  '/seller_info_2',
  '/about',
  '/privacy',
  '/privacy_policy',
  '/ranking',
  '/reviews_policy',
  '/shipping',
  '/payment',
  '/placeorder',
  '/map',
  '/order/:id',
  '/order/:id/withdrawal_form',
  '/orderhistory',
  '/profile',
  '/favourites',
  '/become_seller/:plan',
  '/seller_application',
  ...ADMIN_PAGE_PATTERNS,
  '/product/:id/edit/seller',
  '/productlist/seller',
  '/productlist/seller/pageNumber/:pageNumber',
  '/orderlist/seller',
  '/orderlist/seller/returns',
  '/my_shop_menu',
  '/my_shop_statement/:month',
  '/seller_profile',
];

const ROUTE_EXPRESSIONS = SPA_ROUTE_PATTERNS.map(routePatternToRegExp);

/** True when some page of the SPA answers `pathname` (without query). */
export function isKnownPage(pathname: string): boolean {
  return ROUTE_EXPRESSIONS.some((expression) => expression.test(pathname));
}

/** The pages the server describes for search engines and link previews. */
export type DescribedPage =
  | { kind: 'home' }
  | { kind: 'categories' }
  | { kind: 'category'; category: string }
  | { kind: 'product'; id: string }
  | { kind: 'seller'; id: string };

const PRODUCT_PATH = /^\/product\/([^/]+)\/?$/;
const SELLER_PATH = /^\/seller\/([^/]+)(?:\/pageNumber\/[^/]+)?\/?$/;
const CATEGORY_PATH = /^\/search\/category\/([^/]+)\/?$/;

/** A path segment decoded, or null when its escapes are malformed. */
function decodeSegment(segment: string): string | null {
  try {
    return decodeURIComponent(segment);
  } catch {
    return null;
  }
}

/**
 * Which described page `pathname` is, or null for every other page (those keep index.html as
 * it is). A malformed escape in an id gives an id no row has, so the page is a 404.
 */
export function describedPage(pathname: string): DescribedPage | null {
  if (pathname === '/' || pathname === '') return { kind: 'home' };
  if (/^\/categories\/?$/.test(pathname)) return { kind: 'categories' };
  const product = PRODUCT_PATH.exec(pathname)?.[1];
  if (product !== undefined) return { kind: 'product', id: decodeSegment(product) ?? '' };
  const seller = SELLER_PATH.exec(pathname)?.[1];
  if (seller !== undefined) return { kind: 'seller', id: decodeSegment(seller) ?? '' };
  const category = CATEGORY_PATH.exec(pathname)?.[1];
  if (category !== undefined) {
    const decoded = decodeSegment(category);
    // 'all' is the search's "any category" (rules/catalog-query.ts): not a category page.
    return decoded === null || decoded === 'all' ? null : { kind: 'category', category: decoded };
  }
  return null;
}
