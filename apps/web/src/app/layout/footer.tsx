import { Link } from 'react-router';
import { LanguageSwitch } from '#web/components/language-switch.tsx';
import { useTranslation } from '#web/lib/use-translation.ts';
import './footer.css';

/**
 * Site footer: the 2021 copyright and the company's postal address in Sweden (spec section 1),
 * and the pages a marketplace must offer: how results are ranked and how reviews are checked.
 */
export function Footer() {
  const { t } = useTranslation();
  return (
    <footer className="site-footer">
      <div className="footer-inner">
        <div>
          <p className="footer-brand">© 2021 Torget</p>
          <address>Torget AB, Drottninggatan 12, 111 51 Stockholm, Sverige</address>
        </div>
        <nav aria-label={t('Footer')}>
          <ul className="footer-links">
            <li>
              <Link to="/about">{t('About')}</Link>
            </li>
            <li>
              <Link to="/categories">{t('Categories')}</Link>
            </li>
            <li>
              <Link to="/seller_info_1">{t('Become Seller')}</Link>
            </li>
            <li>
              <Link to="/privacy">{t('Privacy')}</Link>
            </li>
            <li>
              <Link to="/ranking">{t('How search results are ranked')}</Link>
            </li>
            <li>
              <Link to="/reviews_policy">{t('How reviews are checked')}</Link>
            </li>
            <li>
              <LanguageSwitch />
            </li>
          </ul>
        </nav>
      </div>
    </footer>
  );
}
