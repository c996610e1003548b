import { Link } from 'react-router';
import { FeaturedProducts } from '../../features/catalog/components/featured-products';
import { DomainStorefront } from '../../features/sellers/components/domain-storefront';
import { TopSellers } from '../../features/sellers/components/top-sellers';
import { useDocumentTitle } from '../../hooks/use-document-title';
import { isMainHost } from '../../lib/hosts';
import { useSession } from '../../lib/session';
import './home.css';

/**
 * Home (spec section 2). On the marketplace: top sellers, a sign-up invitation for visitors and
 * the featured products. On any other host: that domain's seller's storefront.
 */
export function HomePage() {
  useDocumentTitle();
  const { user } = useSession();
  if (!isMainHost()) return <DomainStorefront />;
  return (
    <div className="home">
      <h1 className="visually-hidden">Torget marketplace</h1>
      <TopSellers />
      {!user && (
        <p className="signup-banner">
          <span>New to Torget? Shop from many Swedish sellers in one place.</span>
          <Link to="/register?redirect=/" className="button button-accent">
            Create an account
          </Link>
        </p>
      )}
      <FeaturedProducts />
    </div>
  );
}
