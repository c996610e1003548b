import { Link } from 'react-router';
import { MessageBox } from '#web/components/message-box.tsx';
import { useDocumentTitle } from '#web/hooks/use-document-title.ts';
import { adminMenuShows } from '#web/lib/hosts.ts';
import { useSession } from '#web/lib/session.tsx';

const ENTRIES = [
  { to: '/productlist', text: 'Products' },
  { to: '/orderlist', text: 'Orders' },
  { to: '/userlist', text: 'Users' },
  { to: '/admin_settings', text: 'Settings' },
] as const;

/** /admin_menu (spec section 2, Layout): the four admin buttons, on the marketplace's main host only. */
export function AdminMenuPage() {
  useDocumentTitle('Admin');
  const { user } = useSession();
  return (
    <section className="page" aria-labelledby="admin-menu-heading">
      <h1 id="admin-menu-heading">Admin</h1>
      {adminMenuShows(user) ? (
        <nav aria-label="Admin menu">
          <ul className="menu-buttons">
            {ENTRIES.map((entry) => (
              <li key={entry.to}>
                <Link to={entry.to} className="button">
                  {entry.text}
                </Link>
              </li>
            ))}
          </ul>
        </nav>
      ) : (
        <MessageBox>The admin menu is available on the marketplace’s main site only.</MessageBox>
      )}
    </section>
  );
}
