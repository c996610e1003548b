import { PlaceholderPage } from '../../../components/placeholder-page';

export function AdminMenuPage() {
  return <PlaceholderPage title="Admin" />;
}

export function AdminSettingsPage() {
  return <PlaceholderPage title="Admin / Settings" />;
}

export function UserListPage() {
  return <PlaceholderPage title="Users" />;
}

export function UserEditPage() {
  return <PlaceholderPage title="Edit User" />;
}
