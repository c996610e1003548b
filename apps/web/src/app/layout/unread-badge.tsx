import { useQuery } from '@tanstack/react-query';
import { userDetailsQueryOptions } from '#web/api/user-details.ts';
import { useSession } from '#web/lib/session.tsx';
import { useTranslation } from '#web/lib/use-translation.ts';
import './unread-badge.css';

/**
 * The count of unread messages on the user's orders, beside their menu. It comes with their own
 * details (GET /api/users/{id}), which SessionRefresh reads at every start and on focus anyway:
 * no request of its own, and none for a visitor who is not signed in.
 */
export function useUnreadCount(): number {
  const { user } = useSession();
  const count = useQuery(userDetailsQueryOptions(user?._id ?? '')).data?.unreadMessages ?? 0;
  return user ? count : 0;
}

/**
 * The badge inside its button, and the words for it as the button's description (the button
 * names it `aria-describedby={id}` while the count is above 0): the button's name stays what it
 * says, 'Menu' or the user's name, and a screen reader reads the count after it.
 */
export function UnreadBadge({ id, className = 'badge' }: { id: string; className?: string }) {
  const { t } = useTranslation();
  const count = useUnreadCount();
  if (count === 0) return null;
  return (
    <>
      <span className={`${className} unread-count`} aria-hidden="true">
        {count}
      </span>
      <span id={id} hidden>
        {t('{{count}} unread messages', { count })}
      </span>
    </>
  );
}
