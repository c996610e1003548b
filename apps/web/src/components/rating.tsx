import { useTranslation } from '#web/lib/use-translation.ts';
import './rating.css';

interface RatingProps {
  /** 0 to 5, halves shown as half stars. */
  value: number;
  /**
   * When given, the review count follows the stars: the spec's '{numReviews} reviews', and
   * '1 review' for one (i18next plural rules; docs/decisions/039-svenska-english-i18next.md).
   */
  numReviews?: number;
}

type StarFill = 'full' | 'half' | 'empty';

function starFills(value: number): StarFill[] {
  const rounded = Math.round(Math.min(5, Math.max(0, value)) * 2) / 2;
  return [1, 2, 3, 4, 5].map((star) => (rounded >= star ? 'full' : rounded >= star - 0.5 ? 'half' : 'empty'));
}

/** Stars for a rating, read out as e.g. '4.5 stars'. */
export function Rating({ value, numReviews }: RatingProps) {
  const { t } = useTranslation();
  const shown = Number.isFinite(value) ? Number(value.toFixed(1)) : 0;
  return (
    <div className="rating">
      <span className="stars" role="img" aria-label={t('{{count}} stars', { count: shown })}>
        {starFills(shown).map((fill, index) => (
          // The five stars never reorder, so their position is their identity.
          // biome-ignore lint/suspicious/noArrayIndexKey: fixed list of five
          <span key={index} className={`star star-${fill}`} aria-hidden="true">
            ★
          </span>
        ))}
      </span>
      {numReviews !== undefined && (
        <span className="rating-count">{t('{{count}} reviews', { count: numReviews })}</span>
      )}
    </div>
  );
}
