import type { PublicSeller } from '@torget/shared/api-types.generated';
import { type FormEvent, useEffect, useId, useRef, useState } from 'react';
import { Link, useLocation, useNavigate } from 'react-router';
import { DropdownAction, DropdownLink, DropdownMenu } from '#web/components/dropdown-menu.tsx';
import { LanguageSwitch } from '#web/components/language-switch.tsx';
import { ResponsiveImage } from '#web/components/responsive-image.tsx';
import { useCartItems } from '#web/hooks/use-cart-items.ts';
import { sellerStatusShows } from '#web/lib/hosts.ts';
import { useSession } from '#web/lib/session.tsx';
import { useTranslation } from '#web/lib/use-translation.ts';
import { UnreadBadge, useUnreadCount } from './unread-badge';
import { useSignOut } from './use-sign-out';
import './shop-header.css';

/** Line icons (decorative: every control names itself in text). */
function Icon({ name }: { name: 'search' | 'account' | 'cart' | 'shop' }) {
  const paths = {
    search: 'M10.5 17a6.5 6.5 0 1 0 0-13 6.5 6.5 0 0 0 0 13Zm4.7-1.8L20 20',
    account: 'M12 12a4 4 0 1 0 0-8 4 4 0 0 0 0 8Zm-7 8a7 7 0 0 1 14 0',
    cart: 'M3 4h2l2.2 10.2a1 1 0 0 0 1 .8h8.6a1 1 0 0 0 1-.8L19.5 8H6.2M9.5 19.5h.01M16.5 19.5h.01',
    shop: 'M4 9.5 5.5 4h13L20 9.5M4 9.5h16M4 9.5V20h16V9.5M9.5 20v-5h5v5',
  };
  return (
    <svg className="shop-icon" viewBox="0 0 24 24" aria-hidden="true" focusable="false">
      <path d={paths[name]} />
    </svg>
  );
}

/**
 * The shop's search (a plain form, no suggestions): behind a button, as on most shops' own
 * sites; it opens a row under the header. The results page lists only this shop's products,
 * since every catalogue list on a seller's domain is that seller's (api/get-products.ts).
 */
function ShopSearch({ shopName }: { shopName: string }) {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  const [text, setText] = useState('');
  const inputRef = useRef<HTMLInputElement>(null);
  const toggleRef = useRef<HTMLButtonElement>(null);
  const navigate = useNavigate();
  const { pathname } = useLocation();
  const rowId = useId();
  const [openedOn, setOpenedOn] = useState(pathname);
  // A new page closes the search row.
  if (openedOn !== pathname) {
    setOpenedOn(pathname);
    setOpen(false);
  }

  useEffect(() => {
    if (open) inputRef.current?.focus();
  }, [open]);

  function close() {
    setOpen(false);
    toggleRef.current?.focus();
  }

  function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const name = text.trim();
    navigate(name === '' ? '/search/name' : `/search/name/${encodeURIComponent(name)}`);
  }

  return (
    <>
      <button
        ref={toggleRef}
        type="button"
        className="shop-action"
        aria-expanded={open}
        aria-controls={rowId}
        onClick={() => setOpen((current) => !current)}
      >
        <Icon name="search" />
        <span className="shop-action-label">{t('Search')}</span>
      </button>
      <search id={rowId} className="shop-search" hidden={!open}>
        <form
          className="shop-search-form"
          onSubmit={onSubmit}
          onKeyDown={(event) => {
            if (event.key === 'Escape') close();
          }}
        >
          <label htmlFor={`${rowId}-input`} className="visually-hidden">
            {t('Search {{name}}', { name: shopName })}
          </label>
          <input
            ref={inputRef}
            id={`${rowId}-input`}
            className="shop-search-input"
            type="search"
            name="q"
            placeholder={t('Search {{name}}', { name: shopName })}
            autoComplete="off"
            enterKeyHint="search"
            value={text}
            onChange={(event) => setText(event.target.value)}
          />
          <button type="submit" className="button">
            {t('Search')}
          </button>
          <button type="button" className="button button-secondary" onClick={close}>
            {t('Close')}
          </button>
        </form>
      </search>
    </>
  );
}

