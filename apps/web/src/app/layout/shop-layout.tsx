import type { PublicSeller } from '@torget/shared/api-types.generated';
import { Suspense, useRef } from 'react';
import { Outlet, useLocation } from 'react-router';
import { ErrorBoundary } from '#web/components/error-boundary.tsx';
import { LoadingBox } from '#web/components/loading-box.tsx';
import { ShopFooter } from '#web/components/shop-footer.tsx';
import { useNewPageStart } from '#web/hooks/use-new-page-start.ts';
import { mainHostUrl } from '#web/lib/hosts.ts';
import { shopStyle } from '#web/lib/shop-style.ts';
import { useTranslation } from '#web/lib/use-translation.ts';
import { RouteError } from '../routes/route-error';
import { ShopHeader } from './shop-header';
import './shop-layout.css';

/** The storefront's own paths: its banner shows the shop's subtitle, so the header leaves it out. */
function isStorefront(pathname: string): boolean {
  return pathname === '/' || pathname.startsWith('/seller/');
}

/**
 * Every page on a seller's own domain: the shop's header (logo, name, subtitle, search
 * of the shop's products, account menu, cart) and footer around the page, in the shop's colours,
 * so the shop reads as the seller's own site from the first paint to the order page.
 */
export function ShopLayout({ seller }: { seller: PublicSeller }) {
  const { t } = useTranslation();
  const { pathname } = useLocation();

  const mainRef = useRef<HTMLElement>(null);
  useNewPageStart(pathname, mainRef);

  const storefront = isStorefront(pathname);
  return (
    <div className="app shop-app" style={shopStyle(seller.seller)}>
      <a href="#main" className="skip-link">
        {t('Skip to content')}
      </a>
      <ShopHeader seller={seller} showSubtitle={!storefront} />
      <main ref={mainRef} id="main" className={storefront ? 'shop-main is-storefront' : 'shop-main'} tabIndex={-1}>
        {/* A crash or a failed chunk load shows inside the layout, so the header stays usable. */}
        <ErrorBoundary resetKey={pathname} fallback={(error) => <RouteError error={error} />}>
          <Suspense fallback={<LoadingBox />}>
            <Outlet />
          </Suspense>
        </ErrorBoundary>
      </main>
      <ShopFooter seller={seller}>
        <p className="shop-footer-marketplace">
          {t('A shop on ')}
          <a href={mainHostUrl('/')}>{t('the Torget marketplace')}</a>
        </p>
      </ShopFooter>
    </div>
  );
}
