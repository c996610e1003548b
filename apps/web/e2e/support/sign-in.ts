import { type APIRequestContext, expect, type Page } from '@playwright/test';

/** The demo accounts of the seed (apps/api/src/seed/seed-data.ts). */
export const ACCOUNTS = {
  admin: { email: 'admin@torget.se', password: 'admin1234' },
  customer: { email: 'kund@torget.se', password: 'kund1234' },
  /** Plan 2, with colours, logo and banner. */
  anna: { email: 'anna@torget.se', password: 'salj1234' },
  /** Plan 1 with exactly five products: cannot create more. */
  sara: { email: 'sara@torget.se', password: 'salj1234' },
  /** Plan 2, paid through PayPal: a year of paid orders booked in the ledger. */
  johan: { email: 'johan@torget.se', password: 'salj1234' },
} as const;

export type Account = (typeof ACCOUNTS)[keyof typeof ACCOUNTS];

export interface SignedIn {
  _id: string;
  name: string;
  token: string;
  [field: string]: unknown;
}

// Sign-in is rate limited per e-mail, so each account signs in once per worker; tokens stay valid.
const signedIn = new Map<string, SignedIn>();

/** POST /api/users/signin: the user object with its token (the value the web app stores as userInfo). */
export async function signInByApi(request: APIRequestContext, account: Account): Promise<SignedIn> {
  const known = signedIn.get(account.email);
  if (known) return known;
  const response = await request.post('/api/users/signin', { data: account });
  expect(response.ok(), `sign-in of ${account.email}`).toBe(true);
  const user = (await response.json()) as SignedIn;
  signedIn.set(account.email, user);
  return user;
}

/**
 * Signs the page in on the marketplace's hosts as the web app does: by storing the sign-in answer
 * as `userInfo`. The token is valid there only; on a seller's domain, sign in there (signInOn).
 */
export async function signIn(page: Page, account: Account): Promise<SignedIn> {
  const user = await signInByApi(page.request, account);
  await page.addInitScript((userInfo) => {
    if (window.location.hostname === 'localhost' || window.location.hostname === '127.0.0.1')
      window.localStorage.setItem('userInfo', userInfo);
  }, JSON.stringify(user));
  return user;
}

/**
 * Signs the page in through the sign-in screen at `origin` (a seller's domain, which the API
 * request context cannot reach by name): a token is valid only on the host it was issued on.
 */
export async function signInOn(page: Page, origin: string, account: Account): Promise<void> {
  await page.goto(`${origin}/signin`);
  await page.getByLabel('Email address').fill(account.email);
  await page.getByLabel('Password').fill(account.password);
  await page.getByRole('button', { name: 'Sign In' }).click();
  await expect(page).not.toHaveURL(/\/signin/);
}

/** The Authorization header of a signed-in user, for setting up data through the API. */
export function bearer(user: SignedIn): Record<string, string> {
  return { Authorization: `Bearer ${user.token}` };
}