/**
 * The header of a seller's own domain: logo and name (home is the storefront), the subtitle, and
 * on the right search, the account (Sign In, or the user's menu with the spec's items), the
 * spec's My Shop menu for the domain's own seller only, the cart with its badge, and the Svenska /
 * English switch (a shop's visitors choose their language as the marketplace's do). Colours are
 * the shop's footer colours, so header and footer frame the page alike. No admin menu: the spec
 * hides it on any host but the marketplace's.
 */
export function ShopHeader({ seller, showSubtitle }: { seller: PublicSeller; showSubtitle: boolean }) {
  const unreadId = useId();
  const unread = useUnreadCount() > 0;
  const { t } = useTranslation();
  const shop = seller.seller;
  const { user } = useSession();
  const cartCount = useCartItems().length;
  const signOut = useSignOut();
  // The spec's rule: seller status shows for a seller on their own domain, nobody else's.
  const showShop = sellerStatusShows(user);
  const showLogo = shop.has_logo && shop.logo !== '';

  return (
    <header className="shop-header">
      <div className="shop-header-bar">
        <div className="shop-brand">
          <Link to="/" className="shop-brand-link">
            {/* Decorative beside the name, which names the link. */}
            {showLogo && (
              <ResponsiveImage className="shop-brand-logo" src={shop.logo} alt="" sizes="44px" width={44} height={44} />
            )}
            <span className="shop-brand-name">{shop.name}</span>
          </Link>
          {showSubtitle && shop.subtitle !== '' && <p className="shop-brand-subtitle">{shop.subtitle}</p>}
        </div>
        <nav className="shop-nav" aria-label={t('Shop')}>
          <ShopSearch shopName={shop.name} />
          {user ? (
            <DropdownMenu
              label={
                <>
                  <Icon name="account" />
                  <span className="shop-action-label">{user.name || t('Account')}</span>
                  <UnreadBadge id={unreadId} className="shop-unread-count" />
                </>
              }
              describedBy={unread ? unreadId : undefined}
              align="end"
              className="shop-account"
            >
              <DropdownLink to="/profile">{t('User Profile')}</DropdownLink>
              <DropdownLink to="/orderhistory">{t('Order History')}</DropdownLink>
              <DropdownLink to="/favourites">{t('Saved products')}</DropdownLink>
              <DropdownAction onSelect={signOut}>{t('Sign Out')}</DropdownAction>
            </DropdownMenu>
          ) : (
            <Link to="/signin" className="shop-action">
              <Icon name="account" />
              <span className="shop-action-label">{t('Sign In')}</span>
            </Link>
          )}
          {showShop && user && (
            <DropdownMenu
              label={
                <>
                  <Icon name="shop" />
                  <span className="shop-action-label">{t('My Shop')}</span>
                </>
              }
              align="end"
              className="shop-account"
            >
              <DropdownLink to="/productlist/seller">{t('Products')}</DropdownLink>
              <DropdownLink to="/orderlist/seller">{t('Orders')}</DropdownLink>
              <DropdownLink to={`/seller/${user._id}`}>{t('View shop')}</DropdownLink>
              <DropdownLink to="/seller_profile">{t('Settings')}</DropdownLink>
            </DropdownMenu>
          )}
          <Link to="/cart" className="shop-action shop-cart">
            <Icon name="cart" />
            <span className="shop-action-label">{t('Cart')}</span>
            {cartCount > 0 && (
              <span className="shop-cart-count">
                <span className="visually-hidden">{t(', items: ')}</span>
                {cartCount}
              </span>
            )}
          </Link>
          <LanguageSwitch />
        </nav>
      </div>
    </header>
  );
}
