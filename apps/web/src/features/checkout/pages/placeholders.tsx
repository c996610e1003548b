import { PlaceholderPage } from '../../../components/placeholder-page';

export function ShippingPage() {
  return <PlaceholderPage title="Shipping Address" />;
}

export function PaymentPage() {
  return <PlaceholderPage title="Payment Method" />;
}

export function PlaceOrderPage() {
  return <PlaceholderPage title="Place Order" />;
}

export function MapPage() {
  return <PlaceholderPage title="Confirm address on the map" />;
}
