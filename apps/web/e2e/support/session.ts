import { type APIRequestContext, expect, type Page } from '@playwright/test';
import type { SignedIn } from './sign-in';

/**
 * Sessions of users a test makes itself (sign-in.ts covers the seeded accounts, signing each in
 * once). Here nothing is cached, so a user whose roles changed signs in again for a fresh answer.
 */

export interface NewUser extends SignedIn {
  email: string;
  password: string;
}

const unique = () => `${Date.now()}-${Math.random().toString(36).slice(2, 8)}`;

/** POST /api/users/register with a unique e-mail: the new user with a token, and the password. */
export async function registerByApi(request: APIRequestContext, name: string): Promise<NewUser> {
  const email = `${name.toLowerCase().replace(/\W+/g, '-')}-${unique()}@example.se`;
  const password = 'hemligt-lösen-1';
  const response = await request.post('/api/users/register', { data: { name, email, password } });
  expect(response.status(), await response.text()).toBe(201);
  return { ...((await response.json()) as SignedIn), email, password };
}

/** POST /api/users/signin, uncached: the user as the server sees them now. */
export async function signInFresh(request: APIRequestContext, email: string, password: string): Promise<SignedIn> {
  const response = await request.post('/api/users/signin', { data: { email, password } });
  expect(response.ok(), await response.text()).toBe(true);
  return (await response.json()) as SignedIn;
}

/**
 * Starts a session the way the web app does, by storing the sign-in answer as `userInfo`. It is
 * written once, before the page's next navigation; later navigations keep what the app stored
 * since (profile updates rewrite userInfo).
 */
export async function startSession(page: Page, user: SignedIn): Promise<void> {
  await page.addInitScript(
    ([userInfo, marker]) => {
      if (window.sessionStorage.getItem(marker)) return;
      window.sessionStorage.setItem(marker, '1');
      window.localStorage.setItem('userInfo', userInfo);
    },
    [JSON.stringify(user), `e2e-session-${unique()}`] as const,
  );
}

/**
 * The seller application (`/become_seller/{plan}`) sent as the web app sends it, for tests that
 * need an applicant without going through the form. `fields` replaces any of the shop fields.
 */
export async function applyToSellByApi(
  request: APIRequestContext,
  user: { _id: string; token: string },
  plan: '1' | '2',
  fields: Record<string, string> = {},
): Promise<void> {
  const applied = await request.put('/api/users/profile', {
    headers: { Authorization: `Bearer ${user.token}` },
    data: {
      userId: user._id,
      wants_to_be_seller: true,
      seller_plan: plan,
      seller_name: 'Sökandes butik',
      seller_address: 'Storgatan 1',
      seller_post_number: '753 20',
      seller_city: 'Uppsala',
      seller_phone: '018-12 34 56',
      seller_organisation_number: '556123-4567',
      seller_type: 'business',
      seller_legal_name: 'Sökandes butik AB',
      seller_self_certified: true,
      ...fields,
    },
  });
  expect(applied.ok(), await applied.text()).toBe(true);
}
