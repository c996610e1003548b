import { PlaceholderPage } from '../../../components/placeholder-page';

export function ProductPage() {
  return <PlaceholderPage title="Product" />;
}

export function SearchPage() {
  return <PlaceholderPage title="Search results" />;
}
