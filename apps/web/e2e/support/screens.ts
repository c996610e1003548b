import { readFileSync } from 'node:fs';
import { type Browser, type BrowserContext, expect, type Page, type Request } from '@playwright/test';
import { productNamed } from './catalog';
import { placeOrderByApi } from './checkout';
import { ACCOUNTS, type Account, signInByApi } from './sign-in';

/**
 * Every screen of the app, each with the route of the router (apps/web/src/app/router.tsx) it
 * shows and who looks at it. The accessibility and tap-target specs walk this list; a test there
 * fails when the router has a route that no screen here shows, so a new route is one new line here.
 */

/** Who looks: a signed-out shopper, a signed-in one (the demo customer), a seller (Anna), the admin. */
export type Viewer = 'visitor' | 'shopper' | 'seller' | 'admin';

export const VIEWERS: Viewer[] = ['visitor', 'shopper', 'seller', 'admin'];

export const VIEWER_ACCOUNTS: Record<Viewer, Account | null> = {
  visitor: null,
  shopper: ACCOUNTS.customer,
  seller: ACCOUNTS.anna,
  admin: ACCOUNTS.admin,
};

/** The demo data the screens' paths name. */
export interface DemoIds {
  /** A product of Anna's shop. */
  productId: string;
  sellerId: string;
  /** The customer's order of that product. */
  orderId: string;
  customerId: string;
}

export interface Screen {
  /** The router's path pattern this screen shows ('*' for the not-found page). */
  route: string;
  viewer: Viewer;
  path: (ids: DemoIds) => string;
  /**
   * Run after the screen is checked, to move the journey on (the checkout steps store what the
   * next step needs). Language-neutral: it finds its controls by role and type, not by text.
   */
  after?: (page: Page) => Promise<void>;
}

const submit = (page: Page) => page.getByRole('main').locator('form button[type="submit"]').last().click();

