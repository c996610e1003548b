import { PLAN_CODES } from '@torget/shared/rules/plans';
import { Link } from 'react-router';
import { useDocumentTitle } from '#web/hooks/use-document-title.ts';
import { useTranslation } from '#web/lib/use-translation.ts';
import { PlanCard } from '../components/plan-card';
import { SiteText } from '../components/site-text';
import '../info.css';

/** /seller_info_2: the plans (become_seller_text_2 and a card per plan). */
export function SellerInfo2Page() {
  const { t } = useTranslation();
  useDocumentTitle(t('Become Seller: plans'));
  return (
    <section className="page info-page">
      <h1>{t('Choose a plan')}</h1>
      <SiteText field="become_seller_text_2">
        <ul className="plan-grid">
          {PLAN_CODES.map((code) => (
            <li key={code} className="plan-grid-item">
              <PlanCard code={code} />
            </li>
          ))}
        </ul>
        <p className="button-row">
          <Link to="/" className="button button-secondary">
            Till startsida
          </Link>
        </p>
      </SiteText>
    </section>
  );
}
