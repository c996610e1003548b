import type { SignedInUser } from '@torget/shared/api-types';
import type { AppDeps } from '#api/app-deps.ts';
import { notFound } from '#api/lib/http-errors.ts';
import { findUserDetails } from '#api/modules/users/users.service.ts';

/** The answer of sign-in, registration and a profile change: the user's details and a fresh token. */
export async function signedInAnswer(deps: AppDeps, user: { id: string; tokenVersion: number }): Promise<SignedInUser> {
  const details = await findUserDetails(deps.database.db, user.id);
  if (!details) throw notFound('User Not Found');
  return { ...details, token: await deps.auth.issueToken(user) };
}