/** In the order each viewer visits them (the checkout steps build on each other). */
export const SCREENS: Screen[] = [
  // Signed out.
  { route: '/', viewer: 'visitor', path: () => '/' },
  { route: '/seller/:id', viewer: 'visitor', path: (ids) => `/seller/${ids.sellerId}` },
  {
    route: '/seller/:id/pageNumber/:pageNumber',
    viewer: 'visitor',
    path: (ids) => `/seller/${ids.sellerId}/pageNumber/1`,
  },
  { route: '/product/:id', viewer: 'visitor', path: (ids) => `/product/${ids.productId}` },
  { route: '/cart/:id?/:qty?', viewer: 'visitor', path: () => '/cart' },
  { route: '/signin', viewer: 'visitor', path: () => '/signin' },
  { route: '/register', viewer: 'visitor', path: () => '/register' },
  { route: '/forgot_password', viewer: 'visitor', path: () => '/forgot_password' },
  { route: '/reset_password/:token', viewer: 'visitor', path: () => '/reset_password/not-a-real-token' },
  { route: '/search/name/:name?', viewer: 'visitor', path: () => '/search/name/tröja' },
  { route: '/search/category/:category', viewer: 'visitor', path: () => '/search/category/Kläder' },
  { route: '/search/category/:category/name/:name', viewer: 'visitor', path: () => '/search/category/all/name/tröja' },
  {
    route: '/search/category/:category/name/:name/min/:min/max/:max/rating/:rating/order/:order/pageNumber/:pageNumber',
    viewer: 'visitor',
    path: () => '/search/category/all/name/all/min/100/max/900/rating/0/order/lowest/pageNumber/1',
  },
  { route: '/categories', viewer: 'visitor', path: () => '/categories' },
  { route: '/seller_info_1', viewer: 'visitor', path: () => '/seller_info_1' },
  { route: '/seller_info_2', viewer: 'visitor', path: () => '/seller_info_2' },
  { route: '/about', viewer: 'visitor', path: () => '/about' },
  { route: '/privacy', viewer: 'visitor', path: () => '/privacy' },
  { route: '/privacy_policy', viewer: 'visitor', path: () => '/privacy_policy' },
  { route: '/ranking', viewer: 'visitor', path: () => '/ranking' },
  { route: '/reviews_policy', viewer: 'visitor', path: () => '/reviews_policy' },
  { route: '*', viewer: 'visitor', path: () => '/no-such-page' },

  // Signed in as a shopper: the public screens that change with a session, then the checkout.
  { route: '/', viewer: 'shopper', path: () => '/' },
  { route: '/product/:id', viewer: 'shopper', path: (ids) => `/product/${ids.productId}` },
  { route: '/cart/:id?/:qty?', viewer: 'shopper', path: (ids) => `/cart/${ids.productId}/1` },
  { route: '/shipping', viewer: 'shopper', path: () => '/shipping', after: submit },
  {
    route: '/payment',
    viewer: 'shopper',
    path: () => '/payment',
    after: async (page) => {
      await page.getByRole('main').getByRole('radio').first().check();
      await submit(page);
    },
  },
  { route: '/placeorder', viewer: 'shopper', path: () => '/placeorder' },
  { route: '/map', viewer: 'shopper', path: () => '/map' },
  { route: '/order/:id', viewer: 'shopper', path: (ids) => `/order/${ids.orderId}` },
  { route: '/orderhistory', viewer: 'shopper', path: () => '/orderhistory' },
  { route: '/favourites', viewer: 'shopper', path: () => '/favourites' },
  { route: '/profile', viewer: 'shopper', path: () => '/profile' },
  { route: '/become_seller/:plan', viewer: 'shopper', path: () => '/become_seller/1' },
  { route: '/seller_application', viewer: 'shopper', path: () => '/seller_application' },
  { route: '/order/:id/withdrawal_form', viewer: 'shopper', path: (ids) => `/order/${ids.orderId}/withdrawal_form` },

  // Anna, a seller.
  { route: '/my_shop_menu', viewer: 'seller', path: () => '/my_shop_menu' },
  { route: '/productlist/seller', viewer: 'seller', path: () => '/productlist/seller' },
  {
    route: '/productlist/seller/pageNumber/:pageNumber',
    viewer: 'seller',
    path: () => '/productlist/seller/pageNumber/1',
  },
  { route: '/product/:id/edit/seller', viewer: 'seller', path: (ids) => `/product/${ids.productId}/edit/seller` },
  { route: '/orderlist/seller', viewer: 'seller', path: () => '/orderlist/seller' },
  { route: '/order/:id', viewer: 'seller', path: (ids) => `/order/${ids.orderId}` },
  { route: '/seller_profile', viewer: 'seller', path: () => '/seller_profile' },
  { route: '/orderlist/seller/returns', viewer: 'seller', path: () => '/orderlist/seller/returns' },
  {
    route: '/my_shop_statement/:month',
    viewer: 'seller',
    path: () => `/my_shop_statement/${new Date().toISOString().slice(0, 7)}`,
  },

  // The admin.
  { route: '/admin_menu', viewer: 'admin', path: () => '/admin_menu' },
  { route: '/productlist', viewer: 'admin', path: () => '/productlist' },
  { route: '/productlist/pageNumber/:pageNumber', viewer: 'admin', path: () => '/productlist/pageNumber/2' },
  { route: '/product/:id/edit', viewer: 'admin', path: (ids) => `/product/${ids.productId}/edit` },
  { route: '/orderlist', viewer: 'admin', path: () => '/orderlist' },
  { route: '/userlist', viewer: 'admin', path: () => '/userlist' },
  { route: '/user/:id/edit', viewer: 'admin', path: (ids) => `/user/${ids.customerId}/edit` },
  { route: '/admin_settings', viewer: 'admin', path: () => '/admin_settings' },
  { route: '/admin_payments', viewer: 'admin', path: () => '/admin_payments' },
  { route: '/admin_payouts', viewer: 'admin', path: () => '/admin_payouts' },
  { route: '/admin_applications', viewer: 'admin', path: () => '/admin_applications' },
  { route: '/admin_finances', viewer: 'admin', path: () => '/admin_finances' },
  { route: '/admin_reports', viewer: 'admin', path: () => '/admin_reports' },
  { route: '/orderlist/withdrawals', viewer: 'admin', path: () => '/orderlist/withdrawals' },
];

/**
 * The path patterns of every <Route> in the router: `path="…"`, `path={CONSTANT}` (a string
 * constant of the same file), the index route as '/' and the catch-all '*'.
 */
