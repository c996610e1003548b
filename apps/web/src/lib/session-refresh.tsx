/**
 * Keeps the stored session in step with the server (spec section 4: sign-in stores userInfo,
 * then loads the user's details). Roles and the shop can change while a tab is open or between
 * visits: an admin approves or revokes a seller, grants admin. The details are read on every
 * start of the app and again when the tab regains focus, and a difference in what the layout
 * and guards use is written back to `userInfo`, keeping the token. The server decides every
 * action on its own reading of the roles; this only keeps menus and guards truthful.
 */
import { useQuery } from '@tanstack/react-query';
import type { UserDetails } from '@torget/shared/api-types.generated';
import { useEffect } from 'react';
import { userDetailsQueryOptions } from '#web/api/user-details.ts';
import { type SessionUser, saveUserInfo, toSessionUser, useSession } from './session';

/** Whether the details say something else than the session about what the layout shows. */
export function sessionDiffers(session: SessionUser, details: UserDetails): boolean {
  const fresh = toSessionUser({ ...details, token: session.token });
  return fresh !== null && JSON.stringify(fresh) !== JSON.stringify(session);
}

export function SessionRefresh() {
  const { user } = useSession();
  const details = useQuery({
    ...userDetailsQueryOptions(user?._id ?? ''),
    // Fresh on every start of the app; the cache of the last sign-in answer does not count.
    staleTime: 0,
    refetchOnMount: 'always',
    refetchOnWindowFocus: true,
  });
  useEffect(() => {
    if (!user || !details.data || details.data._id !== user._id) return;
    if (sessionDiffers(user, details.data)) saveUserInfo({ ...details.data, token: user.token });
  }, [user, details.data]);
  return null;
}
