import { PERSONAL_DATA_CATEGORIES } from '@torget/shared/rules/personal-data';
import { useId } from 'react';
import { useTranslation } from '#web/lib/use-translation.ts';

/**
 * What the marketplace stores about a person, why and for how long: generated from the one list
 * the API's export and its schema test also hold to (@torget/shared/rules/personal-data), so it
 * stays true. Shown on /privacy after the admin's own text.
 */
export function StoredDataList() {
  const { t } = useTranslation();
  const headingId = useId();
  return (
    <section className="stored-data" aria-labelledby={headingId}>
      <h2 id={headingId}>{t('What we store and for how long')}</h2>
      <p>
        {t(
          'You can download everything stored about you, or delete your account, from your profile when you are signed in.',
        )}
      </p>
      <ul className="stored-data-list">
        {PERSONAL_DATA_CATEGORIES.map((category) => (
          <li key={category.key} className="stored-data-item">
            <h3>{t(category.name)}</h3>
            <p>{t(category.what)}</p>
            <dl>
              <dt>{t('Why')}</dt>
              <dd>{t(category.purpose)}</dd>
              <dt>{t('How long')}</dt>
              <dd>{t(category.retention)}</dd>
            </dl>
          </li>
        ))}
      </ul>
    </section>
  );
}
