import { useId } from 'react';
import { Link } from 'react-router';
import { DropdownAction, DropdownDisabledItem, DropdownLink, DropdownMenu } from '#web/components/dropdown-menu.tsx';
import { LanguageSwitch } from '#web/components/language-switch.tsx';
import { useCartItems } from '#web/hooks/use-cart-items.ts';
import { adminMenuShows, sellerStatusShows } from '#web/lib/hosts.ts';
import { useSession } from '#web/lib/session.tsx';
import { useTranslation } from '#web/lib/use-translation.ts';
import { PANEL_IDS, type Panel } from './panels';
import { SearchBox } from './search-box';
import { UnreadBadge, useUnreadCount } from './unread-badge';
import { useSignOut } from './use-sign-out';
import './header.css';

interface HeaderProps {
  openPanel: Panel | null;
  onTogglePanel: (panel: Panel) => void;
}

function PanelToggle({
  panel,
  label,
  openPanel,
  onTogglePanel,
  badge,
}: HeaderProps & { panel: Panel; label: string; badge?: boolean }) {
  const unreadId = useId();
  const unread = useUnreadCount() > 0 && badge;
  return (
    <button
      type="button"
      className={`panel-toggle panel-toggle-${panel}`}
      aria-expanded={openPanel === panel}
      aria-controls={PANEL_IDS[panel]}
      onClick={() => onTogglePanel(panel)}
      aria-describedby={unread ? unreadId : undefined}
      data-panel-toggle=""
    >
      <span className="hamburger" aria-hidden="true" />
      <span className="panel-toggle-label">{label}</span>
      {badge && <UnreadBadge id={unreadId} />}
    </button>
  );
}

/**
 * The site header (spec section 2, Layout). On phones a bar above it holds the brand and the two
 * panel toggles and stays at the top of the screen, so either panel can be opened while the other
 * is open; on wide screens the categories sit beside the content and the Menu toggle joins the header.
 */
export function Header(props: HeaderProps) {
  const { t } = useTranslation();
  const { user } = useSession();
  const unreadId = useId();
  const unread = useUnreadCount() > 0;
  const cartCount = useCartItems().length;
  const signOut = useSignOut();
  const showShop = sellerStatusShows(user);
  const showAdmin = adminMenuShows(user);

  return (
    <>
      <div className="mobile-bar">
        <PanelToggle {...props} panel="categories" label={t('Categories')} />
        <Link to="/" className="brand">
          Torget
        </Link>
        {/* On phones the account menu is in the Menu panel: its toggle carries the unread count. */}
        <PanelToggle {...props} panel="menu" label={t('Menu')} badge />
      </div>
      <header className="site-header">
        <div className="header-bar">
          <Link to="/" className="brand">
            Torget
          </Link>
          <SearchBox />
          <nav className="header-nav" aria-label={t('Main')}>
            <DropdownMenu label={t('Info')}>
              <DropdownLink to="/about">{t('About')}</DropdownLink>
              {user?.is_seller ? (
                <DropdownDisabledItem reason={t('You are already a seller')}>{t('Become Seller')}</DropdownDisabledItem>
              ) : (
                <DropdownLink to="/seller_info_1">{t('Become Seller')}</DropdownLink>
              )}
              <DropdownLink to="/privacy">{t('Privacy')}</DropdownLink>
            </DropdownMenu>
            <Link to="/cart" className="cart-link">
              {t('Cart')}
              {cartCount > 0 && (
                <span className="badge">
                  <span className="visually-hidden">{t(', items: ')}</span>
                  {cartCount}
                </span>
              )}
            </Link>
            {user ? (
              <DropdownMenu
                label={
                  <>
                    {user.name || t('Account')}
                    <UnreadBadge id={unreadId} />
                  </>
                }
                describedBy={unread ? unreadId : undefined}
                align="end"
                className="user-menu"
              >
                <DropdownLink to="/profile">{t('User Profile')}</DropdownLink>
                <DropdownLink to="/orderhistory">{t('Order History')}</DropdownLink>
                <DropdownLink to="/favourites">{t('Saved products')}</DropdownLink>
                {user.wants_to_be_seller && !user.is_seller && (
                  <DropdownLink to="/seller_application">{t('Your application')}</DropdownLink>
                )}
                <DropdownAction onSelect={signOut}>{t('Sign Out')}</DropdownAction>
              </DropdownMenu>
            ) : (
              <Link to="/signin">{t('Sign In')}</Link>
            )}
            {showShop && user && (
              <DropdownMenu label={t('My Shop')} align="end">
                <DropdownLink to="/productlist/seller">{t('Products')}</DropdownLink>
                <DropdownLink to="/orderlist/seller">{t('Orders')}</DropdownLink>
                <DropdownLink to={`/seller/${user._id}`}>{t('View shop')}</DropdownLink>
                <DropdownLink to="/seller_profile">{t('Settings')}</DropdownLink>
              </DropdownMenu>
            )}
            {showAdmin && (
              <DropdownMenu label={t('Admin')} align="end">
                <DropdownLink to="/productlist">{t('Products')}</DropdownLink>
                <DropdownLink to="/orderlist">{t('Orders')}</DropdownLink>
                <DropdownLink to="/userlist">{t('Users')}</DropdownLink>
                <DropdownLink to="/admin_settings">{t('Settings')}</DropdownLink>
              </DropdownMenu>
            )}
            <LanguageSwitch />
          </nav>
          <PanelToggle {...props} panel="menu" label={t('Menu')} />
        </div>
      </header>
    </>
  );
}