export function routerPaths(): string[] {
  const source = readFileSync(new URL('../../src/app/router.tsx', import.meta.url), 'utf8');
  const paths: string[] = [];
  for (const match of source.matchAll(/<Route\b([^>]*)>/g)) {
    const attributes = match[1] ?? '';
    if (/\bindex\b/.test(attributes)) paths.push('/');
    const literal = /\bpath="([^"]+)"/.exec(attributes)?.[1];
    const constant = /\bpath=\{(\w+)\}/.exec(attributes)?.[1];
    if (literal) paths.push(literal);
    if (constant) {
      const value = new RegExp(`const ${constant}\\s*=\\s*'([^']+)'`).exec(source)?.[1];
      if (!value) throw new Error(`router.tsx: path={${constant}} is not a string constant of the file`);
      paths.push(value);
    }
  }
  return paths;
}

/** Places one Swish order of Anna's striped sweater for the customer, so the order screens have one. */
export async function demoIds(page: Page): Promise<DemoIds> {
  const product = await productNamed(page.request, 'Randig tröja Skärgård');
  const buyer = await signInByApi(page.request, ACCOUNTS.customer);
  const orderId = await placeOrderByApi(page.request, buyer, product._id, 'Swish');
  return { productId: product._id, sellerId: product.seller._id, orderId, customerId: buyer._id };
}

export const LANGUAGES = ['en', 'sv'] as const;
export type UiLanguage = (typeof LANGUAGES)[number];

export const WIDTHS = [
  { name: 'phone', width: 390, height: 844 },
  { name: 'laptop', width: 1366, height: 900 },
] as const;

/**
 * Whether a journey that loops over both languages and both widths runs this pairing. It runs two
 * of the four: Svenska at 390 px and English at 1 366 px, so each language and each width is
 * seen. No screen treats a language differently at one width, and the other two pairings ran
 * the same steps again (docs/decisions/307-browser-test-time.md).
 */
export function paired(language: string, width: number): boolean {
  return (language === 'sv') === width < 1000;
}

/**
 * A browser context for `viewer` in `language` at `size`: the language chosen as the switch
 * chooses it (the torget_lang cookie), the session as the web app stores it (userInfo).
 */
export async function viewerContext(
  browser: Browser,
  baseURL: string,
  page: Page,
  viewer: Viewer,
  language: UiLanguage,
  size: { width: number; height: number },
): Promise<BrowserContext> {
  const context = await browser.newContext({ baseURL, viewport: size, locale: 'en-US' });
  trackApiRequests(context);
  const { hostname } = new URL(baseURL);
  await context.addCookies([{ name: 'torget_lang', value: language, domain: hostname, path: '/' }]);
  const account = VIEWER_ACCOUNTS[viewer];
  if (account) {
    const user = await signInByApi(page.request, account);
    await context.addInitScript((userInfo) => {
      if (!window.localStorage.getItem('userInfo')) window.localStorage.setItem('userInfo', userInfo);
    }, JSON.stringify(user));
  }
  return context;
}

/**
 * Opens `path` as the app's own links do, without loading the page anew (history.pushState and a
 * popstate, which the router follows), once the app is loaded; a fresh page loads it. Saves the
 * bundle's load on each of the hundreds of screens the specs visit.
 */
export async function visit(page: Page, path: string): Promise<void> {
  if (!page.url().startsWith('http')) {
    await page.goto(path);
    return;
  }
  await page.evaluate((to) => {
    window.history.pushState({}, '', to);
    window.dispatchEvent(new PopStateEvent('popstate'));
  }, path);
}

/** The API requests under way in each context (viewerContext counts them for settle). */
const inFlight = new WeakMap<BrowserContext, Set<Request>>();

function trackApiRequests(context: BrowserContext): void {
  const open = new Set<Request>();
  inFlight.set(context, open);
  context.on('request', (request) => {
    if (new URL(request.url()).pathname.startsWith('/api/')) open.add(request);
  });
  context.on('requestfinished', (request) => open.delete(request));
  context.on('requestfailed', (request) => open.delete(request));
}

/**
 * Waits for a screen to settle: its chunk loaded, no API request under way, no loading box, and
 * still so a moment later (a list asks for its data only after its page has rendered). Not
 * 'networkidle', which also waits for every image and costs half a second a screen more.
 */
export async function settle(page: Page): Promise<void> {
  const open = inFlight.get(page.context());
  const quiet = async () =>
    (open === undefined || open.size === 0) && (await page.locator('.loading, [aria-busy="true"]').count()) === 0;
  await expect(page.locator('main')).toBeVisible();
  const stillQuiet = async () => {
    if (!(await quiet())) return false;
    await page.waitForTimeout(150);
    return quiet();
  };
  await expect.poll(stillQuiet, { timeout: 15_000 }).toBe(true);
}
