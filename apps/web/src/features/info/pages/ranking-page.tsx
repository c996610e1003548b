import { Link } from 'react-router';
import { useDocumentTitle } from '#web/hooks/use-document-title.ts';
import { useTranslation } from '#web/lib/use-translation.ts';
import '../info.css';
import '../transparency.css';

/**
 * /ranking: how the search results are chosen and ordered, as the catalogue's code does it
 * (apps/api/src/modules/catalog: listed.ts, name-search.ts, list-order.ts). The EU's
 * Omnibus directive asks a marketplace to say what decides the order; change this text when
 * those rules change.
 */
export function RankingPage() {
  const { t } = useTranslation();
  useDocumentTitle(t('How search results are ranked'));
  return (
    <section className="page info-page" aria-labelledby="ranking-heading">
      <h1 id="ranking-heading">{t('How search results are ranked')}</h1>
      <div className="policy-text">
        <p>
          {t(
            'The search shows every published product that matches your words and filters. The order depends only on the sort you choose and, in a search by name, on where your words were found. No seller can pay for a higher place: there are no sponsored or paid places, and a shop’s plan or the fees Torget earns do not move a product up or down.',
          )}
        </p>

        <h2>{t('Which products are shown')}</h2>
        <ul>
          <li>{t('Products of shops that are open. Drafts and the products of closed shops are never shown.')}</li>
          <li>{t('Products that are out of stock are shown too.')}</li>
          <li>
            {t(
              'The filters narrow the list: category, price in SEK (VAT included) and customer rating (for example 4 stars & up).',
            )}
          </li>
        </ul>

        <h2>{t('How a search by name matches')}</h2>
        <ul>
          <li>
            {t(
              'A product is found when every word you typed is in its name, its category, its brand or the beginning of its description, in any order.',
            )}
          </li>
          <li>
            {t(
              'In every sort, the products whose names hold all your words come first; those found through their category, brand or description follow, in the same sort.',
            )}
          </li>
          <li>
            {t(
              'Upper and lower case and accents do not matter (kok finds Kök). Swedish endings are understood (mössor finds Mössa), and a word inside a compound counts (lampa finds Bordslampa).',
            )}
          </li>
          <li>
            {t(
              'Swedish plurals that change the stem are understood (nycklar finds Nyckel), and a word written with or without a hyphen finds both (ebok finds E-bok).',
            )}
          </li>
          <li>
            {t(
              'Typos: only when your words find nothing, a word of five letters or more also finds names with a word close to it (a letter or two wrong), and the search may suggest a word under “Did you mean”.',
            )}
          </li>
          <li>{t('When nothing is found, the search suggests the closest categories.')}</li>
        </ul>

        <h2>{t('The sort orders')}</h2>
        <dl className="policy-terms">
          <dt>{t('Newest Arrivals')}</dt>
          <dd>{t('The products added most recently come first. This is the order unless you choose another.')}</dd>
          <dt>{t('Price: Low to High')}</dt>
          <dd>{t('The lowest price first.')}</dd>
          <dt>{t('Price: High to Low')}</dt>
          <dd>{t('The highest price first.')}</dd>
          <dt>{t('Avg. Customer Reviews')}</dt>
          <dd>
            {t(
              'The highest rating first; products without reviews come last. A product’s rating is the average of its verified-purchase reviews once it has one.',
            )}{' '}
            <Link to="/reviews_policy">{t('How reviews are checked')}</Link>
          </dd>
          <dt>{t('Best match')}</dt>
          <dd>
            {t(
              'Offered when you search by name. Names holding your words as whole words come first, then names where a word begins with them (an inflection), then names where they are part of a word (a compound), then typos, then products found only through their category, brand or description. Among equals, the name closest to what you typed comes first, then the newest.',
            )}
          </dd>
        </dl>
        <p>{t('Products that sort equally keep one fixed order from page to page.')}</p>
      </div>
    </section>
  );
}
