/** Signing test users in through the real endpoint, for tests that call guarded routes. */
import type { SignedInUser } from '@torget/shared/api-types.generated';
import type { App } from '#api/app.ts';
import { FIXTURE_PASSWORD } from './fixtures';

let addressCounter = 0;

/** Signs in from a fresh client address each time, so sign-in rate limits never interfere. */
export async function signInAs(app: App, email: string, password = FIXTURE_PASSWORD): Promise<SignedInUser> {
  addressCounter++;
  const res = await app.inject({
    method: 'POST',
    url: '/api/users/signin',
    payload: { email, password },
    remoteAddress: `10.200.${Math.floor(addressCounter / 250)}.${addressCounter % 250}`,
  });
  if (res.statusCode !== 200) throw new Error(`sign-in of ${email} failed: ${res.statusCode} ${res.body}`);
  return res.json();
}

export const bearer = (token: string) => ({ authorization: `Bearer ${token}` });
