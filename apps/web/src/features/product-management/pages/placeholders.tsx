import { PlaceholderPage } from '../../../components/placeholder-page';

export function ProductListPage() {
  return <PlaceholderPage title="Products" />;
}

export function SellerProductListPage() {
  return <PlaceholderPage title="My Shop / Products" />;
}

export function ProductEditPage() {
  return <PlaceholderPage title="Edit Product" />;
}
