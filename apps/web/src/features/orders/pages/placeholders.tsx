import { PlaceholderPage } from '../../../components/placeholder-page';

export function OrderPage() {
  return <PlaceholderPage title="Order" />;
}

export function OrderHistoryPage() {
  return <PlaceholderPage title="My outgoing orders" />;
}

export function OrderListPage() {
  return <PlaceholderPage title="Orders" />;
}

export function SellerOrderListPage() {
  return <PlaceholderPage title="My Shop / Orders" />;
}
