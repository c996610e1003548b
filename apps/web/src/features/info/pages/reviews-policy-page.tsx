import { Link } from 'react-router';
import { useDocumentTitle } from '#web/hooks/use-document-title.ts';
import { useTranslation } from '#web/lib/use-translation.ts';
import '../info.css';
import '../transparency.css';

/**
 * /reviews_policy: who may review, what "Verified purchase" means and how ratings are counted,
 * as the code does it (modules/catalog/reviews.service.ts, migrations 0017 and 0028, decisions
 * 023 and 120). Change this text when those rules change.
 */
export function ReviewsPolicyPage() {
  const { t } = useTranslation();
  useDocumentTitle(t('How reviews are checked'));
  return (
    <section className="page info-page" aria-labelledby="reviews-policy-heading">
      <h1 id="reviews-policy-heading">{t('How reviews are checked')}</h1>
      <div className="policy-text">
        <h2>{t('Who may write a review')}</h2>
        <ul>
          <li>
            {t('Anyone signed in to an account, once per product. A second review of the same product is refused.')}
          </li>
          <li>
            {t('A seller cannot review their own products, and a product that is not published cannot be reviewed.')}
          </li>
          <li>
            {t(
              'A review is a rating of 1 to 5 stars and a comment. It is shown under the name of the account that wrote it; the name cannot be chosen.',
            )}
          </li>
          <li>{t('One network address may send a limited number of reviews per hour, which stops mass posting.')}</li>
        </ul>

        <h2>{t('Verified purchase')}</h2>
        <p>
          {t(
            'When a review is written, Torget checks its orders: if the writer has a paid or delivered order of the product, the review is marked Verified purchase. A review written before the order was paid stays unmarked. Nobody can set or remove the mark by hand.',
          )}
        </p>

        <h2>{t('How ratings are counted')}</h2>
        <ul>
          <li>
            {t(
              'A product’s rating is the average of its verified-purchase reviews once it has one; until then the average of all its reviews. Reviews by accounts that never bought the product then no longer move it.',
            )}
          </li>
          <li>
            {t(
              'The number of reviews counts them all, and the product page shows them all: verified purchases first, the others under Other reviews.',
            )}
          </li>
          <li>{t('A shop’s rating counts only verified-purchase reviews of its products.')}</li>
          <li>
            {t('The rating is what the sort Avg. Customer Reviews and the rating filter use.')}{' '}
            <Link to="/ranking">{t('How search results are ranked')}</Link>
          </li>
        </ul>

        <h2>{t('What happens to reviews afterwards')}</h2>
        <ul>
          <li>
            {t(
              'Reviews are published at once and are not edited: neither sellers nor Torget’s administrators can change, hide or remove a single review.',
            )}
          </li>
          <li>{t('When a product is deleted, its reviews are deleted with it.')}</li>
          <li>
            {t(
              'When the writer’s account is deleted, the review stays under the name Tidigare kund (former customer).',
            )}
          </li>
        </ul>
      </div>
    </section>
  );
}
