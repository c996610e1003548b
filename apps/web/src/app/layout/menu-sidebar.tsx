import type { Ref } from 'react';
import { Link } from 'react-router';
import { adminMenuShows, sellerStatusShows } from '#web/lib/hosts.ts';
import { useSession } from '#web/lib/session.tsx';
import { useTranslation } from '#web/lib/use-translation.ts';
import { PANEL_IDS } from './panels';
import { useSignOut } from './use-sign-out';
import './sidebars.css';

interface MenuSidebarProps {
  open: boolean;
  /** The close button: closes and gives focus back to the toggle. */
  onClose: () => void;
  /** A link was followed: closes. */
  onNavigate: () => void;
  ref: Ref<HTMLElement>;
}

/** Right sidebar 'Menu': the user's destinations, depending on role. */
export function MenuSidebar({ open, onClose, onNavigate, ref }: MenuSidebarProps) {
  const { t } = useTranslation();
  const { user } = useSession();
  const signOut = useSignOut();
  const link = (to: string, text: string) => (
    <li>
      <Link to={to} onClick={onNavigate}>
        {text}
      </Link>
    </li>
  );

  return (
    <aside
      ref={ref}
      id={PANEL_IDS.menu}
      className="sidebar sidebar-right"
      aria-label={t('Menu')}
      tabIndex={-1}
      hidden={!open}
    >
      <div className="sidebar-head">
        <h2>{t('Menu')}</h2>
        <button type="button" className="close-button" aria-label={t('Close')} onClick={onClose}>
          <span aria-hidden="true">×</span>
        </button>
      </div>
      {user && <p className="sidebar-user">{t('Signed in as {{name}}', { name: user.name })}</p>}
      <ul className="menu-list">
        {adminMenuShows(user) && link('/admin_menu', t('Admin'))}
        {sellerStatusShows(user) && link('/my_shop_menu', t('My Shop'))}
        {user && link('/profile', t('User Profile'))}
        {user?.wants_to_be_seller && !user.is_seller && link('/seller_application', t('Your application'))}
        {link('/cart', t('Cart'))}
        {user ? (
          <>
            {link('/orderhistory', t('My outgoing orders'))}
            <li>
              <button
                type="button"
                className="link-button"
                onClick={() => {
                  onNavigate();
                  signOut();
                }}
              >
                {t('Sign Out')}
              </button>
            </li>
          </>
        ) : (
          link('/signin', t('Sign In'))
        )}
      </ul>
    </aside>
  );
}
