import type { SignedInUser } from '@torget/shared/api-types.generated';
import type { AppDeps } from '#api/app-deps.ts';
import { notFound } from '#api/lib/http-errors.ts';
import { findUserDetails } from '#api/modules/users/users.service.ts';

/**
 * The answer of sign-in, registration and a profile change: the user's details and a fresh
 * token, valid on the host the request came in on (`request.host`; lib/auth.ts).
 */
export async function signedInAnswer(
  deps: AppDeps,
  request: { host: string },
  user: { id: string; tokenVersion: number },
): Promise<SignedInUser> {
  const details = await findUserDetails(deps.database.reader, user.id);
  if (!details) throw notFound('User Not Found');
  return { ...details, token: deps.auth.issueToken(user, request.host) };
}
