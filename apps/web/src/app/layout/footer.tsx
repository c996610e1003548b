import { Link } from 'react-router';
import './footer.css';

/** Site footer: the 2021 copyright and the company's postal address in Sweden (spec section 1). */
export function Footer() {
  return (
    <footer className="site-footer">
      <div className="footer-inner">
        <div>
          <p className="footer-brand">© 2021 Torget</p>
          <address>Torget AB, Drottninggatan 12, 111 51 Stockholm, Sverige</address>
        </div>
        <nav aria-label="Footer">
          <ul className="footer-links">
            <li>
              <Link to="/about">About</Link>
            </li>
            <li>
              <Link to="/categories">Categories</Link>
            </li>
            <li>
              <Link to="/seller_info_1">Become Seller</Link>
            </li>
            <li>
              <Link to="/privacy">Privacy</Link>
            </li>
          </ul>
        </nav>
      </div>
    </footer>
  );
}
