import { PlaceholderPage } from '../../../components/placeholder-page';

export function SignInPage() {
  return <PlaceholderPage title="Sign In" />;
}

export function RegisterPage() {
  return <PlaceholderPage title="Create Account" />;
}

export function ForgotPasswordPage() {
  return <PlaceholderPage title="Forgot password" />;
}

export function ResetPasswordPage() {
  return <PlaceholderPage title="Reset password" />;
}

export function ProfilePage() {
  return <PlaceholderPage title="User Profile" />;
}
