import { Link } from 'react-router';
import { useDocumentTitle } from '#web/hooks/use-document-title.ts';
import { useTranslation } from '#web/lib/use-translation.ts';
import { SiteText } from '../components/site-text';
import '../info.css';

/** /seller_info_1: why sell on Torget (become_seller_text_1), then on to the plans. */
export function SellerInfo1Page() {
  const { t } = useTranslation();
  useDocumentTitle(t('Become Seller'));
  return (
    <section className="page info-page">
      <h1>{t('Become Seller')}</h1>
      <SiteText field="become_seller_text_1">
        <p className="button-row">
          <Link to="/" className="button button-secondary">
            Till startsida
          </Link>
          <Link to="/seller_info_2" className="button">
            Bli säljare
          </Link>
        </p>
      </SiteText>
    </section>
  );
}
