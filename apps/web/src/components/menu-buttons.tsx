import { Link } from 'react-router';

export interface MenuButtonEntry {
  to: string;
  text: string;
}

/** A menu page's row of big link buttons (My Shop, Admin): a named navigation landmark. */
export function MenuButtons({ label, entries }: { label: string; entries: readonly MenuButtonEntry[] }) {
  return (
    <nav aria-label={label}>
      <ul className="menu-buttons">
        {entries.map((entry) => (
          <li key={entry.to}>
            <Link to={entry.to} className="button">
              {entry.text}
            </Link>
          </li>
        ))}
      </ul>
    </nav>
  );
}
