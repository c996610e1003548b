import { Link, useLocation } from 'react-router';
import { MessageBox } from '#web/components/message-box.tsx';
import { FeaturedProducts } from '#web/features/catalog/components/featured-products.tsx';
import { DomainStorefront } from '#web/features/sellers/components/domain-storefront.tsx';
import { TopSellers } from '#web/features/sellers/components/top-sellers.tsx';
import { useDocumentTitle } from '#web/hooks/use-document-title.ts';
import { isMainHost } from '#web/lib/hosts.ts';
import { useSession } from '#web/lib/session.tsx';
import { useTranslation } from '#web/lib/use-translation.ts';
import './home.css';

function noticeOf(state: unknown): string | null {
  if (typeof state !== 'object' || state === null || !('notice' in state)) return null;
  return typeof state.notice === 'string' ? state.notice : null;
}

/**
 * Home (spec section 2). On the marketplace: top sellers, a sign-up invitation for visitors and
 * the featured products. On any other host: that domain's seller's storefront.
 */
export function HomePage() {
  const { t } = useTranslation();
  useDocumentTitle();
  const { user } = useSession();
  // A page that sends the visitor here may hand over a notice (a deleted account's).
  const notice = noticeOf(useLocation().state);
  if (!isMainHost()) return <DomainStorefront />;
  return (
    <div className="home">
      <h1 className="visually-hidden">{t('Torget marketplace')}</h1>
      {notice && <MessageBox variant="success">{t(notice)}</MessageBox>}
      <TopSellers />
      {!user && (
        <p className="signup-banner">
          <span>{t('New to Torget? Shop from many Swedish sellers in one place.')}</span>
          <Link to="/register?redirect=/" className="button button-accent">
            {t('Create an account')}
          </Link>
        </p>
      )}
      <FeaturedProducts />
    </div>
  );
}
