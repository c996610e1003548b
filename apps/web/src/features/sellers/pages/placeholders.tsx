import { Link } from 'react-router';
import { PlaceholderPage } from '../../../components/placeholder-page';

/** /seller/:id — the site header is hidden here, so the page offers its own way back. */
export function StorefrontPage() {
  return (
    <>
      <PlaceholderPage title="Seller storefront" />
      <p>
        <Link to="/">Back to Torget</Link>
      </p>
    </>
  );
}

export function MyShopMenuPage() {
  return <PlaceholderPage title="My Shop" />;
}

export function SellerProfilePage() {
  return <PlaceholderPage title="My Shop / Settings" />;
}

export function BecomeSellerPage() {
  return <PlaceholderPage title="Create Shop" />;
}

export function SellerApplicationPage() {
  return <PlaceholderPage title="Seller application" />;
}
