import { PlaceholderPage } from '../../../components/placeholder-page';

export function AboutPage() {
  return <PlaceholderPage title="About" />;
}

export function SellerInfo1Page() {
  return <PlaceholderPage title="Become Seller" />;
}

export function SellerInfo2Page() {
  return <PlaceholderPage title="Become Seller: plans" />;
}

export function PrivacyPage() {
  return <PlaceholderPage title="Privacy" />;
}

export function PrivacyPolicyPage() {
  return <PlaceholderPage title="Privacy policy" />;
}
