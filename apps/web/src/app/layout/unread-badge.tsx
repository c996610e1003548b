import { useQuery } from '@tanstack/react-query';
import { userDetailsQueryOptions } from '#web/api/user-details.ts';
import { useSession } from '#web/lib/session.tsx';
import { useTranslation } from '#web/lib/use-translation.ts';

/**
 * The count of unread messages on the user's orders, beside their menu. It comes with their own
 * details (GET /api/users/{id}), which SessionRefresh reads at every start and on focus anyway:
 * no request of its own, and none for a visitor who is not signed in.
 */
export function UnreadBadge({ className = 'badge' }: { className?: string }) {
  const { t } = useTranslation();
  const { user } = useSession();
  const count = useQuery(userDetailsQueryOptions(user?._id ?? '')).data?.unreadMessages ?? 0;
  if (!user || count === 0) return null;
  return (
    <span className={`${className} unread-count`}>
      <span aria-hidden="true">{count}</span>
      <span className="visually-hidden">{t('{{count}} unread messages', { count })}</span>
    </span>
  );
}
